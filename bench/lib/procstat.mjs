import fs from 'node:fs';

/** CPU and memory of a process from /proc (Linux). */

const TICKS = 100; // USER_HZ on Linux

export function readProc(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuS = (Number(f[11]) + Number(f[12])) / TICKS; // utime + stime
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    // The highest RSS the process ever had (what a small machine must leave room for).
    const hwmKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { cpuS, rssKb, hwmKb, t: performance.now() };
  } catch {
    return null;
  }
}

/** Samples processes every `everyMs` between start() and stop(): CPU % over the window, RSS max/last. */
export function sampler(pids, everyMs = 1000) {
  let first = [];
  let timer;
  const maxRss = new Map();
  const sample = () => {
    for (const pid of pids) {
      const r = readProc(pid);
      if (r) maxRss.set(pid, Math.max(maxRss.get(pid) ?? 0, r.rssKb));
    }
  };
  return {
    start() {
      first = pids.map(readProc);
      sample();
      timer = setInterval(sample, everyMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      const last = pids.map(readProc);
      return pids.map((pid, i) => {
        const a = first[i];
        const b = last[i];
        const cpuPct = a && b ? Math.round(((b.cpuS - a.cpuS) / ((b.t - a.t) / 1000)) * 1000) / 10 : null;
        return {
          pid,
          cpuPct,
          rssMb: b ? Math.round(b.rssKb / 102.4) / 10 : null,
          rssMaxMb: Math.round((maxRss.get(pid) ?? 0) / 102.4) / 10,
        };
      });
    },
  };
}

/** Whole-machine busy CPU from /proc/stat, in % of one core (200 = both cores of this machine busy). */
export function machineCpu() {
  try {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] ?? 0);
    return { busyS: (f.reduce((a, b) => a + b, 0) - idle) / TICKS, t: performance.now() };
  } catch {
    return null;
  }
}
export const machinePct = (a, b) =>
  a && b ? Math.round(((b.busyS - a.busyS) / ((b.t - a.t) / 1000)) * 1000) / 10 : null;

/** CPU seconds of every process now: Map pid → { comm, cpuS }, and when it was read. */
export function snapshotAll() {
  const procs = new Map();
  let names;
  try {
    names = fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return { procs, t: performance.now() };
  }
  for (const n of names) {
    try {
      const stat = fs.readFileSync(`/proc/${n}/stat`, 'utf8');
      const open = stat.indexOf('(');
      const close = stat.lastIndexOf(')');
      const f = stat.slice(close + 2).split(' ');
      procs.set(Number(n), { comm: stat.slice(open + 1, close), cpuS: (Number(f[11]) + Number(f[12])) / TICKS });
    } catch {
      /* gone meanwhile */
    }
  }
  return { procs, t: performance.now() };
}

/**
 * Pure: CPU % of one core each process used between two snapshots (processes in both), split into
 * the system under test (`ours`: pids, plus names such as postgres and redis-server on the pg
 * back end) and everything else. Returns { oursPct, otherPct, top: [{ pid, comm, pct }] } with
 * the three busiest other processes.
 */
export function splitCpu(a, b, { pids = [], comms = [] } = {}) {
  const dt = (b.t - a.t) / 1000;
  const mine = new Set(pids);
  const names = new Set(comms);
  let oursPct = 0;
  let otherPct = 0;
  const others = [];
  if (dt <= 0) return { oursPct: 0, otherPct: 0, top: [] };
  for (const [pid, after] of b.procs) {
    const before = a.procs.get(pid);
    if (!before) continue;
    const pct = ((after.cpuS - before.cpuS) / dt) * 100;
    if (pct <= 0) continue;
    if (mine.has(pid) || names.has(after.comm)) oursPct += pct;
    else {
      otherPct += pct;
      others.push({ pid, comm: after.comm, pct: Math.round(pct * 10) / 10 });
    }
  }
  others.sort((x, y) => y.pct - x.pct);
  return { oursPct: Math.round(oursPct * 10) / 10, otherPct: Math.round(otherPct * 10) / 10, top: others.slice(0, 3) };
}
