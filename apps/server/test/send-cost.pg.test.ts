import { Redis } from 'ioredis';
import type { LogEvent } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { MessageIdTaken, newMessage } from '../src/modules/messages/messages.repo';
import { createSendBatch } from '../src/modules/messages/pg-send-batch';
import { singleChatId } from '../src/modules/contacts/index';
import { makeFriends, send, uuid } from './chat-fixtures';
import { createGroup } from './group-fixtures';
import { connectSockets, registerAndLogin, seedPeople, startTestServer, type TestSocket } from './helpers/index';

/**
 * What one durable 1:1 send costs PostgreSQL and Redis (issue 41, docs/performance.md): the
 * statements the node sends (each one a round trip) and the Redis commands it issues, while both
 * parties are online and sends run at once, as on a busy node. Not timed. The ceilings hold
 * however the sends happen to be grouped (the worst case: every send a batch of its own), so
 * they fail only when a send's own work creeps back: before issue 41 a send took 12 statements
 * (BEGIN, insert, `chats`, search terms, COMMIT of its own among them) and 8 Redis commands.
 */

const statements: string[] = [];
let counting = false;
const s = await startTestServer({
  dbLog: (e: LogEvent) => {
    if (counting) statements.push(e.query.sql);
  },
});
const { alice, bob, carol } = await seedPeople(s.api);
await makeFriends(s, alice, bob);
await makeFriends(s, alice, carol);
const [aWs, bWs, cWs] = (await connectSockets(s.url, [alice, bob, carol])) as [TestSocket, TestSocket, TestSocket];
afterAll(async () => {
  for (const ws of [aWs, bWs, cWs]) ws.close();
  await s.close();
});

/**
 * The Redis commands this process issues for messages while `fn` runs: ioredis sends each one,
 * inside a pipeline or MULTI too, through `sendCommand` (a test file has its worker process to
 * itself). Those of the presence registry's timers (the node's heartbeat, the sweep of dead
 * nodes) are left out: they name neither a user, nor a counter, nor the event channel.
 */
async function redisCommandsDuring(fn: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  type Command = { name: string; args: unknown[] };
  const proto = Redis.prototype as unknown as { sendCommand: (c: Command, ...rest: unknown[]) => unknown };
  const original = proto.sendCommand;
  const prefix = s.fanout.prefix;
  const ofMessages = (arg: unknown) =>
    typeof arg === 'string' && [`${prefix}lim:`, `${prefix}pu:`, `${prefix}events`].some((k) => arg.startsWith(k));
  proto.sendCommand = function (this: unknown, command, ...rest) {
    if (command.args.some(ofMessages)) seen.push(command.name);
    return original.call(this, command, ...rest);
  };
  try {
    await fn();
  } finally {
    proto.sendCommand = original;
  }
  return seen;
}

async function statementsDuring(fn: () => Promise<void>): Promise<string[]> {
  statements.length = 0;
  counting = true;
  try {
    await fn();
  } finally {
    counting = false;
  }
  return [...statements];
}

/** A new 1:1 text row from alice to bob, as the send path hands it to the batch. */
function messageRow(chatId: string, content: string, id = uuid()) {
  return newMessage({
    id,
    chat_identify: chatId,
    from_user: alice.id,
    to_user: bob.id,
    is_group: 1,
    content,
    send_time_ms: s.clock.now(),
  });
}

