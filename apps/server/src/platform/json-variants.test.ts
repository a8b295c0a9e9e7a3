import { describe, expect, it } from 'vitest';
import { jsonVariants } from './json-variants';

describe('jsonVariants', () => {
  const base = {
    id: 'm1',
    content: 'hi <b>',
    to: 7,
    from: { id: 1, name: 'A' },
    extra: undefined as string | undefined,
  };

  it('reads as the spread it stands for, for each variant', () => {
    const variant = jsonVariants(base, ['to', 'from']);
    const one = variant({ to: 9, from: { id: 1, name: 'Ann' } });
    const two = variant({ to: 1, from: base.from });
    expect(JSON.parse(one)).toEqual(JSON.parse(JSON.stringify({ ...base, to: 9, from: { id: 1, name: 'Ann' } })));
    expect(JSON.parse(two)).toEqual(JSON.parse(JSON.stringify({ ...base, to: 1 })));
  });

  it('leaves the base as it was, and adds keys the base lacks', () => {
    const b: { a: number; card?: { n: number } } = { a: 1 };
    const variant = jsonVariants(b, ['card']);
    expect(JSON.parse(variant({ card: { n: 2 } }))).toEqual({ a: 1, card: { n: 2 } });
    expect(b).toEqual({ a: 1 });
    expect(Object.keys(b)).toEqual(['a']);
    expect(JSON.stringify(base)).toBe('{"id":"m1","content":"hi <b>","to":7,"from":{"id":1,"name":"A"}}');
  });

  it('leaves out what is undefined, as a spread does, and copes with a base of nothing else', () => {
    const only = { to: 1 };
    const variant = jsonVariants(only, ['to']);
    expect(variant({ to: 5 })).toBe('{"to":5}');
    expect(JSON.parse(variant({ to: undefined as unknown as number }))).toEqual({});
    const partly = jsonVariants({ a: 1, to: 2 }, ['to']);
    expect(JSON.parse(partly({ to: undefined as unknown as number }))).toEqual({ a: 1 });
  });
});
