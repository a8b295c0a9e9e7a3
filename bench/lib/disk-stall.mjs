/**
 * Preloaded into the server (`BENCH_NODE_ARGS="--import <this file>"`) to make the disk stall on
 * purpose: `BENCH_DISK_STALL=<stall ms>/<period ms>` (default 150/2000) holds back the completion
 * of every asynchronous `fs.fdatasync` and `fs.fsync` that would finish inside a stall window
 * until the window ends. Windows follow the wall clock (`Date.now() % period < stall`), so the
 * servers of a paired run stall at the same moments.
 *
 * Why: the virtual disks here stall on their own, 50–200 ms a few times a minute even with nothing
 * else running (docs/performance.md, eighth pass), and such a stall decides a point's p99. Whether
 * the server recovers from one quickly can only be compared when both sides meet the same stalls.
 * Diagnostic only: what is written is still synced for real, only later.
 */
import fs from 'node:fs';

const [stallMs, periodMs] = (process.env.BENCH_DISK_STALL || '150/2000').split('/').map(Number);
if (!(stallMs > 0 && periodMs > stallMs))
  throw new Error(`BENCH_DISK_STALL=${process.env.BENCH_DISK_STALL}: want stall/period in ms`);

/** How long a completion at `now` must still wait: until the end of the window it falls in. */
const holdFor = (now) => {
  const into = now % periodMs;
  return into < stallMs ? stallMs - into : 0;
};

for (const name of ['fdatasync', 'fsync']) {
  const original = fs[name];
  fs[name] = function (fd, callback) {
    return original.call(fs, fd, (...args) => {
      const wait = holdFor(Date.now());
      if (wait > 0) setTimeout(() => callback(...args), wait);
      else callback(...args);
    });
  };
}
