import { describe, expect, it } from 'vitest';
import { ParseError, parseForm } from './body';

describe('parseForm (qs with the §1.1 limits)', () => {
  it('parses bracket nesting', () => {
    expect(parseForm('user_ids[0]=3&user_ids[]=4&messages[0][id]=a&setting[nospeak]=1')).toEqual({
      user_ids: ['3', '4'],
      messages: [{ id: 'a' }],
      setting: { nospeak: '1' },
    });
  });
  it('keeps brackets beyond depth 5 as part of the key', () => {
    const out = parseForm('a[b][c][d][e][f][g]=1');
    expect(out).toEqual({ a: { b: { c: { d: { e: { f: { '[g]': '1' } } } } } } });
  });
  it('accepts 1000 array items', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `a[]=${i}`).join('&');
    expect((parseForm(text).a as unknown[]).length).toBe(1000);
  });
  it('rejects an index of 1000 or more instead of making it an object key', () => {
    expect(() => parseForm('a[1000]=x')).toThrow(ParseError);
    expect(() => parseForm(Array.from({ length: 1001 }, (_, i) => `a[]=${i}`).join('&'))).toThrow(ParseError);
  });
  it('rejects more than 5000 keys', () => {
    expect(() => parseForm(Array.from({ length: 5001 }, (_, i) => `k${i}=1`).join('&'))).toThrow(ParseError);
    expect(Object.keys(parseForm(Array.from({ length: 5000 }, (_, i) => `k${i}=1`).join('&')))).toHaveLength(5000);
  });
  it('does not let __proto__ through', () => {
    const out = parseForm('__proto__[x]=1&a=2');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(out.a).toBe('2');
  });
});
