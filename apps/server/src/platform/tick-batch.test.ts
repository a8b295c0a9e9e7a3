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

  it("with wait 'turn', merges the reads of a whole turn, however many awaits each came through", async () => {
    const loads: number[][] = [];
    const load = async (keys: number[]) => (loads.push(keys), keys.map((k) => k + 1));
    const deep = async (get: (k: number) => Promise<number>, k: number, depth: number): Promise<number> => {
      for (let i = 0; i < depth; i++) await Promise.resolve();
      return get(k);
    };
    // As a group commit resolves many sends at once, whose pushes reach the read after 0–5 awaits.
    const byTurn = tickBatcher(load, String, { wait: 'turn' });
    expect(await Promise.all([0, 1, 2, 3, 4, 5].map((d) => deep(byTurn, d, d)))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(loads).toEqual([[0, 1, 2, 3, 4, 5]]);
    loads.length = 0;
    const byMicrotask = tickBatcher(load, String);
    await Promise.all([0, 1, 2, 3, 4, 5].map((d) => deep(byMicrotask, d, d)));
    expect(loads.length).toBeGreaterThan(1);
  });
});
