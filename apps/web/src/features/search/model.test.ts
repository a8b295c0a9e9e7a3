import { describe, expect, it } from 'vitest';
import { looksLikePinyin, nameRanges, pieces, snippet } from './model';
import { RECENT_MAX, readRecent, withRecent } from './recent';

describe('search results', () => {
  it('marks the server’s ranges in the text', () => {
    expect(pieces('把会议纪要发一下', [[1, 5]])).toEqual([
      { text: '把', hit: false },
      { text: '会议纪要', hit: true },
      { text: '发一下', hit: false },
    ]);
    expect(pieces('ab', [[0, 9]])).toEqual([{ text: 'ab', hit: true }]);
  });

  it('cuts a long message to start a little before its first match', () => {
    const text = `${'x'.repeat(40)}\n会议纪要`;
    const s = snippet(text, [[41, 45]]);
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.text.slice(s.ranges[0]?.[0], s.ranges[0]?.[1])).toBe('会议纪要');
    expect(snippet('a\nb', [[0, 1]])).toEqual({ text: 'a b', ranges: [[0, 1]] });
  });

  it('marks the part of a name that matched, or all of it for a pinyin match', () => {
    expect(nameRanges('Alice Wong', 'wong', false)).toEqual([[6, 10]]);
    expect(nameRanges('张伟', 'zw', looksLikePinyin('zw'))).toEqual([[0, 2]]);
    expect(nameRanges('张伟', '李', false)).toEqual([]);
  });
});

describe('recent searches', () => {
  it('keeps the newest first, without repeats, at most RECENT_MAX', () => {
    expect(withRecent(['b', 'a'], ' a ')).toEqual(['a', 'b']);
    const many = Array.from({ length: RECENT_MAX }, (_, i) => String(i));
    expect(withRecent(many, 'new')).toHaveLength(RECENT_MAX);
  });

  it('drops what it cannot trust when reading back', () => {
    expect(readRecent({ getItem: () => '{"5":["会议"]}' })).toEqual({ 5: ['会议'] });
    expect(readRecent({ getItem: () => '{"5":[1,2]}' })).toEqual({});
    expect(readRecent({ getItem: () => 'not json' })).toEqual({});
  });
});
