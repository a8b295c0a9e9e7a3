import type { PlusContext, PlusEntry } from '../chat/plus/types';

/** "+" entries that start a voice or video call (single chats only; issue 6). */
export function useCallEntries(_ctx: PlusContext): PlusEntry[] {
  return [];
}
