import { ContactKind, type Contact } from '@parley/protocol';

/**
 * The address book's A–Z sections. The server gives each person `name_py` (lower-case pinyin of
 * the real name) and `index` (its first letter, or '#'), so Chinese names sort by pinyin without
 * a dictionary on the client.
 */

export interface Section {
  letter: string;
  people: Contact[];
}

const isLetter = (s: string) => /^[A-Z]$/.test(s);

/** The key a person sorts by: a Latin remark name sorts as written, else the server's pinyin. */
function sortKey(c: Contact): string {
  const shown = (c.displayName ?? '').trim();
  const remarked = shown !== '' && shown !== (c.realname ?? shown);
  if (remarked && /^[a-z]/i.test(shown)) return shown.toLowerCase();
  return (c.name_py || shown).toLowerCase();
}

/** A–Z, or '#' for names that do not start with a Latin letter after transliteration. */
export function letterOf(c: Contact): string {
  const first = sortKey(c).charAt(0).toUpperCase();
  if (isLetter(first)) return first;
  const given = (c.index ?? '').toUpperCase();
  return isLetter(given) ? given : '#';
}

/** Persons of my contact set (getContacts rows with `is_group` 0). */
export function persons(list: readonly Contact[]): Contact[] {
  return list.filter((c) => c.is_group === ContactKind.person);
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Sections A…Z then '#', each sorted by pinyin / name; empty letters are left out. */
export function groupByLetter(list: readonly Contact[]): Section[] {
  const buckets = new Map<string, Contact[]>();
  for (const c of persons(list)) {
    const letter = letterOf(c);
    const bucket = buckets.get(letter) ?? [];
    bucket.push(c);
    buckets.set(letter, bucket);
  }
  const letters = [...buckets.keys()].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)));
  return letters.map((letter) => ({
    letter,
    people: (buckets.get(letter) ?? []).sort(
      (a, b) => collator.compare(sortKey(a), sortKey(b)) || collator.compare(a.displayName, b.displayName),
    ),
  }));
}

/** Local filter of my contacts by shown name, real name, account or pinyin (any part). */
export function filterContacts(list: readonly Contact[], query: string): Contact[] {
  const q = query.trim().toLowerCase().replace(/\s+/g, '');
  if (!q) return [];
  return persons(list).filter((c) =>
    [c.displayName, c.realname, c.account, c.name_py].some((v) =>
      (v ?? '').toLowerCase().replace(/\s+/g, '').includes(q),
    ),
  );
}

/** Every index-bar letter, so the bar keeps its shape; letters without people are dimmed. */
export const indexLetters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'];
