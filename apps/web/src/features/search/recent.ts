import { create } from 'zustand';
import { z } from 'zod';
import { readStored, writeStored } from '../../lib/stored-json';

/**
 * Recent searches, per user, kept on this device (localStorage) and validated when read back
 * (garbage is dropped, never trusted). Newest first, at most RECENT_MAX, no duplicates.
 */
const STORAGE_KEY = 'parley.recentSearches';
export const RECENT_MAX = 10;
const schema = z.record(z.string(), z.array(z.string().max(64)).max(RECENT_MAX));
type All = z.infer<typeof schema>;

export function readRecent(storage: Pick<Storage, 'getItem'> = localStorage): All {
  return readStored(STORAGE_KEY, schema, storage);
}

const write = (all: All): void => writeStored(STORAGE_KEY, all);

const useRecentStore = create<{ all: All }>(() => ({ all: readRecent() }));

/** `list` with `q` moved (or added) to the front. */
export function withRecent(list: readonly string[], q: string): string[] {
  const v = q.trim();
  if (!v) return [...list];
  return [v, ...list.filter((x) => x !== v)].slice(0, RECENT_MAX);
}

export function addRecent(userId: number, q: string): void {
  const all = useRecentStore.getState().all;
  const next = { ...all, [String(userId)]: withRecent(all[String(userId)] ?? [], q) };
  write(next);
  useRecentStore.setState({ all: next });
}

export function clearRecent(userId: number): void {
  const { [String(userId)]: _gone, ...rest } = useRecentStore.getState().all;
  write(rest);
  useRecentStore.setState({ all: rest });
}

const none: string[] = [];
export function useRecent(userId: number | undefined): string[] {
  return useRecentStore((s) => (userId === undefined ? none : (s.all[String(userId)] ?? none)));
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEY) useRecentStore.setState({ all: readRecent() });
  });
}
