import { create } from 'zustand';
import type { Message } from '@parley/protocol';

/**
 * The unread mentions of me per group, as the `atMsgList` push (sent on opening a group)
 * lists them; the "someone mentioned you" pill jumps to the oldest.
 */
interface AtListState {
  lists: Record<string, number[]>;
}

export const useAtLists = create<AtListState>(() => ({ lists: {} }));

export function rememberAtList(conversation: string, list: Message[]): void {
  useAtLists.setState((s) => ({ lists: { ...s.lists, [conversation]: list.map((m) => m.msg_id) } }));
}

export function forgetAtList(conversation: string): void {
  useAtLists.setState((s) => ({ lists: { ...s.lists, [conversation]: [] } }));
}
