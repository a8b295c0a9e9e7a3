/**
 * Preloaded into the server (`BENCH_NODE_ARGS="--import <this file>"`) to see where a send's
 * memory goes: on `SIGUSR2` it starts V8's sampling heap profiler, objects later freed by either
 * GC included (so short-lived garbage counts, which is what costs scavenges), and after
 * `BENCH_HEAP_SECS` (8) seconds writes the profile to `BENCH_HEAP_OUT` (default
 * `/tmp/heap-<pid>.json`). Send the signal once the warm-up is over; `heap-top.mjs` prints the sites.
 *
 * `BENCH_HEAP_SURVIVORS=1` leaves out what a scavenge freed: the profile is then what lived long
 * enough to be promoted to the old space (or was still alive at the end), which is what fills the
 * old space and brings on the major GCs. Add `--expose-gc` so that a last scavenge before the
 * profile is read clears the young garbage not yet collected; and read the profile from a window
 * with no major GC in it (`--trace-gc`), since a major GC frees young garbage too, and that counts.
 *
 * Why a signal and not the whole run: setup (registering users, scrypt) and the JIT's warm-up
 * allocate differently from the steady state a message costs. Diagnostic only: sampling costs the
 * server CPU, so the point's latency in that window is not a result.
 */
import { Session } from 'node:inspector';
import fs from 'node:fs';

const secs = Number(process.env.BENCH_HEAP_SECS ?? 8);
const out = process.env.BENCH_HEAP_OUT || `/tmp/heap-${process.pid}.json`;
const session = new Session();
session.connect();
const post = (method, params) =>
  new Promise((resolve, reject) => session.post(method, params, (err, r) => (err ? reject(err) : resolve(r))));

let busy = false;
process.on('SIGUSR2', () => {
  if (busy) return;
  busy = true;
  void (async () => {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: process.env.BENCH_HEAP_SURVIVORS !== '1',
    });
    await new Promise((r) => setTimeout(r, secs * 1000));
    // Survivors only: what died young but was not scavenged yet would still count; with
    // --expose-gc a last scavenge clears it first.
    if (process.env.BENCH_HEAP_SURVIVORS === '1' && typeof globalThis.gc === 'function')
      globalThis.gc({ type: 'minor', execution: 'sync' });
    const { profile } = await post('HeapProfiler.stopSampling');
    fs.writeFileSync(out, JSON.stringify(profile));
    console.error(`heap-sample: ${secs} s written to ${out}`);
    busy = false;
  })().catch((err) => {
    console.error('heap-sample failed', err);
    busy = false;
  });
});
