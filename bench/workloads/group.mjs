import { call, post } from '../lib/http.mjs';
import { Tracker } from '../lib/tracker.mjs';
import { connectUsers, createUsers } from '../lib/users.mjs';
import { readGroup } from './read-list.mjs';

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
  const senders = users.slice(0, Math.max(1, Math.min(opts.senders, m)));
  // --read-within: every second repetition reads, the first not, so one run pairs the two.
  const extra = { workload: 'group', members: m, senders: senders.length };
  let reps = 0;
  const connect = async () => {
    const conns = await connectUsers({
      users,
      onPush: (type, id, sock) => type === 'group' && tracker.onPush(id, sock.userId),
      log,
    });
    const reading = opts.readWithin > 0 && reps++ % 2 === 1;
    // runRep() spreads `extra` into the point after connect(): the row says whether members read.
    if (opts.readWithin > 0) extra.readWithin = reading ? opts.readWithin : 0;
    if (opts.readWithin > 0)
      log(`  this repetition: ${reading ? `members read, each once per ${opts.readWithin} s` : 'nobody reads'}`);
    const stopReading = reading ? startReading(users.slice(senders.length), groupId, opts, log) : null;
    return { ...conns, closeAll: () => (stopReading?.(), conns.closeAll()) };
  };
  const recipientsOf = senders.map((s) => new Map(users.filter((u) => u !== s).map((u, k) => [u.id, k])));
  const pick = (i) => {
    const k = i % senders.length;
    return { sender: senders[k], to: `group-${groupId}`, recipients: recipientsOf[k] };
  };
  return { tracker, pick, extra, connect };
}

/**
 * `--read-within S` (issue 39), in every second repetition: while the senders send, the other members open the chat in turn,
 * each once per S seconds (500 members in 60 s: one read every 120 ms), each read moving their
 * mark over the new messages and so sending `groupRead` to the senders (PROTOCOL §17, at most
 * one per message per second). Those pushes are not counted as deliveries: the figure stays the
 * group fan-out, now with the reading going on beside it. Returns the stop function.
 */
function startReading(readers, groupId, opts, log) {
  const everyMs = (opts.readWithin * 1000) / Math.max(1, readers.length);
  let next = 0;
  let done = 0;
  let failed = 0;
  const timer = setInterval(() => {
    const u = readers[next++ % readers.length];
    readGroup(u, groupId).then(
      () => done++,
      () => failed++,
    );
  }, everyMs);
  return () => {
    clearInterval(timer);
    log(`  reads beside the point: ${done} done, ${failed} failed (one per ${everyMs.toFixed(0)} ms)`);
  };
}
