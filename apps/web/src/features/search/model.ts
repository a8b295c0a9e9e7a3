import type { SearchHighlight } from '@parley/protocol';

/**
 * Pure helpers of global search: cutting a found message to a snippet around its first match,
 * splitting text into marked and plain pieces, and where a contact's name matched.
 */

export interface Piece {
  text: string;
  hit: boolean;
}

/** `text` as plain and marked pieces; `ranges` are [start, end) UTF-16 offsets, sorted, not overlapping. */
export function pieces(text: string, ranges: readonly SearchHighlight[]): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  for (const [s, e] of ranges) {
    const start = Math.max(at, Math.min(s, text.length));
    const end = Math.max(start, Math.min(e, text.length));
    if (start > at) out.push({ text: text.slice(at, start), hit: false });
    if (end > start) out.push({ text: text.slice(start, end), hit: true });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at), hit: false });
  return out;
}

/** Characters kept before the first match when a long text is cut. */
const LEAD = 10;

/**
 * A one-line snippet: line breaks as spaces, and when the first match is far in, the text from a
 * little before it with a leading "…"; ranges moved along.
 */
export function snippet(text: string, ranges: readonly SearchHighlight[]): { text: string; ranges: SearchHighlight[] } {
  const flat = text.replace(/[\r\n\t]/g, ' ');
  const first = ranges[0]?.[0] ?? 0;
  if (first <= LEAD + 4) return { text: flat, ranges: [...ranges] };
  let cut = first - LEAD;
  // Never split a surrogate pair.
  if (/[\uDC00-\uDFFF]/.test(flat.charAt(cut))) cut -= 1;
  const shift = cut - 1; // the "…" takes one place
  return { text: `…${flat.slice(cut)}`, ranges: ranges.map(([s, e]) => [s - shift, e - shift] as SearchHighlight) };
}

/**
 * Where `query` shows in `name`: the substring, case-insensitive; the whole name when it matched
 * by pinyin (`zw` → 张伟, the server's rule); nothing when it did not match by name at all.
 */
export function nameRanges(name: string, query: string, matchedByPinyin: boolean): SearchHighlight[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const at = name.toLowerCase().indexOf(q);
  if (at >= 0) return [[at, at + q.length]];
  return matchedByPinyin ? [[0, name.length]] : [];
}

/** Whether a query could be pinyin (letters only, spaces allowed). */
export const looksLikePinyin = (query: string): boolean => /^[a-z\s]+$/i.test(query.trim());
