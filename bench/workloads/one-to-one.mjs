import { Tracker } from '../lib/tracker.mjs';
import { connectUsers, createUsers } from '../lib/users.mjs';
import { connectXmppUsers, createXmppUsers, sendXmpp } from '../lib/xmpp-users.mjs';

/**
 * One-to-one: users in pairs (2k, 2k+1); message i goes over pair i % pairs, alternating
 * direction, so every user sends and receives at the same rate. Each user holds one socket on
 * its node (users alternate between nodes, so with two nodes half the pairs cross nodes). On the
 * ejabberd backend the same pairs chat over XMPP (lib/xmpp-users.mjs), a user's id being its account.
 */
export async function prepare({ env, opts, sources, runId, log }) {
  const n = Math.max(2, opts.users - (opts.users % 2));
  log(`one-to-one: ${n} users on ${env.nodes.length} node(s)`);
  const xmpp = env.backend === 'ejabberd';
  const users = xmpp
    ? await createXmppUsers({ url: env.nodes[0].url, n, sources, runId, log })
    : await createUsers({ nodes: env.nodes, n, sources, runId, log });
  const tracker = new Tracker();
  // Sockets are opened per repetition (a fresh server start closes them): connect() in main.mjs.
  const connect = () =>
    xmpp
      ? connectXmppUsers({ users, onMessage: (id, userId) => tracker.onPush(id, userId), log })
      : connectUsers({ users, onPush: (type, id, sock) => type === 'simple' && tracker.onPush(id, sock.userId), log });
  const pairs = n / 2;
  const slots = users.map((u) => new Map([[u.id, 0]]));
  const pick = (i) => {
    const p = i % pairs;
    const flip = Math.floor(i / pairs) % 2;
    const a = users[2 * p + flip];
    const b = users[2 * p + 1 - flip];
    return { sender: a, to: b.id, recipients: slots[b.i] };
  };
  return { tracker, pick, extra: { workload: 'one-to-one', users: n }, connect, send: xmpp ? sendXmpp : undefined };
}
