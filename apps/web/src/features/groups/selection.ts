import type { GroupCandidate } from './api';

/**
 * Rules of the user-selection page as pure functions: A–Z sections, the search filter, and
 * what a tap does under the limit (`max`) — disabled rows (existing members) never toggle.
 */

export type Candidate = Pick<
  GroupCandidate,
  'user_id' | 'displayName' | 'realname' | 'account' | 'avatar' | 'name_py' | 'disabled'
>;

export const nameOf = (c: Candidate) => c.displayName || c.realname || c.account;

export function letterOf(c: Candidate): string {
  const first = (c.name_py || nameOf(c)).trim().charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}

export function matches(c: Candidate, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [c.displayName, c.realname, c.account, c.name_py].some((v) => (v ?? '').toLowerCase().includes(q));
}

/** Sections A–Z then "#", each sorted by pinyin/name. */
export function sections(list: readonly Candidate[]): { letter: string; items: Candidate[] }[] {
  const by = new Map<string, Candidate[]>();
  for (const c of list) {
    const l = letterOf(c);
    by.set(l, [...(by.get(l) ?? []), c]);
  }
  return [...by.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([letter, items]) => ({
      letter,
      items: items.sort((a, b) => (a.name_py || nameOf(a)).localeCompare(b.name_py || nameOf(b))),
    }));
}

export type ToggleResult = { selected: number[]; refused: 'disabled' | 'max' | null };

/** Tap on a row: select or unselect; refuses disabled rows and going over `max`. */
export function toggle(selected: readonly number[], c: Candidate, max: number): ToggleResult {
  if (c.disabled) return { selected: [...selected], refused: 'disabled' };
  if (selected.includes(c.user_id)) return { selected: selected.filter((id) => id !== c.user_id), refused: null };
  if (selected.length >= max) return { selected: [...selected], refused: 'max' };
  return { selected: [...selected, c.user_id], refused: null };
}

/** Selection modes: what the confirm button needs and the most that can be chosen. */
export type SelectionMode = 'createGroup' | 'addMembers' | 'forward';

export function limitsOf(mode: SelectionMode, maxParam: number | null): { min: number; max: number } {
  const fallback = mode === 'forward' ? 5 : mode === 'addMembers' ? 20 : 500;
  const max = maxParam && maxParam > 0 ? maxParam : fallback;
  return { min: mode === 'createGroup' ? 2 : 1, max };
}
