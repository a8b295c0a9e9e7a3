import { randomBytes } from 'node:crypto';
import { call } from './http.mjs';
import { closeSocket, openSocket, pool } from './sockets.mjs';

/**
 * Accounts and sockets through the public API. Register + login cost two scrypt hashes each
 * (about 40 ms of CPU apiece here), so user creation dominates the set-up of large runs.
 */

const PASSWORD = 'benchpass1';

/** Registers the super-admin (first account) so bench users are ordinary users (role 0). */
export async function registerAdmin(base, runId) {
  await call(base, '/common/pub/register', { account: `adm${runId}`, realname: 'Bench admin', password: PASSWORD });
}

/**
 * Registers and logs in `n` users; user i talks to node i % nodes and uses source address
 * i % sources. Returns [{ i, id, account, token, base, src }].
 */
export async function createUsers({ nodes, n, sources, runId, concurrency = 8, log }) {
  const t0 = performance.now();
  let done = 0;
  const users = await pool(
    Array.from({ length: n }, (_, i) => i),
    concurrency,
    async (i) => {
      const base = nodes[i % nodes.length].url;
      const src = sources[i % sources.length];
      const account = `u${runId}x${i}`;
      await call(
        base,
        '/common/pub/register',
        { account, realname: `Bench ${i}`, password: PASSWORD },
        { localAddress: src },
      );
      const env = await call(
        base,
        '/common/pub/login',
        { account, password: PASSWORD, terminal: 'web' },
        { localAddress: src },
      );
      if (++done % 500 === 0) log?.(`  ${done}/${n} users`);
      return { i, id: env.data.userInfo.id, account, token: env.data.authToken, base, src };
    },
  );
  log?.(`  ${n} users registered and logged in in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return users;
}

/** Opens `perUser` bound sockets per user. Returns the socket list (closeAll() to end). */
export async function connectUsers({ users, perUser = 1, onPush, concurrency = 64, log, timeoutMs = 20000 }) {
  // Sockets are unbound from open to bind: stay under the server's 50 unbound per address (§13.2).
  const sources = new Set(users.map((u) => u.src)).size;
  concurrency = Math.min(concurrency, 40 * Math.max(1, sources));
  const t0 = performance.now();
  const jobs = [];
  for (let k = 0; k < perUser; k++) for (const u of users) jobs.push(u);
  let closedEarly = 0;
  const socks = await pool(jobs, concurrency, (u, j) =>
    openSocket({
      base: u.base,
      userId: u.id,
      token: u.token,
      localAddress: u.src,
      onPush,
      timeoutMs,
      onClose: (s) => {
        if (!s.closing) closedEarly++;
      },
    }).then((s) => {
      s.user = u;
      u.sock = s; // the user's (last) socket: --transport socket sends its calls there
      if ((j + 1) % 2000 === 0) log?.(`  ${j + 1}/${jobs.length} sockets`);
      return s;
    }),
  );
  log?.(`  ${socks.length} sockets bound in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { socks, closedEarly: () => closedEarly, closeAll: () => socks.forEach(closeSocket) };
}

export const newRunId = () => randomBytes(3).toString('hex');
