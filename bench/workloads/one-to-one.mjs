import { Tracker } from '../lib/tracker.mjs';
import { connectUsers, createUsers } from '../lib/users.mjs';

/**
 * One-to-one: users in pairs (2k, 2k+1); message i goes over pair i % pairs, alternating
 * direction, so every user sends and receives at the same rate. Each user holds one socket on
 * its node (users alternate between nodes, so with two nodes half the pairs cross nodes).
 */
export async function prepare({ env, opts, sources, runId, log }) {
  const n = Math.max(2, opts.users - (opts.users % 2));
  log(`one-to-one: ${n} users on ${env.nodes.length} node(s)`);
  const users = await createUsers({ nodes: env.nodes, n, sources, runId, log });
  const tracker = new Tracker();
  // Sockets are opened per repetition (a fresh server start closes them): connect() in main.mjs.
  const connect = () =>
    connectUsers({ users, onPush: (type, id, sock) => type === 'simple' && tracker.onPush(id, sock.userId), log });
  const pairs = n / 2;
  const slots = users.map((u) => new Map([[u.id, 0]]));
  const pick = (i) => {
    const p = i % pairs;
    const flip = Math.floor(i / pairs) % 2;
    const a = users[2 * p + flip];
    const b = users[2 * p + 1 - flip];
    return { sender: a, to: b.id, recipients: slots[b.i] };
  };
  return { tracker, pick, extra: { workload: 'one-to-one', users: n }, connect };
}
