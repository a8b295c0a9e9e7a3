import { describe, expect, it } from 'vitest';
import { matchRanges, queryTerms, segments, termsOf } from './search-terms';
import { nameRank } from './name-match';

describe('search terms', () => {
  it('indexes CJK runs as each character with the next, so every query bigram is an index term', () => {
    const index = new Set(termsOf('把会议纪要发一下'));
    const { terms } = queryTerms('会议纪要');
    expect(terms).toHaveLength(3);
    for (const t of terms) expect('term' in t && index.has(t.term)).toBe(true);
    // One character: the range of terms that start with it.
    const [one] = queryTerms('要').terms;
    expect(one && 'lo' in one && [...index].some((x) => x >= one.lo && x < one.hi)).toBe(true);
  });

  it('folds case and accents of Latin words, and keeps words apart from CJK', () => {
    expect(termsOf('Café MEETING')).toEqual(termsOf('cafe meeting'));
    expect(termsOf('abc中文').length).toBe(3);
    expect(new Set(termsOf('встреча')).size).toBe(1);
  });

  it('checks a match on the text: CJK as a substring, words whole, every part present', () => {
    expect(matchRanges('把会议纪要发一下', queryTerms('会议纪要').segments)).toEqual([[1, 5]]);
    expect(matchRanges('会议 and 纪要', queryTerms('会议纪要').segments)).toBeUndefined();
    expect(matchRanges('The Quarterly report', queryTerms('report quarterly').segments)).toEqual([
      [4, 13],
      [14, 20],
    ]);
    expect(matchRanges('reporting', queryTerms('report').segments)).toBeUndefined();
    expect(matchRanges('😀 会议', queryTerms('会议').segments)).toEqual([[3, 5]]);
  });
});

describe('name matching', () => {
  it('matches names by substring and pinyin from any syllable, full or initials', () => {
    for (const q of ['张伟', '伟', 'zhangwei', 'zhang', 'wei', 'zw', 'ZW', 'zhang wei'])
      expect(nameRank(q, ['张伟']), q).toBeGreaterThan(0);
    expect(nameRank('zx', ['张伟'])).toBe(0);
    expect(nameRank('alice', ['Alice'])).toBe(1);
    expect(nameRank('x9', ['Bob'], 'bobx9')).toBe(5);
  });
});

describe('segments of ASCII text', () => {
  it('are the Unicode rule applied to every ASCII character', () => {
    const all = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
    const byRule = (ch: string) => (/[\p{L}\p{N}]/u.test(ch) ? ch.toLowerCase() : ' ');
    const expected = all
      .split('')
      .map(byRule)
      .join('')
      .split(' ')
      .filter((w) => w.length > 0);
    expect(segments(all).map((s) => s.text)).toEqual(expected);
    expect(segments('Hi, Bob: ROOM 42b!')).toEqual([
      { kind: 'word', text: 'hi', start: 0, end: 2 },
      { kind: 'word', text: 'bob', start: 4, end: 7 },
      { kind: 'word', text: 'room', start: 9, end: 13 },
      { kind: 'word', text: '42b', start: 14, end: 17 },
    ]);
    expect(termsOf('Meeting at 10')).toEqual(termsOf('meeting AT 10'));
  });
});
