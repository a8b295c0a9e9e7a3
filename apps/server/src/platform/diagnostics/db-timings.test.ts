import { afterEach, describe, expect, it } from 'vitest';
import {
  enableDbTimings,
  recordBatch,
  recordCheckpoint,
  recordFileSync,
  recordGate,
  recordUnit,
  recordWalSync,
  takeDbSecond,
} from './db-timings';

describe('db timings for the stall log', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it('records nothing while the stall log is off', () => {
    recordBatch(12, 3);
    expect(takeDbSecond()).toBeUndefined();
  });

  it('sums a second of batches, syncs and checkpoints, then starts the next second from zero', () => {
    stop = enableDbTimings();
    recordBatch(10, 2.5);
    recordBatch(30, 4.25);
    recordWalSync(1.5);
    recordWalSync(3.5);
    recordCheckpoint(1.25);
    recordFileSync(6, false);
    recordFileSync(2, true);
    recordFileSync(4, false);
    recordGate(3);
    recordGate(1.5);
    recordUnit(40.125);
    recordUnit(12);
    expect(takeDbSecond()).toEqual({
      batches: 2,
      units: 40,
      unitsMax: 30,
      runMs: 6.75,
      runMaxMs: 4.25,
      syncs: 2,
      syncMs: 5,
      syncMaxMs: 3.5,
      checkpoints: 1,
      copyMs: 1.25,
      copyMaxMs: 1.25,
      fileSyncMs: 10,
      fileSyncMaxMs: 6,
      gateMs: 4.5,
      gateMaxMs: 3,
      blockingSyncMs: 2,
      unitMaxMs: 40.13,
    });
    expect(takeDbSecond()).toMatchObject({ batches: 0, units: 0, syncs: 0, checkpoints: 0, unitMaxMs: 0 });
  });
});
