import { describe, expect, it } from 'vitest';
import { MemoryCounters } from './counters';

describe('MemoryCounters (one node)', () => {
  it('allows `limit` events per key and window, then refuses until the next window', async () => {
    const c = new MemoryCounters();
    const t = 1_000_000_000_000; // the start of a 10 s window
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await c.hit('u1', 10, 3, t + i));
    expect(hits).toEqual([true, true, true, false]);
    expect(await c.hit('u2', 10, 3, t + 5)).toBe(true); // other keys count apart
    expect(await c.hit('u1', 10, 3, t + 9_999)).toBe(false);
    expect(await c.hit('u1', 10, 3, t + 10_000)).toBe(true); // a new window
  });

  it('keeps counting the live windows when ended ones are pruned', async () => {
    const c = new MemoryCounters();
    const t = 1_000_000_000_000;
    expect(await c.hit('busy', 60, 2, t)).toBe(true);
    expect(await c.hit('busy', 60, 2, t + 1)).toBe(true);
    // More than 10,000 keys of one-second windows that end make the map prune itself.
    for (let i = 0; i < 10_001; i++) await c.hit(`k${i}`, 1, 1, t + 2_000);
    expect(await c.hit('busy', 60, 2, t + 2_001)).toBe(false);
  });

  it('counts one key afresh in every window with one entry, and window lengths apart', async () => {
    const c = new MemoryCounters();
    const t = 1_000_000_000_000;
    for (let w = 0; w < 100; w++) {
      expect(await c.hit('msg:7', 1, 2, t + w * 1000)).toBe(true);
      expect(await c.hit('msg:7', 1, 2, t + w * 1000 + 500)).toBe(true);
      expect(await c.hit('msg:7', 1, 2, t + w * 1000 + 999)).toBe(false);
    }
    // A send a second for a hundred seconds kept a hundred entries alive before.
    expect((c as unknown as { counts: Map<string, unknown> }).counts.size).toBe(1);
    expect(await c.hit('msg:7', 60, 1, t + 100_000)).toBe(true); // a 60 s window is its own count
    expect(await c.hit('msg:7', 60, 1, t + 100_001)).toBe(false);
  });

  it('leases a key to one caller at a time and says how long the holder keeps it', async () => {
    const c = new MemoryCounters();
    const t = 1_000_000_000_000;
    expect(await c.claim('gr:1', 1000, t)).toBe(0);
    expect(await c.claim('gr:1', 1000, t + 400)).toBe(600);
    expect(await c.claim('gr:2', 1000, t + 400)).toBe(0); // other keys apart
    expect(await c.claim('gr:1', 1000, t + 1000)).toBe(0); // the lease ended
    expect(await c.claim('gr:1', 1000, t + 1999)).toBe(1);
  });
});
