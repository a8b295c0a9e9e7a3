import { readProc } from '../lib/procstat.mjs';
import { connectUsers, createUsers } from '../lib/users.mjs';

/**
 * Idle connections: `conns` bound sockets (`connsPerUser` per user, ≤ 20 by PROTOCOL §13.2,
 * to keep scrypt-bound sign-up short) held `hold` s with 25 s heartbeats. RSS per connection =
 * (server RSS with the sockets − RSS before) / conns, after a GC-free settle of the hold time.
 */
export async function run({ env, opts, sources, runId, log, report }) {
  const per = Math.min(20, Math.max(1, opts.connsPerUser));
  const n = Math.ceil(opts.conns / per);
  log(`idle: ${opts.conns} sockets = ${n} users × ${per} on ${env.nodes.length} node(s), held ${opts.hold} s`);
  const users = await createUsers({ nodes: env.nodes, n, sources, runId, log });
  const pids = env.nodes.map((x) => x.pid).filter(Boolean);
  await new Promise((r) => setTimeout(r, 2000));
  const before = pids.map((p) => readProc(p)?.rssKb ?? 0);
  const conns = await connectUsers({ users, perUser: per, log });
  const socks = conns.socks.slice(0, opts.conns);
  conns.socks.slice(opts.conns).forEach((s) => s.ws.close(1000));
  const t0 = performance.now();
  let peak = before.slice();
  const bound = readProc(pids[0]);
  while (performance.now() - t0 < opts.hold * 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    peak = pids.map((p, i) => Math.max(peak[i], readProc(p)?.rssKb ?? 0));
  }
  const after = pids.map((p) => readProc(p)?.rssKb ?? 0);
  const cpu = bound && readProc(pids[0]);
  const open = socks.filter((s) => s.ws.readyState === s.ws.OPEN).length;
  const deltaKb = after.reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0);
  const point = {
    workload: 'idle',
    conns: socks.length,
    connsPerUser: per,
    users: n,
    holdS: opts.hold,
    open,
    closedEarly: conns.closedEarly(),
    rssBeforeMb: before.map((k) => Math.round(k / 102.4) / 10),
    rssAfterMb: after.map((k) => Math.round(k / 102.4) / 10),
    rssPeakMb: peak.map((k) => Math.round(k / 102.4) / 10),
    kbPerConn: Math.round((deltaKb / socks.length) * 10) / 10,
    serverCpuPctIdle:
      bound && cpu ? Math.round(((cpu.cpuS - bound.cpuS) / ((cpu.t - bound.t) / 1000)) * 1000) / 10 : null,
    heartbeatsAnswered: socks.reduce((a, s) => a + (s.pongs ?? 0), 0),
  };
  report.write(point);
  conns.closeAll();
  return [point];
}

export const columns = [
  ['conns', 'conns'],
  ['open', 'open'],
  ['closed', 'closedEarly'],
  ['RSS before MB', (r) => r.rssBeforeMb.join('+')],
  ['RSS after MB', (r) => r.rssAfterMb.join('+')],
  ['kB/conn', 'kbPerConn'],
  ['idle CPU %', 'serverCpuPctIdle'],
];
