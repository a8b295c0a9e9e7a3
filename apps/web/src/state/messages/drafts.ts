import { create } from 'zustand';
import { z } from 'zod';
import { limits } from '@parley/protocol';
import { readStored, writeStored } from '../../lib/stored-json';

/**
 * Unsent text per conversation, per user, kept in localStorage and validated when read back
 * (garbage is dropped, never trusted). Home shows them as "[Draft] …".
 */
const STORAGE_KEY = 'parley.drafts';
const schema = z.record(z.string(), z.record(z.string(), z.string().max(limits.textMessage * 2)));
type AllDrafts = z.infer<typeof schema>;

export function readDrafts(storage: Pick<Storage, 'getItem'> = localStorage): AllDrafts {
  return readStored(STORAGE_KEY, schema, storage);
}

const write = (all: AllDrafts): void => writeStored(STORAGE_KEY, all);

export const useDrafts = create<{ all: AllDrafts }>(() => ({ all: readDrafts() }));

export function setDraft(userId: number, conversation: string, text: string): void {
  const all = useDrafts.getState().all;
  const rest = Object.entries(all[String(userId)] ?? {}).filter(([k]) => k !== conversation);
  const mine: Record<string, string> = Object.fromEntries(text.trim() ? [...rest, [conversation, text]] : rest);
  if ((all[String(userId)]?.[conversation] ?? '') === (mine[conversation] ?? '')) return;
  const next = { ...all, [String(userId)]: mine };
  write(next);
  useDrafts.setState({ all: next });
}

export function getDraft(userId: number, conversation: string): string {
  return useDrafts.getState().all[String(userId)]?.[conversation] ?? '';
}

const empty: Record<string, string> = {};
/** All drafts of a user (stable reference while unchanged). */
export function useUserDrafts(userId: number | undefined): Record<string, string> {
  return useDrafts((s) => (userId === undefined ? empty : (s.all[String(userId)] ?? empty)));
}

/** Another tab typed a draft: follow it. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEY) useDrafts.setState({ all: readDrafts() });
  });
}

/** A user's drafts as a whole (the account's copy merged in: drafts-sync.ts); order is recency. */
export function replaceDrafts(userId: number, mine: Record<string, string>): void {
  const all = useDrafts.getState().all;
  if (JSON.stringify(all[String(userId)] ?? {}) === JSON.stringify(mine)) return;
  const next = { ...all, [String(userId)]: mine };
  write(next);
  useDrafts.setState({ all: next });
}
