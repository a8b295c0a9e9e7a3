import { pinyin } from 'pinyin-pro';

/**
 * Name matching for the contacts and groups of a search (PROTOCOL §16): a substring of the name
 * or account, or pinyin from the start of any syllable, full (`zhangwei`, `wei`) or initials
 * (`zw`). Names are few (my contact set and groups), so this runs in memory; the syllables of a
 * name are computed once per process.
 */

interface Syllables {
  full: string[];
  initials: string[];
}

const MAX_CACHED = 50_000;
const cache = new Map<string, Syllables>();

function syllablesOf(name: string): Syllables {
  let s = cache.get(name);
  if (!s) {
    const parts = pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive' })
      .map((p) => p.replace(/\s+/g, '').toLowerCase())
      .filter((p) => p.length > 0);
    s = { full: parts, initials: parts.map((p) => p[0] as string) };
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(name, s);
  }
  return s;
}

/** Whether `q` (lower case, no spaces) is pinyin of `name` from one of its syllables on. */
function pinyinMatches(name: string, q: string): boolean {
  if (!/^[a-z]+$/.test(q)) return false;
  const { full, initials } = syllablesOf(name);
  for (let i = 0; i < full.length; i++) {
    if (full.slice(i).join('').startsWith(q)) return true;
    if (initials.slice(i).join('').startsWith(q)) return true;
  }
  return false;
}

/** Lower-cased query without spaces; what the pinyin and account matching compare. */
const normaliseQuery = (q: string): string => q.toLowerCase().replace(/\s+/g, '');

/**
 * 0 = no match; otherwise a rank, lower first: 1 a name equals the query, 2 starts with it,
 * 3 contains it, 4 pinyin, 5 account.
 */
export function nameRank(query: string, names: string[], account = ''): number {
  const lower = query.toLowerCase();
  const compact = normaliseQuery(query);
  let best = 0;
  const take = (r: number) => {
    if (best === 0 || r < best) best = r;
  };
  for (const name of names) {
    if (!name) continue;
    const n = name.toLowerCase();
    if (n === lower) take(1);
    else if (n.startsWith(lower)) take(2);
    else if (n.includes(lower)) take(3);
    else if (pinyinMatches(name, compact)) take(4);
  }
  if (account && compact && account.toLowerCase().includes(compact)) take(5);
  return best;
}
