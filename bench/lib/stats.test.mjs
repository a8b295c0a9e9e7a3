import { describe, expect, it } from 'vitest';
import { percentile, Samples } from './stats.mjs';

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const v = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(v, 50)).toBe(50);
    expect(percentile(v, 95)).toBe(95);
    expect(percentile(v, 99)).toBe(99);
    expect(percentile(v, 100)).toBe(100);
    expect(percentile(v, 0)).toBe(1);
  });
  it('handles tiny and empty inputs', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2], 50)).toBe(1);
    expect(percentile([1, 2], 51)).toBe(2);
  });
});

describe('Samples', () => {
  it('sorts lazily and summarises', () => {
    const s = new Samples();
    for (const x of [5, 1, 4, 2, 3]) s.add(x);
    expect(s.summary()).toEqual({ count: 5, p50: 3, p95: 5, p99: 5, max: 5, mean: 3 });
  });
  it('gives nulls when empty', () => {
    expect(new Samples().summary()).toEqual({ count: 0, p50: null, p95: null, p99: null, max: null, mean: null });
  });
});
