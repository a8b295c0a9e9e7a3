import { create } from 'zustand';
import type { Message } from '@parley/protocol';

/**
 * The unread mentions of me per group still to be visited, oldest first, as the `atMsgList`
 * push (sent on opening a group) lists them; the "someone mentioned you" pill walks them in turn.
 * No entry: no list is known (the pill asks the server for one).
 */
interface AtListState {
  lists: Record<string, number[]>;
}

export const useAtLists = create<AtListState>(() => ({ lists: {} }));

export function rememberAtList(conversation: string, list: Pick<Message, 'msg_id'>[]): void {
  const ids = list.map((m) => m.msg_id).sort((a, b) => a - b);
  useAtLists.setState((s) => ({ lists: { ...s.lists, [conversation]: ids } }));
}

/** The mention to show next (the oldest not yet visited) and the ones left after it. */
export function nextMention(conversation: string): { target: number; rest: number[] } | null {
  const [target, ...rest] = useAtLists.getState().lists[conversation] ?? [];
  return target === undefined ? null : { target, rest };
}

export function forgetAtList(conversation: string): void {
  useAtLists.setState((s) => ({
    lists: Object.fromEntries(Object.entries(s.lists).filter(([key]) => key !== conversation)),
  }));
}
