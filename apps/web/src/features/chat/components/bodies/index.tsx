import type { MessageType } from '@parley/protocol';
import type { ComponentType } from 'react';
import { CallBody } from './CallBody';
import { ContactBody } from './ContactBody';
import { FileBody } from './FileBody';
import { ImageBody } from './ImageBody';
import { LocationBody } from './LocationBody';
import { PlainBody } from './PlainBody';
import { StickerBody } from './StickerBody';
import { TextBody } from './TextBody';
import { VideoBody } from './VideoBody';
import { VoiceBody } from './VoiceBody';
import type { BodyProps } from '../../../../state/messages/types';

export type { BodyMessage, BodyProps } from '../../../../state/messages/types';

/** One view per message type (PROTOCOL §4.2); each lives in its own file. */
const bodies: Record<Exclude<MessageType, 'event'>, ComponentType<BodyProps>> = {
  text: TextBody,
  emoji: StickerBody,
  image: ImageBody,
  voice: VoiceBody,
  video: VideoBody,
  file: FileBody,
  location: LocationBody,
  contact: ContactBody,
  webrtc: CallBody,
};

/**
 * Types drawn without the bubble background (the content is its own frame). A file is a white
 * card on either side, as in WeChat; inside a bubble, the bubble showed as a strip beside it.
 */
export const bareTypes: ReadonlySet<string> = new Set(['emoji', 'image', 'video', 'file', 'location', 'contact']);

export function MessageBody(p: BodyProps) {
  const Body = (bodies as Record<string, ComponentType<BodyProps> | undefined>)[p.msg.type] ?? PlainBody;
  return <Body {...p} />;
}
