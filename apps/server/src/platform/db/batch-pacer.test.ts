import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchPacer } from './batch-pacer';

/** The pacer on fake timers: `starts` lists the (fake) times at which a batch started. */
function pacer() {
  const starts: number[] = [];
  const p = new BatchPacer(() => starts.push(performance.now()), {
    minIntervalMs: 5,
    maxIntervalMs: 20,
    fullBatch: 16,
  });
  return { p, starts };
}

describe('BatchPacer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at once on an idle server, after the turn', () => {
    const { p, starts } = pacer();
    p.poke(1);
    expect(starts).toHaveLength(0); // not inside the caller's turn: the requests already read join first
    vi.advanceTimersByTime(0);
    expect(starts).toHaveLength(1);
  });

  it('holds a small batch up to the longest interval after the last start while callers come together', () => {
    const { p, starts } = pacer();
    p.poke(1);
    p.poke(2); // two callers in one turn
    vi.advanceTimersByTime(0);
    p.poke(3);
    vi.advanceTimersByTime(19);
    expect(starts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(starts).toHaveLength(2);
    expect((starts[1] ?? 0) - (starts[0] ?? 0)).toBe(20);
  });

  it('lets one caller at a time go after the least interval: it waits for each answer', () => {
    const { p, starts } = pacer();
    for (let i = 0; i < 3; i++) {
      p.poke(1);
      vi.advanceTimersByTime(i === 0 ? 0 : 5);
      expect(starts).toHaveLength(i + 1);
    }
    expect((starts[2] ?? 0) - (starts[1] ?? 0)).toBe(5);
  });

  it('starts a full batch after the least interval, at once if that has passed', () => {
    const { p, starts } = pacer();
    p.poke(2);
    vi.advanceTimersByTime(0);
    p.poke(2);
    vi.advanceTimersByTime(2);
    p.poke(16); // full 2 ms after the start: waits out the 5 ms
    vi.advanceTimersByTime(2);
    expect(starts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(starts).toHaveLength(2);
    expect((starts[1] ?? 0) - (starts[0] ?? 0)).toBe(5);

    p.poke(4);
    vi.advanceTimersByTime(12);
    p.poke(16); // full 12 ms after the start: at once
    vi.advanceTimersByTime(0);
    expect(starts).toHaveLength(3);
    expect((starts[2] ?? 0) - (starts[1] ?? 0)).toBe(12);
  });

  it('never postpones a start it has armed, and starts once per arming', () => {
    const { p, starts } = pacer();
    p.poke(2);
    vi.advanceTimersByTime(0);
    p.poke(16);
    p.poke(2); // fewer again (a batch took some): the earlier start stands
    p.poke(3);
    vi.advanceTimersByTime(5);
    expect(starts).toHaveLength(2);
    vi.advanceTimersByTime(100);
    expect(starts).toHaveLength(2);
  });

  it('starts nothing for an empty queue', () => {
    const { p, starts } = pacer();
    p.poke(0);
    vi.advanceTimersByTime(100);
    expect(starts).toHaveLength(0);
  });
});
