import { call, post } from '../lib/http.mjs';
import { Tracker } from '../lib/tracker.mjs';
import { connectUsers, createUsers } from '../lib/users.mjs';

/**
 * Group fan-out: one group of `members` (owner = member 0), created with /enterprise/group/add
 * and filled with addGroupUser (≤ 20 per call, PROTOCOL §6, §13.2). Senders are the first
 * `senders` members in turn; every other member is an expected recipient of every message.
 */
const NO_GROUPS =
  'group creation is not available on this server: POST /enterprise/group/add answered 404 ' +
  '(PROTOCOL §6 `add` arrives with a later issue). The group workload needs it.';

export async function prepare({ env, opts, sources, runId, log }) {
  const m = Math.max(3, opts.members);
  log(`group: ${m} members on ${env.nodes.length} node(s), ${opts.senders} sender(s)`);
  // Unknown routes answer 404 before any auth check, so probe before spending time on sign-ups.
  const probe = await post(env.nodes[0].url, '/enterprise/group/add', {}).catch((err) => ({ code: err.code }));
  if (probe.code === 404) throw new Error(NO_GROUPS);
  const users = await createUsers({ nodes: env.nodes, n: m, sources, runId, log });
  const owner = users[0];
  const first = users.slice(1, 21).map((u) => u.id);
  const created = await post(
    owner.base,
    '/enterprise/group/add',
    { user_ids: first, name: `bench ${runId}` },
    { token: owner.token },
  ).catch((err) => (err.code === 404 ? { code: 404 } : Promise.reject(err)));
  if (created.code === 404) {
    throw new Error(NO_GROUPS);
  }
  if (created.code !== 0) throw new Error(`/enterprise/group/add: code ${created.code} ${created.msg}`);
  const groupId = created.data?.extra?.group_id ?? Number(String(created.data?.id).replace('group-', ''));
  for (let k = 21; k < m; k += 20) {
    await call(
      owner.base,
      '/enterprise/group/addGroupUser',
      { id: groupId, user_ids: users.slice(k, k + 20).map((u) => u.id) },
      { token: owner.token },
    );
  }
  const list = await call(
    owner.base,
    '/enterprise/group/groupUserList',
    { group_id: groupId, limit: 0 },
    { token: owner.token },
  );
  if (list.count !== m) throw new Error(`group has ${list.count} members, expected ${m}`);
  log(`  group-${groupId} has ${m} members`);
  const tracker = new Tracker();
  // Sockets are opened per repetition (a fresh server start closes them): connect() in main.mjs.
  const connect = () =>
    connectUsers({ users, onPush: (type, id, sock) => type === 'group' && tracker.onPush(id, sock.userId), log });
  const senders = users.slice(0, Math.max(1, Math.min(opts.senders, m)));
  const recipientsOf = senders.map((s) => new Map(users.filter((u) => u !== s).map((u, k) => [u.id, k])));
  const pick = (i) => {
    const k = i % senders.length;
    return { sender: senders[k], to: `group-${groupId}`, recipients: recipientsOf[k] };
  };
  return { tracker, pick, extra: { workload: 'group', members: m, senders: senders.length }, connect };
}
