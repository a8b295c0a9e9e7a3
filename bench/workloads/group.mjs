import { assertGroupsExist, createGroup } from '../lib/groups.mjs';
import { Tracker } from '../lib/tracker.mjs';
import { connectUsers, createUsers } from '../lib/users.mjs';
import { readGroup } from './read-list.mjs';

/**
 * Group fan-out: one group of `members` (owner = member 0), created with /enterprise/group/add
 * and filled with addGroupUser (≤ 20 per call, PROTOCOL §6, §13.2). Senders are the first
 * `senders` members in turn; every other member is an expected recipient of every message.
 */
export async function prepare({ env, opts, sources, runId, log }) {
  const m = Math.max(3, opts.members);
  log(`group: ${m} members on ${env.nodes.length} node(s), ${opts.senders} sender(s)`);
  await assertGroupsExist(env.nodes[0].url);
  const users = await createUsers({ nodes: env.nodes, n: m, sources, runId, log });
  const groupId = await createGroup(users, `bench ${runId}`);
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
