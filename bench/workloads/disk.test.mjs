import { describe, expect, it } from 'vitest';
import { summarise, verdict } from './disk.mjs';

describe('disk workload summary', () => {
  const samples = [
    { second: 0, ms: 0.3 },
    { second: 0, ms: 0.5 },
    { second: 1, ms: 120 }, // a stall
    { second: 1, ms: 0.4 },
    { second: 3, ms: 60 }, // second 2 had no sync finish in it: its maximum is 0
  ];

  it('gives the tail and counts the seconds that held a long sync', () => {
    const s = summarise(samples);
    expect(s).toMatchObject({ count: 5, p50: 0.5, max: 120, seconds: 4, secondsOver50: 2, secondsOver100: 1 });
    expect(s.perSecondMax).toEqual([1, 120, 0, 60]);
  });

  it('says the clean rule is luck on a disk that stalls, and nothing of the kind on one that does not', () => {
    expect(verdict(summarise(samples))).toMatch(/≥ 100 ms in 1 of 4 seconds/);
    expect(verdict(summarise(samples.filter((x) => x.ms < 100)))).toBe('no sync took 100 ms or more in 4 s');
  });
});
