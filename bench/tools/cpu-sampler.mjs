/**
 * Issue 41: CPU per process while a `--backend pg` bench runs, for a machine that other work keeps
 * busy. The bench's own `dbCpuPct` counts every postgres process, other people's tests included;
 * this counts only the backends connected to `parley_bench_*` databases (pg_stat_activity).
 * Every 500 ms: cumulative CPU ticks (utime + stime, /proc, 100 a second) of the bench's server
 * nodes (`apps/server/dist/main.mjs`, or `src/main.ts` in older checkouts, run from a checkout under ROOT, the first argument, default
 * the current directory's parent), those backends, and redis-server (all of it: Redis is shared).
 * JSON lines on stdout; `cpu-window.mjs` turns them into CPU per message of a bench run.
 *   node bench/tools/cpu-sampler.mjs /work/wt > /tmp/samples.jsonl &
 */
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
const ticks = (pid) => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const r = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return Number(r[11]) + Number(r[12]);
  } catch {
    return null;
  }
};
const root = process.argv[2] ?? process.cwd().replace(/\/[^/]*$/, '');
const seen = { node: new Map(), pg: new Map(), redis: new Map() };
function scan() {
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmd;
    try {
      cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (cmd.includes('apps/server/dist/main.mjs') || cmd.includes('apps/server/src/main.ts')) {
      let cwd;
      try {
        cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
      } catch {
        continue; // gone meanwhile
      }
      if (cwd.startsWith(root)) seen.node.set(pid, cwd);
    }
    if (cmd.startsWith('redis-server')) seen.redis.set(pid, 'redis');
  }
  try {
    const out = execFileSync(
      'psql',
      [
        '-h',
        '127.0.0.1',
        '-U',
        'postgres',
        '-d',
        'test',
        '-Atc',
        "select pid, datname from pg_stat_activity where datname like 'parley_bench_%'",
      ],
      { encoding: 'utf8' },
    );
    for (const line of out.trim().split('\n').filter(Boolean)) {
      const [pid, db] = line.split('|');
      seen.pg.set(pid, db);
    }
  } catch {
    // PostgreSQL busy or down for a moment: the backends seen so far are still read.
  }
}
const last = new Map();
setInterval(() => {
  scan();
  const row = { t: Date.now(), node: {}, pg: {}, redis: {} };
  for (const k of ['node', 'pg', 'redis'])
    for (const [pid, tag] of seen[k]) {
      const v = ticks(pid);
      if (v != null) last.set(k + pid, v);
      const key = `${tag}`;
      row[k][key] = (row[k][key] ?? 0) + (last.get(k + pid) ?? 0);
    }
  process.stdout.write(JSON.stringify(row) + '\n');
}, 500);
