import { describe, expect, it } from 'vitest';
import { mergeSeconds } from './stalls.mjs';
import { combineReps, verdict } from './reps.mjs';
import { Samples } from './stats.mjs';

const samples = (...v) => {
  const s = new Samples();
  v.forEach((x) => s.add(x));
  return s;
};

describe('mergeSeconds', () => {
  it('puts each second of latency beside the stall line that ends it', () => {
    const bySecond = new Map([
      [100, samples(5, 7)],
      [101, samples(90)],
    ]);
    const lines = [
      { t: 101_000, eld: { p99: 12, max: 15 }, gc: { ms: 3, maxMs: 2 } },
      { t: 102_000, eld: { p99: 80, max: 95 }, gc: { ms: 40, maxMs: 38 } },
    ];
    expect(mergeSeconds(bySecond, lines)).toEqual([
      {
        s: 0,
        n: 2,
        p99: 7,
        max: 7,
        eldP99: 12,
        eldMax: 15,
        gcMs: 3,
        gcMaxMs: 2,
        batches: null,
        unitsMax: null,
        runMaxMs: null,
        syncMs: null,
        syncMaxMs: null,
        copyMs: null,
        fileSyncMaxMs: null,
        gateMs: null,
        blockMs: null,
        unitMaxMs: null,
        genEldMax: null,
        genGcMaxMs: null,
      },
      {
        s: 1,
        n: 1,
        p99: 90,
        max: 90,
        eldP99: 80,
        eldMax: 95,
        gcMs: 40,
        gcMaxMs: 38,
        batches: null,
        unitsMax: null,
        runMaxMs: null,
        syncMs: null,
        syncMaxMs: null,
        copyMs: null,
        fileSyncMaxMs: null,
        gateMs: null,
        blockMs: null,
        unitMaxMs: null,
        genEldMax: null,
        genGcMaxMs: null,
      },
    ]);
  });
  it('adds the SQLite group commits, syncs and checkpoints of the second when the server logged them', () => {
    const db = {
      batches: 40,
      units: 2000,
      unitsMax: 90,
      runMs: 300,
      runMaxMs: 12,
      syncs: 40,
      syncMs: 220,
      syncMaxMs: 15,
      checkpoints: 5,
      copyMs: 4,
      copyMaxMs: 1,
      fileSyncMs: 30,
      fileSyncMaxMs: 9,
      gateMs: 7,
      gateMaxMs: 4,
      blockingSyncMs: 0,
      unitMaxMs: 31,
    };
    const [row] = mergeSeconds(new Map([[100, samples(5)]]), [
      { t: 101_000, eld: { p99: 12, max: 15 }, gc: { ms: 3, maxMs: 2 }, db },
    ]);
    expect(row).toMatchObject({
      batches: 40,
      unitsMax: 90,
      runMaxMs: 12,
      syncMs: 220,
      syncMaxMs: 15,
      copyMs: 4,
      fileSyncMaxMs: 9,
      gateMs: 7,
      blockMs: 0,
      unitMaxMs: 31,
    });
  });
  it("sets the generator's own stalls beside the second they happened in", () => {
    const gen = new Map([[100, { eldMax: 140, gcMs: 130, gcMaxMs: 120 }]]);
    const rows = mergeSeconds(new Map([[100, samples(150)]]), [], gen);
    expect(rows).toMatchObject([{ s: 0, p99: 150, genEldMax: 140, genGcMaxMs: 120, eldMax: null }]);
  });
  it('keeps seconds only one side has', () => {
    const rows = mergeSeconds(new Map([[5, samples(1)]]), [
      { t: 7_000, eld: { p99: 1, max: 2 }, gc: { ms: 0, maxMs: 0 } },
    ]);
    expect(rows.map((r) => [r.s, r.n, r.eldP99])).toEqual([
      [0, 1, null],
      [1, 0, 1],
    ]);
  });
});

describe('combineReps', () => {
  const rep = (clean, p99, otherCpuPct) => ({ rate: 2000, clean, e2e: { p99 }, otherCpuPct });
  it('is clean only when every repetition is', () => {
    expect(combineReps([rep(true, 20, 2), rep(false, 300, 3)], { otherCpuLimit: 10 })).toMatchObject({
      clean: false,
      result: true,
      p99s: [20, 300],
    });
    expect(verdict(combineReps([rep(true, 20, 2), rep(true, 30, 1)], { otherCpuLimit: 10 }))).toBe('clean');
  });
  it('is not a result when other processes took over the limit in any repetition', () => {
    const c = combineReps([rep(true, 20, 2), rep(true, 25, 14)], { otherCpuLimit: 10 });
    expect([c.clean, c.result, c.maxOtherCpuPct, verdict(c)]).toEqual([true, false, 14, 'not a result']);
  });
});
