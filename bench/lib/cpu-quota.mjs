import fs from 'node:fs';
import path from 'node:path';

/**
 * `--node-cpu C`: each node limited to C cores, as an orchestrator runs it (a Kubernetes CPU limit
 * is this same CFS quota). On a machine with fewer cores than nodes this is how "a node brings its
 * own core" can be measured at all: n nodes get n × C cores between them, while PostgreSQL, Redis
 * and the generator keep the rest (issue 41's "two nodes never below one").
 *
 * The period is 10 ms, not the kernel's 100 ms default: a node that spends its quota early in a
 * period waits for the next one, and with 100 ms periods that wait alone would be most of the
 * bench's 100 ms p99 limit. cgroup v1 (`/sys/fs/cgroup/cpu`) and v2 (`cpu.max`) both work; the
 * bench must run as root.
 */

export const QUOTA_PERIOD_US = 10_000;

const V1 = '/sys/fs/cgroup/cpu';
const V2 = '/sys/fs/cgroup';

/** The files to write for a quota of `cores` (pure: the cgroup version decides the format). */
export function quotaFiles(version, cores, periodUs = QUOTA_PERIOD_US) {
  const quota = Math.max(1000, Math.round(cores * periodUs));
  return version === 1
    ? { 'cpu.cfs_period_us': String(periodUs), 'cpu.cfs_quota_us': String(quota) }
    : { 'cpu.max': `${quota} ${periodUs}` };
}

function cgroupVersion() {
  if (fs.existsSync(path.join(V1, 'cpu.cfs_quota_us'))) return 1;
  const controllers = path.join(V2, 'cgroup.controllers');
  if (fs.existsSync(controllers) && fs.readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu')) return 2;
  return 0;
}

/** `cpu.stat` text → the counters a limit's waits show in (cgroup v1 names; v2 uses `_usec`). */
export function parseCpuStat(text) {
  const v = Object.fromEntries(
    text
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f.length === 2)
      .map(([k, n]) => [k, Number(n)]),
  );
  return {
    periods: v.nr_periods ?? 0,
    throttled: v.nr_throttled ?? 0,
    throttledUs: v.throttled_usec ?? (v.throttled_time ?? 0) / 1000,
  };
}

/**
 * What the limit cost between two readings: the share of periods in which the node ran out of
 * quota and waited for the next one, and how long its threads waited in all, per second of the
 * window (summed over threads, so it can exceed 1,000 ms/s). A node throttled in most periods is
 * at its limit whatever its average use says: short bursts (a batch, a GC) do not fit a period.
 */
export function throttleBetween(before, after, seconds) {
  const periods = after.periods - before.periods;
  const throttled = after.throttled - before.throttled;
  return {
    throttledPct: periods > 0 ? Math.round((throttled / periods) * 1000) / 10 : 0,
    waitMsPerS: Math.round((after.throttledUs - before.throttledUs) / 1000 / Math.max(0.001, seconds)),
  };
}

/**
 * Makes a cgroup limited to `cores` and returns `{ wrap(command), remove() }`: `wrap` prefixes a
 * command so that it enters the cgroup before it execs (every thread it starts is then inside).
 */
export function cpuQuota(name, cores) {
  const version = cgroupVersion();
  if (!version) throw new Error('--node-cpu needs a cgroup cpu controller (/sys/fs/cgroup/cpu or cgroup v2 cpu)');
  const root = version === 1 ? V1 : V2;
  if (version === 2) {
    // The root must hand the cpu controller down before a child can use it.
    fs.writeFileSync(path.join(V2, 'cgroup.subtree_control'), '+cpu');
  }
  const dir = path.join(root, name);
  try {
    fs.mkdirSync(dir, { recursive: true });
    for (const [file, value] of Object.entries(quotaFiles(version, cores)))
      fs.writeFileSync(path.join(dir, file), value);
  } catch (err) {
    throw new Error(`--node-cpu: cannot set up ${dir} (${err.code ?? err.message}; run the bench as root)`, {
      cause: err,
    });
  }
  const procs = path.join(dir, 'cgroup.procs');
  return {
    dir,
    /** The cgroup's counters now (parseCpuStat), or null once it is gone. */
    stat() {
      try {
        return parseCpuStat(fs.readFileSync(path.join(dir, 'cpu.stat'), 'utf8'));
      } catch {
        return null;
      }
    },
    wrap: (command) => ['sh', '-c', `echo $$ > '${procs}' && exec "$@"`, 'sh', ...command],
    /** Once its processes have exited (a cgroup with members cannot be removed). */
    remove() {
      try {
        fs.rmdirSync(dir);
      } catch {
        // still busy or already gone: nothing to keep, the next run uses a new name
      }
    },
  };
}
