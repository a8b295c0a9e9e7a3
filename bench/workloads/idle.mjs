import { randomUUID } from 'node:crypto';
import { createGroup } from '../lib/groups.mjs';
import { post } from '../lib/http.mjs';
import { readProc } from '../lib/procstat.mjs';
import { pool } from '../lib/sockets.mjs';
import { connectUsers, createUsers } from '../lib/users.mjs';

/**
 * Idle connections: `conns` bound sockets (`connsPerUser` per user, ≤ 20 by PROTOCOL §13.2,
 * to keep scrypt-bound sign-up short) held `hold` s with 25 s heartbeats. RSS per connection =
 * (server RSS with the sockets − RSS before) / conns, after a GC-free settle of the hold time.
 * `chat` > 0: then the users chat while connected (chat()), and the point adds the RSS after it
 * and the highest RSS the server ever had (VmHWM), what a small machine must leave room for.
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
  const chatted = opts.chat > 0 ? await chat(users, opts.chat, runId, log) : null;
  const afterChat = chatted && pids.map((p) => readProc(p));
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
    ...(chatted && {
      ...chatted,
      rssAfterChatMb: afterChat.map((r) => Math.round((r?.rssKb ?? 0) / 102.4) / 10),
      rssHighestMb: afterChat.map((r) => Math.round((r?.hwmKb ?? 0) / 102.4) / 10),
    }),
  };
  report.write(point);
  conns.closeAll();
  return [point];
}

/**
 * `n` one-to-one messages (each user to the next, in turn) and a group of the first 50 users with
 * n/10 messages, sent over HTTP 16 at a time while every socket listens: what a working day
 * leaves in the server's memory. Then 3 s for the pushes to go out.
 */
async function chat(users, n, runId, log) {
  const t0 = performance.now();
  let refused = 0;
  const send = async (sender, toContactId, i) => {
    const e = await post(
      sender.base,
      '/enterprise/im/sendMessage',
      { id: randomUUID(), type: 'text', content: `chat ${i}`, toContactId },
      { token: sender.token, localAddress: sender.src },
    );
    if (e.code !== 0) refused++;
  };
  const pairs = Array.from({ length: n }, (_, i) => i);
  await pool(pairs, 16, (i) => send(users[i % users.length], users[(i + 1) % users.length].id, i));
  const members = users.slice(0, Math.min(50, users.length));
  const groupId = await createGroup(members, `chat ${runId}`);
  const inGroup = Math.round(n / 10);
  await pool(
    Array.from({ length: inGroup }, (_, i) => i),
    16,
    (i) => send(members[i % members.length], `group-${groupId}`, i),
  );
  await new Promise((r) => setTimeout(r, 3000));
  log(
    `  chat: ${n} one-to-one and ${inGroup} group messages (${members.length} members) in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${refused} refused`,
  );
  return { chatOneToOne: n, chatGroup: inGroup, groupMembers: members.length, chatRefused: refused };
}

export const columns = [
  ['conns', 'conns'],
  ['open', 'open'],
  ['closed', 'closedEarly'],
  ['RSS before MB', (r) => r.rssBeforeMb.join('+')],
  ['RSS after MB', (r) => r.rssAfterMb.join('+')],
  ['kB/conn', 'kbPerConn'],
  ['idle CPU %', 'serverCpuPctIdle'],
  ['RSS after chat MB', (r) => r.rssAfterChatMb?.join('+') ?? ''],
  ['highest RSS MB', (r) => r.rssHighestMb?.join('+') ?? ''],
];
