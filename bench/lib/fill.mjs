import { randomUUID } from 'node:crypto';
import { post } from './http.mjs';
import { pool } from './sockets.mjs';
import { createUsers } from './users.mjs';

/** Sends `count` text messages (`sender(i)` to `to(i)`), closed loop, 32 requests in flight: as fast as the server takes them. */
export async function fill(base, sender, to, count, log, label) {
  const t0 = performance.now();
  let failed = 0;
  await pool(
    Array.from({ length: count }, (_, i) => i),
    32,
    async (i) => {
      const e = await post(
        base,
        '/enterprise/im/sendMessage',
        { id: randomUUID(), type: 'text', content: `history ${i}`, toContactId: to(i) },
        { token: sender(i).token, localAddress: sender(i).src },
      );
      if (e.code !== 0) failed++;
      if ((i + 1) % 20000 === 0) log(`  ${label}: ${i + 1}/${count}`);
    },
  );
  const s = (performance.now() - t0) / 1000;
  log(`  ${label}: ${count} messages in ${s.toFixed(1)} s (${Math.round(count / s)}/s), ${failed} refused`);
}

/**
 * Users 0…n on the first node, user 0 with a one-to-one conversation with each other one (a message
 * each way): the person whose chat list the cold and reopen workloads time.
 */
export async function userWithConversations({ env, n, sources, runId, log }) {
  const users = await createUsers({ nodes: [env.nodes[0]], n: n + 1, sources, runId, log });
  const me = users[0];
  await fill(
    env.nodes[0].url,
    (i) => (i % 2 ? users[1 + (i >> 1)] : me),
    (i) => (i % 2 ? me.id : users[1 + (i >> 1)].id),
    2 * n,
    log,
    'conversations',
  );
  return { users, me };
}