describe('a durable 1:1 send on PostgreSQL + Redis', () => {
  it('costs at most 7 statements, none a transaction of its own nor a session read, and 3 Redis commands', async () => {
    // The node's caches (settings, users) warm, as on any running node.
    for (const [from, to] of [
      [alice, bob],
      [bob, alice],
      [carol, alice],
    ] as const)
      expect((await send(s, from, to.id, 'warm')).body.code).toBe(0);
    const n = 20;
    let sql: string[] = [];
    const redis = await redisCommandsDuring(async () => {
      sql = await statementsDuring(async () => {
        const sends = Array.from({ length: n }, (_, i) => {
          const [from, to] = [
            [alice, bob],
            [bob, alice],
            [alice, carol],
            [carol, alice],
          ][i % 4] as [typeof alice, typeof bob];
          return send(s, from, to.id, `m${i}`);
        });
        for (const res of await Promise.all(sends)) expect(res.body.code, res.body.msg).toBe(0);
      });
      // Alice is in every conversation: her copy of the last send has come, so every push was published.
      await aWs.next('simple', (d: { content: string }) => d.content === `m${n - 1}`);
    });
    // In runMode 2 a send reads both friendships and both users' customer-service ids; its
    // session comes from the node's cache (session-cache.ts).
    expect(sql.filter((q) => /^(begin|commit|savepoint)/i.test(q))).toEqual([]);
    expect(sql.filter((q) => /from "sessions"/.test(q))).toEqual([]);
    expect(sql.filter((q) => /^\s*(with|insert)/i.test(q)).length).toBeLessThanOrEqual(n);
    expect(sql.length / n).toBeLessThanOrEqual(7);
    // The abuse guard's counter (one script) and the pushes (at most one PUBLISH per push); both
    // parties are connected to this node, so their presence is known here without Redis.
    expect(redis.filter((c) => !['evalsha', 'publish'].includes(c))).toEqual([]);
    expect(redis.length / n).toBeLessThanOrEqual(3);
  });

  it('asks who is online and who has Web Push for recipients connected elsewhere once per batch, not per send', async () => {
    // Dave has no socket here, as half the recipients of a one-to-one send on two nodes: each of
    // his messages asks Redis whether he is connected to another node, and the database whether
    // he has a subscription to be woken by.
    const dave = await registerAndLogin(s.api, { account: 'dave', realname: 'Dave', password: 'dave-pw1' });
    for (const friend of [alice, bob, carol]) await makeFriends(s, friend, dave);
    const n = 20;
    let sql: string[] = [];
    const redis = await redisCommandsDuring(async () => {
      sql = await statementsDuring(async () => {
        const senders = [alice, bob, carol] as const;
        const sends = Array.from({ length: n }, (_, i) => send(s, senders[i % 3] ?? alice, dave.id, `d${i}`));
        for (const res of await Promise.all(sends)) expect(res.body.code, res.body.msg).toBe(0);
        await s.services.push.idle();
      });
    });
    // Once per event-loop turn: the pushes of one batch usually share a turn, but on a loaded machine
    // a batch's pushes may reach the read over two turns (4 reads for 3 writes was seen), so the
    // bound is fewer than one read per two sends (one per send was 20 here, one per microtask 10).
    const lookups = sql.filter((q) => /from "push_subscriptions"/.test(q)).length;
    expect(lookups).toBeGreaterThan(0);
    expect(lookups).toBeLessThan(n / 2);
    const presenceReads = redis.filter((c) => c === 'smembers').length;
    expect(presenceReads).toBeGreaterThan(0);
    expect(presenceReads).toBeLessThan(n / 2);
  });

  it('writes the sends that arrive together with one statement, each row with its chat mark and terms', async () => {
    const batch = createSendBatch(s.database.db);
    const chatId = singleChatId(alice.id, bob.id);
    const row = (content: string, id = uuid()) => messageRow(chatId, content, id);
    const taken = row('first');
    expect(await batch.write(taken)).toBeGreaterThan(0);
    let ids: number[] = [];
    let again: unknown;
    const sql = await statementsDuring(async () => {
      const writes = Array.from({ length: 10 }, (_, i) => batch.write(row(`batched word${i}`)));
      const resend = batch.write(row('resend', taken.id)).catch((err: unknown) => err);
      ids = await Promise.all(writes);
      again = await resend;
    });
    expect(sql).toHaveLength(1);
    expect(again).toBeInstanceOf(MessageIdTaken);
    expect(new Set(ids).size).toBe(10);
    const db = s.database.db;
    const chat = await db
      .selectFrom('chats')
      .select('last_msg_id')
      .where('chat_identify', '=', chatId)
      .executeTakeFirst();
    expect(chat?.last_msg_id).toBe(Math.max(...ids));
    const terms = await db.selectFrom('message_terms').select('msg_id').where('msg_id', 'in', ids).execute();
    expect(new Set(terms.map((t) => t.msg_id))).toEqual(new Set(ids));
    // What a reader sees: the ten rows, in the order they were sent.
    const listed = await s.api.post(
      '/enterprise/im/getMessageList',
      { toContactId: alice.id, limit: 10 },
      { token: bob.token, lang: 'en' },
    );
    expect((listed.body.data as Array<{ content: string }>).map((m) => m.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `batched word${i}`),
    );
  });

  it('gathers the sends that arrive within the least interval after a batch into one statement', async () => {
    const chatId = singleChatId(alice.id, bob.id);
    const row = (content: string) => messageRow(chatId, content);
    // Three sends 30 ms apart, right after a batch: without the interval each found the last
    // statement answered and took a statement (and a commit) of its own.
    const batch = createSendBatch(s.database.db, { pacing: { minIntervalMs: 1_000, maxIntervalMs: 1_000 } });
    await batch.write(row('opens the interval'));
    const sql = await statementsDuring(async () => {
      const writes: Array<Promise<number>> = [];
      for (let i = 0; i < 3; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 30));
        writes.push(batch.write(row(`spread ${i}`)));
      }
      expect(new Set(await Promise.all(writes)).size).toBe(3);
    });
    expect(sql).toHaveLength(1);
  });

  it('writes group sends without a transaction each, their mentions with them', async () => {
    const g = await createGroup(s, alice, [bob, carol]);
    expect((await send(s, alice, `group-${g}`, 'warm')).body.code).toBe(0);
    const n = 10;
    const sql = await statementsDuring(async () => {
      const sends = Array.from({ length: n }, (_, i) =>
        send(s, i % 2 ? bob : alice, `group-${g}`, `g${i}`, i === 3 ? { at: [alice.id, carol.id] } : {}),
      );
      for (const res of await Promise.all(sends)) expect(res.body.code, res.body.msg).toBe(0);
    });
    // Each group send once held the group's `chats` row locked through its own commit.
    expect(sql.filter((q) => /^(begin|commit|savepoint)/i.test(q))).toEqual([]);
    expect(sql.filter((q) => /^\s*(with|insert)/i.test(q)).length).toBeLessThan(n);
    // The mention was stored with its message: carol's @-list names it.
    const mentions = await s.api.post(
      '/enterprise/im/getMessageList',
      { toContactId: `group-${g}`, is_at: 1 },
      { token: carol.token, lang: 'en' },
    );
    expect((mentions.body.data as Array<{ content: string }>).map((m) => m.content)).toEqual(['g3']);
  });
});
