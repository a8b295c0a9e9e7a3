import type { Contact } from '@parley/protocol';
import { useCallEntries } from '../../calls/use-call-entries';
import { useMediaEntries } from './use-media-entries';
import { useShareEntries } from './use-share-entries';
import type { PlusContext, PlusEntry } from '../../../ui/plus-entry';

/**
 * Every tile of the chat's "+" panel, in WeChat's order: media, then sharing, then calls.
 * Each group comes from the feature that owns it.
 */
export function useChatPlusEntries(
  conversation: string,
  contact: Contact | undefined,
  myId: number,
  close: () => void,
): PlusEntry[] {
  const ctx: PlusContext = { conversation, contact, myId, close };
  return [...useMediaEntries(ctx), ...useShareEntries(ctx), ...useCallEntries(ctx)];
}
