import fs from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { enableDbTimings, takeDbSecond, type DbSecond } from './db-timings';

/**
 * Per-second stall report for benchmarks (PARLEY_STALL_LOG=path, issue 23): how long the event
 * loop was late and how long garbage collection paused it, one JSON line per second, so the
 * bench can set them beside each second's latency. Off unless asked: the histogram's timer
 * costs a little on every loop turn.
 */
export interface StallSecond {
  /** End of the second, ms since the epoch. */
  t: number;
  /** Event-loop delay in ms (10 ms resolution timer): percentiles and max over the second. */
  eld: { p50: number; p99: number; max: number; mean: number };
  /** GC pauses that ended in the second: how many, their total and longest, in ms. */
  gc: { count: number; ms: number; maxMs: number };
  /** SQLite's group commits, WAL syncs and checkpoints in the second (absent on PostgreSQL). */
  db?: DbSecond;
}

const ms = (ns: number) => Math.round(ns / 1e4) / 100;

/** Pure: one line's worth from the histogram readings and the GC durations of the second. */
export function stallSecond(
  t: number,
  h: { p50: number; p99: number; max: number; mean: number },
  gcDurationsMs: number[],
  db?: DbSecond,
): StallSecond {
  const total = gcDurationsMs.reduce((a, b) => a + b, 0);
  return {
    ...(db && db.batches + db.syncs + db.checkpoints > 0 ? { db } : {}),
    t,
    eld: { p50: ms(h.p50), p99: ms(h.p99), max: ms(h.max), mean: ms(Number.isFinite(h.mean) ? h.mean : 0) },
    gc: {
      count: gcDurationsMs.length,
      ms: Math.round(total * 100) / 100,
      maxMs: Math.round(Math.max(0, ...gcDurationsMs) * 100) / 100,
    },
  };
}

/** Starts writing to `file`; returns a stop function. */
export function startStallLog(file: string, everyMs = 1000): () => void {
  const out = fs.createWriteStream(file, { flags: 'a' });
  const eld = monitorEventLoopDelay({ resolution: 10 });
  eld.enable();
  const stopDb = enableDbTimings();
  let gc: number[] = [];
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gc.push(e.duration);
  });
  obs.observe({ entryTypes: ['gc'] });
  const timer = setInterval(() => {
    const line = stallSecond(
      Date.now(),
      { p50: eld.percentile(50), p99: eld.percentile(99), max: eld.max, mean: eld.mean },
      gc,
      takeDbSecond(),
    );
    gc = [];
    eld.reset();
    out.write(`${JSON.stringify(line)}\n`);
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    eld.disable();
    stopDb();
    obs.disconnect();
    out.end();
  };
}
