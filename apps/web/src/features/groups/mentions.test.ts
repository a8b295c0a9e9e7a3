import { describe, expect, it } from 'vitest';
import { EVERYONE, insertMention, mentionIds, typedAt } from './mentions';

describe('mentions', () => {
  it('notices a typed "@" only when that character was just added', () => {
    expect(typedAt('hi ', 'hi @', 4)).toBe(true);
    expect(typedAt('hi @', 'hi @x', 5)).toBe(false);
    expect(typedAt('', 'a@', 2)).toBe(false);
  });
  it('replaces the typed "@" by "@name " and moves the caret after it', () => {
    expect(insertMention('hi @ there', 4, 'Bob')).toEqual({ text: 'hi @Bob  there', caret: 8 });
    expect(insertMention('hi', 2, 'Bob')).toEqual({ text: 'hi@Bob ', caret: 7 });
  });
  it('sends in `at` the mentions still present, once each, everyone as 0', () => {
    const chosen = [
      { id: 2, name: 'Bob' },
      { id: EVERYONE, name: 'Everyone' },
      { id: 2, name: 'Bob' },
      { id: 3, name: 'Carol' },
    ];
    expect(mentionIds('@Bob @Everyone hello', chosen)).toEqual([2, 0]);
    expect(mentionIds('nobody here', chosen)).toEqual([]);
  });
});
