import { describe, expect, it } from 'vitest';
import { tickBatcher } from './tick-batch';

describe('tickBatcher', () => {
  it('answers the reads of one tick with one load of their distinct keys', async () => {
    const loads: number[][] = [];
    const get = tickBatcher(async (keys: number[]) => (loads.push(keys), keys.map((k) => k * 10)), String);
    expect(await Promise.all([get(1), get(2), get(1), get(3)])).toEqual([10, 20, 10, 30]);
    expect(loads).toEqual([[1, 2, 3]]);
    expect(await get(4)).toBe(40); // a later tick loads again: nothing is remembered
    expect(loads).toEqual([[1, 2, 3], [4]]);
  });

  it('fails every caller of a failed load, and recovers on the next tick', async () => {
    let fail = true;
    const get = tickBatcher(
      async (keys: string[]) => {
        if (fail) throw new Error('db down');
        return keys.map((k) => k.toUpperCase());
      },
      (k) => k,
    );
    const outcomes = await Promise.allSettled([get('a'), get('b')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await get('a')).toBe('A');
  });
});
