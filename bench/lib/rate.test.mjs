import { describe, expect, it } from 'vitest';
import { dueCount, runSchedule, totalSends } from './rate.mjs';

describe('dueCount', () => {
  it('releases the first send at once and then one per interval', () => {
    expect(dueCount(0, 1000, 10)).toBe(1);
    expect(dueCount(0.999, 1000, 10)).toBe(1);
    expect(dueCount(1, 1000, 10)).toBe(2);
    expect(dueCount(4.5, 1000, 10)).toBe(5);
  });
  it('caps at the total and ignores bad input', () => {
    expect(dueCount(1e6, 1000, 10)).toBe(10);
    expect(dueCount(-1, 1000, 10)).toBe(0);
    expect(dueCount(5, 0, 10)).toBe(0);
  });
  it('counts totals', () => {
    expect(totalSends(250, 4)).toBe(1000);
    expect(totalSends(0, 4)).toBe(0);
  });
});

describe('runSchedule', () => {
  it('sends everything at the rate with a fake clock', async () => {
    let t = 0;
    const seen = [];
    const r = await runSchedule({
      rate: 100,
      durationS: 0.2,
      tickMs: 0,
      now: () => (t += 1),
      send: async (i) => void seen.push(i),
    });
    expect(r.sent).toBe(20);
    expect(r.skipped).toBe(0);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
  /** 10 sends due at 0, 1, … 9 ms, all due at the first tick; none answers until they have all been tried. */
  async function unanswered(opts) {
    let t = 0;
    const pending = [];
    const p = runSchedule({
      rate: 1000,
      durationS: 0.01,
      tickMs: 0,
      now: () => (t += 100),
      send: () => new Promise((res) => pending.push(res)),
      ...opts,
    });
    await new Promise((r) => setTimeout(r, 20));
    pending.forEach((res) => res());
    return p;
  }
  it('skips sends over the in-flight cap', async () => {
    const r = await unanswered({ maxInflight: 3 });
    expect(r.skipped).toBe(7);
    expect(r.sent).toBe(3);
  });
  it('counts the skips of the warm-up apart from those of the measured window', async () => {
    // The window starts at 5 ms.
    const r = await unanswered({ maxInflight: 2, countFromMs: 5 });
    expect(r.sent).toBe(2);
    expect(r.skippedBefore).toBe(3);
    expect(r.skipped).toBe(5);
  });
});
