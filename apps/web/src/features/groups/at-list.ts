import { create } from 'zustand';

/**
 * The unread mentions of me per group, as the `atMsgList` push (sent on opening a group)
 * lists them; the "someone mentioned you" pill jumps to the oldest.
 */
interface AtListState {
  lists: Record<string, number[]>;
}

export const useAtLists = create<AtListState>(() => ({ lists: {} }));

/** Message ids (msg_id) out of whatever the push's list holds: numbers or message rows. */
export function msgIdsOf(list: unknown): number[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((x: unknown) => (typeof x === 'number' ? x : typeof x === 'object' && x !== null ? Number((x as { msg_id?: unknown }).msg_id) : NaN))
    .filter((n) => Number.isFinite(n) && n > 0);
}

export function rememberAtList(conversation: string, list: unknown): void {
  useAtLists.setState((s) => ({ lists: { ...s.lists, [conversation]: msgIdsOf(list) } }));
}

export function forgetAtList(conversation: string): void {
  useAtLists.setState((s) => ({ lists: { ...s.lists, [conversation]: [] } }));
}
