import { spawn } from 'node:child_process';
import path from 'node:path';
import { call } from '../lib/http.mjs';
import { timedCalls, timedColumns } from '../lib/timed.mjs';
import { repoRoot } from '../lib/server.mjs';

/**
 * Read lists (PROTOCOL §17): `readList` of one message in a group of `--members` (issue 39's
 * target: p95 < 20 ms at 2,000). The group is written straight into the database before the
 * measured server starts (lib/seed-read-list.ts): the owner's one message, every second member's
 * read mark past it, so both lists hold about half the group. The owner then asks each list
 * `--repeat` times, one request at a time, page 1 with 20 and with 100 rows, after one untimed
 * call (the warm path of a sender tapping the count).
 */

/** Opening the group's chat, which is what moves a member's read mark (§4.5). */
export const readGroup = (u, groupId) =>
  call(u.base, '/enterprise/im/getMessageList', { toContactId: `group-${groupId}`, limit: 20 }, { token: u.token });

/** For launch(): seeds while no server holds the database. */
export const seed = (opts, log) => (target) =>
  new Promise((resolve, reject) => {
    log(`read-list: seeding a group of ${opts.members} members`);
    const args = JSON.stringify({ ...target, members: opts.members });
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', 'lib', 'seed-read-list.ts'), args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => log(String(d).trimEnd()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`seed-read-list exited with ${code}`));
      try {
        const s = JSON.parse(out.trim().split('\n').pop());
        log(`  seeded in ${s.seconds} s`);
        resolve(s);
      } catch (err) {
        reject(err);
      }
    });
  });

export async function run({ env, opts, report }) {
  const base = env.nodes[0].url;
  const seeded = env.seeded;
  if (!seeded) throw new Error('read-list needs its seeded database: run it without --url');
  const login = await call(base, '/common/pub/login', {
    account: seeded.owner,
    password: seeded.password,
    terminal: 'web',
  });
  const owner = { base, token: login.data.authToken };
  const m = seeded.members;
  const pid = env.nodes[0].pid ?? (Number(process.env.BENCH_SERVER_PID) || null);
  const repeat = Math.max(1, opts.repeat);
  const points = [];
  for (const type of ['unread', 'read']) {
    for (const limit of [20, 100]) {
      const body = { id: seeded.msgId, type, page: 1, limit };
      const first = await call(owner.base, '/enterprise/im/readList', body, { token: owner.token });
      const { samples: s, cpuMs } = await timedCalls(pid, repeat, () =>
        call(owner.base, '/enterprise/im/readList', body, { token: owner.token }),
      );
      const p = {
        workload: 'read-list',
        backend: env.backend,
        members: m,
        type,
        limit,
        total: first.count,
        cpuMs,
        ...s.summary(),
      };
      report.write(p);
      points.push(p);
    }
  }
  return points;
}

export const columns = [
  ['members', 'members'],
  ['list', 'type'],
  ['limit', 'limit'],
  ['in list', 'total'],
  ...timedColumns,
];
