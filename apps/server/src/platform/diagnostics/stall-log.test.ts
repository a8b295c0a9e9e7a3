import { describe, expect, it } from 'vitest';
import { stallSecond } from './stall-log';

describe('stallSecond', () => {
  it('turns histogram nanoseconds into ms and sums the GC pauses of the second', () => {
    const line = stallSecond(
      1000,
      { p50: 10_100_000, p99: 35_000_000, max: 80_500_000, mean: 12_000_000 },
      [1.5, 20.25, 3],
    );
    expect(line).toEqual({
      t: 1000,
      eld: { p50: 10.1, p99: 35, max: 80.5, mean: 12 },
      gc: { count: 3, ms: 24.75, maxMs: 20.25 },
    });
  });
  it('reports a quiet second as zeros (an empty histogram has a NaN mean)', () => {
    expect(stallSecond(0, { p50: 0, p99: 0, max: 0, mean: NaN }, [])).toEqual({
      t: 0,
      eld: { p50: 0, p99: 0, max: 0, mean: 0 },
      gc: { count: 0, ms: 0, maxMs: 0 },
    });
  });
  it('carries the database figures of a second in which the database worked, and none otherwise', () => {
    const db = {
      batches: 3,
      units: 90,
      unitsMax: 40,
      runMs: 9,
      runMaxMs: 4,
      syncs: 3,
      syncMs: 6,
      syncMaxMs: 3,
      checkpoints: 0,
      copyMs: 0,
      copyMaxMs: 0,
      fileSyncMs: 0,
      fileSyncMaxMs: 0,
      gateMs: 0,
      gateMaxMs: 0,
      blockingSyncMs: 0,
      unitMaxMs: 0,
    };
    expect(stallSecond(0, { p50: 0, p99: 0, max: 0, mean: 0 }, [], db).db).toEqual(db);
    expect(stallSecond(0, { p50: 0, p99: 0, max: 0, mean: 0 }, [], { ...db, batches: 0, syncs: 0 })).not.toHaveProperty(
      'db',
    );
  });
});
