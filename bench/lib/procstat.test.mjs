import { describe, expect, it } from 'vitest';
import { splitCpu } from './procstat.mjs';

const snap = (t, entries) => ({ t, procs: new Map(entries.map(([pid, comm, cpuS]) => [pid, { comm, cpuS }])) });

describe('splitCpu', () => {
  it('separates the system under test from other processes and names the busiest others', () => {
    const a = snap(0, [
      [10, 'node', 1],
      [11, 'postgres', 2],
      [20, 'tsc', 5],
      [21, 'vitest', 0],
      [22, 'sleep', 3],
    ]);
    const b = snap(10_000, [
      [10, 'node', 6],
      [11, 'postgres', 3],
      [20, 'tsc', 7.5],
      [21, 'vitest', 0.5],
      [22, 'sleep', 3],
      [30, 'new', 9],
    ]);
    const r = splitCpu(a, b, { pids: [10], comms: ['postgres'] });
    expect(r.oursPct).toBe(60); // node 50 % + postgres 10 %
    expect(r.otherPct).toBe(30); // tsc 25 % + vitest 5 %; a process born meanwhile is not counted
    expect(r.top).toEqual([
      { pid: 20, comm: 'tsc', pct: 25 },
      { pid: 21, comm: 'vitest', pct: 5 },
    ]);
  });
  it('answers zeros over an empty window', () => {
    expect(splitCpu(snap(5, []), snap(5, []))).toEqual({ oursPct: 0, otherPct: 0, top: [] });
  });
});
