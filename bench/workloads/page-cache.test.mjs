import { describe, expect, it } from 'vitest';
import { cacheSizes, orderOf, summarise } from './page-cache.mjs';

describe('page-cache workload', () => {
  it('reads the sizes in the order given and refuses what is not a size', () => {
    expect(cacheSizes('65536, 8192,2048')).toEqual([65536, 8192, 2048]);
    expect(() => cacheSizes('8192,0')).toThrow(/positive/);
    expect(() => cacheSizes('big')).toThrow(/positive/);
  });

  it('lets every size run first in turn', () => {
    const sizes = [1, 2, 3];
    expect([0, 1, 2, 3].map((r) => orderOf(sizes, r))).toEqual([
      [1, 2, 3],
      [2, 3, 1],
      [3, 1, 2],
      [1, 2, 3],
    ]);
  });

  it('gives each size its medians and sets them against the first size', () => {
    const samples = [
      { cacheKb: 64, commitUs: 900, readUs: 50 },
      { cacheKb: 8, commitUs: 600, readUs: 55 },
      { cacheKb: 64, commitUs: 1100, readUs: 70 },
      { cacheKb: 8, commitUs: 700, readUs: 60 },
      { cacheKb: 64, commitUs: 1000, readUs: 60 },
      { cacheKb: 8, commitUs: 650, readUs: 66 },
    ];
    const [big, small] = summarise([64, 8], samples);
    expect(big).toMatchObject({ cacheKb: 64, commitUs: 1000, commitMin: 900, commitMax: 1100, readUs: 60 });
    expect(big).toMatchObject({ commitRatio: 1, readRatio: 1, rounds: 3 });
    expect(small).toMatchObject({ cacheKb: 8, commitUs: 650, commitRatio: 0.65, readUs: 60, readRatio: 1, rounds: 3 });
  });
});
