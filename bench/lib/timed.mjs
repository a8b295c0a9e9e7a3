import { readProc } from './procstat.mjs';
import { Samples } from './stats.mjs';

/**
 * `repeat` calls of `once`, one at a time (the request benches: org, read lists, search): each
 * call's wall time, and the server's own CPU per call. The CPU comes from /proc in 10 ms ticks,
 * so it is taken over all the calls; it is less swayed by a busy machine than the wall times.
 * `pid` null (a server the bench did not start, without BENCH_SERVER_PID): no CPU figure.
 */
export async function timedCalls(pid, repeat, once) {
  const samples = new Samples();
  const cpu0 = readProc(pid);
  for (let k = 0; k < repeat; k++) {
    const t0 = performance.now();
    await once();
    samples.add(performance.now() - t0);
  }
  const cpu1 = readProc(pid);
  const cpuMs = cpu0 && cpu1 ? Math.round(((cpu1.cpuS - cpu0.cpuS) * 1000 * 10) / repeat) / 10 : null;
  return { samples, cpuMs };
}

/** The table columns of a timed request's figures, after the workload's own. */
export const timedColumns = [
  ['n', 'count'],
  ['p50 ms', 'p50'],
  ['p95 ms', 'p95'],
  ['p99 ms', 'p99'],
  ['max ms', 'max'],
  ['srv CPU ms/req', 'cpuMs'],
];
