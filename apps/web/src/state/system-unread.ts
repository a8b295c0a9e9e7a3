import { create } from 'zustand';

/** Pushes addressed to "system" (friend requests): their own counter (spec §4). */
export const useSystemUnread = create<{ count: number }>(() => ({ count: 0 }));
export const systemUnread = {
  add: () => useSystemUnread.setState((s) => ({ count: s.count + 1 })),
  clear: () => useSystemUnread.setState({ count: 0 }),
};
