/**
 * Terms of the message search index (PROTOCOL §16), as integers so the index table is two
 * numbers per row and every term is one B-tree key, the same on SQLite and PostgreSQL.
 *
 * - Chinese, Japanese and Korean: each character with the character after it in its run
 *   (`c * 2^21 + next`, `next` 0 at the end of a run). A run of n characters gives n terms, and a
 *   query of two or more characters is matched by its bigrams, one of one character by the range
 *   of terms that start with it.
 * - Latin letters and digits: the word's first 8 characters in base 37, above 2^42 (no hashing,
 *   so no collisions among words of ≤ 8 characters; longer ones share their 8-character prefix).
 * - Other letters (Cyrillic, Greek, Arabic…): a 40-bit hash of the word, above 2^43.
 * Every match found through the index is checked again on the text (search.service.ts), so a
 * shared term never shows a wrong result.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}]/u;
const ASCII_WORD = /^[a-z0-9]+$/;
const PAIR = 2 ** 21;
const LATIN_BASE = 2 ** 42;
const HASHED_BASE = 2 ** 43;
const LATIN_LEN = 8;

export type SegmentKind = 'cjk' | 'word';
export interface Segment {
  kind: SegmentKind;
  /** Folded text of the segment. */
  text: string;
  /** UTF-16 offsets of the segment in the original text: [start, end). */
  start: number;
  end: number;
}

/** Case and accents folded; CJK characters as they are (NFKD would split Hangul syllables). */
function fold(ch: string): string {
  const c = ch.charCodeAt(0);
  if (c < 0x80) return c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : ch;
  if (CJK.test(ch)) return ch;
  const lower = ch.toLowerCase();
  return /^[a-z0-9]$/.test(lower) ? lower : lower.normalize('NFKD').replace(/\p{M}/gu, '');
}

/**
 * A character's segment kind. ASCII, most of what is sent, is told by its code: the Unicode
 * property tests cost a tenth of a message's indexing (docs/performance.md, issue 23, seventh
 * pass); among ASCII characters only letters and digits are \p{L}\p{N}, and none is CJK.
 */
function kindOf(ch: string): SegmentKind | undefined {
  const c = ch.charCodeAt(0);
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 'word' : undefined;
  return CJK.test(ch) ? 'cjk' : WORD.test(ch) ? 'word' : undefined;
}

/** The runs of CJK characters and of other letters/digits in `text`, folded, with their offsets. */
export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let cur: { kind: SegmentKind; parts: string[]; start: number } | undefined;
  let i = 0;
  for (const ch of text) {
    const kind: SegmentKind | undefined = kindOf(ch);
    if (cur && cur.kind !== kind) {
      out.push({ kind: cur.kind, text: cur.parts.join(''), start: cur.start, end: i });
      cur = undefined;
    }
    if (kind) {
      const f = fold(ch);
      if (!cur) cur = { kind, parts: [], start: i };
      cur.parts.push(f);
    }
    i += ch.length;
  }
  if (cur) out.push({ kind: cur.kind, text: cur.parts.join(''), start: cur.start, end: i });
  return out.filter((s) => s.text.length > 0);
}

function base37(word: string): number {
  let v = 0;
  for (let i = 0; i < LATIN_LEN; i++) {
    const c = word.charCodeAt(i);
    const d = Number.isNaN(c) ? 0 : c <= 57 ? c - 47 : c - 86; // '0'-'9' → 1-10, 'a'-'z' → 11-36
    v = v * 37 + d;
  }
  return v;
}

/** FNV-1a over UTF-16 units, 40 bits (two 20-bit halves keep it within double precision). */
function hash40(word: string): number {
  let h1 = 0x811c9dc5;
  let h2 = 0x050c5d1f;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x01000193) >>> 0;
  }
  return (h1 & 0xfffff) * 2 ** 20 + (h2 & 0xfffff);
}

function wordTerm(word: string): number {
  return ASCII_WORD.test(word) ? LATIN_BASE + base37(word) : HASHED_BASE + hash40(word);
}

const cp = (s: string, i: number) => s.codePointAt(i) ?? 0;

/** Every distinct term of a text, for the index. */
export function termsOf(text: string): number[] {
  const out = new Set<number>();
  for (const s of segments(text)) {
    if (s.kind === 'word') {
      out.add(wordTerm(s.text));
      continue;
    }
    const chars = [...s.text];
    for (let i = 0; i < chars.length; i++)
      out.add(cp(chars[i] as string, 0) * PAIR + (i + 1 < chars.length ? cp(chars[i + 1] as string, 0) : 0));
  }
  return [...out];
}

/** What a query asks the index for: each entry is one term, or a range of terms [lo, hi). */
export type QueryTerm = { term: number } | { lo: number; hi: number };

export function queryTerms(query: string): { terms: QueryTerm[]; segments: Segment[] } {
  const segs = segments(query);
  const terms: QueryTerm[] = [];
  const seen = new Set<number>();
  const add = (term: number) => {
    if (!seen.has(term)) terms.push({ term });
    seen.add(term);
  };
  for (const s of segs) {
    if (s.kind === 'word') {
      add(wordTerm(s.text));
      continue;
    }
    const chars = [...s.text];
    if (chars.length === 1) {
      const lo = cp(chars[0] as string, 0) * PAIR;
      terms.push({ lo, hi: lo + PAIR });
      continue;
    }
    for (let i = 0; i + 1 < chars.length; i++) add(cp(chars[i] as string, 0) * PAIR + cp(chars[i + 1] as string, 0));
  }
  return { terms, segments: segs };
}

/**
 * Where the query matches `text`: every query segment must occur (a CJK run as a substring, a
 * word as a whole word), else undefined. Otherwise the merged [start, end) UTF-16 ranges of all
 * occurrences in the original text.
 */
export function matchRanges(text: string, query: Segment[]): Array<[number, number]> | undefined {
  if (query.length === 0) return undefined;
  const mine = segments(text);
  const ranges: Array<[number, number]> = [];
  for (const q of query) {
    let found = false;
    for (const s of mine) {
      if (s.kind !== q.kind) continue;
      if (q.kind === 'word') {
        if (s.text === q.text) {
          ranges.push([s.start, s.end]);
          found = true;
        }
        continue;
      }
      // CJK: offsets within the run, by code points (the run's characters are unfolded).
      const chars = [...s.text];
      const needle = [...q.text];
      for (let i = 0; i + needle.length <= chars.length; i++) {
        if (needle.every((c, j) => chars[i + j] === c)) {
          const start = s.start + chars.slice(0, i).join('').length;
          ranges.push([start, start + q.text.length]);
          found = true;
        }
      }
    }
    if (!found) return undefined;
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}
