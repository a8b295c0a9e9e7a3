import { create } from 'zustand';

/**
 * Texts of my own recalled text messages, kept in memory for a few minutes so the recall line
 * can offer "Re-edit" (as WeChat does): the server discards the content on recall.
 */

/** How long "Re-edit" stays on my recall line. */
const REEDIT_MS = 5 * 60_000;

interface Recalled {
  text: string;
  until: number;
}

interface RecallState {
  byId: Record<string, Recalled>;
}

export const useRecalled = create<RecallState>(() => ({ byId: {} }));

export function rememberRecalled(id: string, text: string, now: number = Date.now()): void {
  useRecalled.setState((s) => ({
    byId: Object.fromEntries([
      ...Object.entries(s.byId).filter(([, r]) => r.until > now),
      [id, { text, until: now + REEDIT_MS }],
    ]),
  }));
}

export function recalledText(state: RecallState, id: string, now: number): string | null {
  const r = state.byId[id];
  return r && r.until > now ? r.text : null;
}
