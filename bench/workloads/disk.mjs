import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { percentile, Samples } from '../lib/stats.mjs';

/**
 * The disk alone, no server: how long `fdatasync` of a small write takes on the filesystem the
 * bench's servers keep their data on (the system's temporary directory), every `--gap-ms` for
 * `--duration` seconds, on core 1 with `--pin` like the generator.
 *
 * Why: every send is answered only once its WAL sync is on disk, so a sync that stalls 100 ms
 * holds back every message sent meanwhile, and a point's p99 ≤ 100 ms then depends on whether a
 * stall fell in its 10 s, whatever the rate (docs/performance.md, eighth pass). Run this before
 * reading a sweep: a disk that stalls on its own, with nothing else running, is the machine's
 * limit, not the server's.
 */
const fdatasync = promisify(fs.fdatasync);

export const columns = [
  ['syncs', 'count'],
  ['p50 ms', 'p50'],
  ['p99', 'p99'],
  ['p99.9', 'p999'],
  ['max', 'max'],
  ['s ≥ 50 ms', 'secondsOver50'],
  ['s ≥ 100 ms', 'secondsOver100'],
  ['seconds', 'seconds'],
];

/**
 * Pure: sync durations (ms) each with the second they started in (from 0) → the figures above,
 * and each second's longest sync.
 */
export function summarise(samples) {
  const all = new Samples();
  const perSecond = [];
  for (const { second, ms } of samples) {
    all.add(ms);
    perSecond[second] = Math.max(perSecond[second] ?? 0, ms);
  }
  const maxima = Array.from(perSecond, (v) => v ?? 0);
  const { count, p50, p99, max } = all.summary(); // sorts all.values
  const p999 = percentile(all.values, 99.9);
  return {
    count,
    p50,
    p99,
    p999: p999 === null ? null : Math.round(p999 * 100) / 100,
    max,
    seconds: maxima.length,
    secondsOver50: maxima.filter((v) => v >= 50).length,
    secondsOver100: maxima.filter((v) => v >= 100).length,
    perSecondMax: maxima.map((v) => Math.round(v)),
  };
}

/** The line said under the table: whether this disk lets a 100 ms p99 be met at all. */
export function verdict(s) {
  if (s.secondsOver100 === 0) return `no sync took 100 ms or more in ${s.seconds} s`;
  return (
    `a sync took ≥ 100 ms in ${s.secondsOver100} of ${s.seconds} seconds with nothing else writing: ` +
    'on this disk a point is clean by p99 ≤ 100 ms only if no such stall falls in its window, at any rate'
  );
}

export async function run({ opts, log, report }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-disk-'));
  const file = path.join(dir, 'sync.dat');
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(16 * 1024, 0x5a); // about a group batch's WAL frames
  const seconds = opts.duration;
  log(`disk: fdatasync of ${block.length / 1024} kB every ${opts.gapMs} ms for ${seconds} s in ${dir}`);
  const samples = [];
  const t0 = performance.now();
  try {
    for (let i = 0; performance.now() - t0 < seconds * 1000; i++) {
      fs.writeSync(fd, block, 0, block.length, (i % 256) * block.length);
      const start = performance.now();
      await fdatasync(fd);
      samples.push({ second: Math.floor((start - t0) / 1000), ms: performance.now() - start });
      await new Promise((resolve) => setTimeout(resolve, opts.gapMs));
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const s = summarise(samples);
  report.write({ kind: 'disk', gapMs: opts.gapMs, blockBytes: block.length, ...s });
  log(`  longest sync per second (ms): ${s.perSecondMax.join(' ')}`);
  return { rows: [s], note: verdict(s) };
}
