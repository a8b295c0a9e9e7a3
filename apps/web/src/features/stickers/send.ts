import type { QueryClient } from '@tanstack/react-query';
import type { Sticker } from '@parley/protocol';
import { sendRich } from '../../state/messages/api';
import type { StickerSize } from './components/StickerGrid';

/** Sends one of my stickers: an `emoji` message, content = its URL, extends = its size (§4.2). */
export function sendSticker(
  qc: QueryClient,
  conversation: string,
  sticker: Pick<Sticker, 'src'>,
  size?: StickerSize,
): Promise<void> {
  return sendRich(qc, conversation, 'emoji', sticker.src, size ? { width: size.width, height: size.height } : {});
}
