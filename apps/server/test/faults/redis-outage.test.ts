import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { CloseCode } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFriends } from '../chat-fixtures';
import { closeNodes, startTwoNodes, type TestServer } from '../helpers/server';
import { connectSocket, seedPeople, type TestSocket, type TestUser } from '../helpers/index';
import { chatIdCounts } from './process';
import { startPrivateRedis, type PrivateRedis } from './redis-server';

/**
 * Fault test (issue 35): Redis killed under load on two nodes, then started again empty.
 * Sends answer 0 throughout and binds and reads go on; pushes to sockets on the sending node go on;
 * once Redis is back every node is in the node set again and who is online is right within 10 s
 * (a user who left during the outage is announced offline); every acknowledged message reached
 * its receiver, pushed or by the refetch the receiver was asked for (a close with 1012).
 * Runs on both databases; the fan-out is a Redis of the test's own (redis-server.ts).
 */

let redis: PrivateRedis | undefined;
let nodes: [TestServer, TestServer] | undefined;
const receivers: Receiver[] = [];
let sending = false;
afterAll(async () => {
  sending = false;
  await Promise.all(receivers.map((r) => r.stop()));
  await closeNodes(nodes?.[1], nodes?.[0]);
  await redis?.stop();
});

/** One user's socket that reconnects and re-reads after a `refetch` close, as the web client does. */
interface Receiver {
  /** Message ids pushed to any of its sockets or read in a refetch. */
  seen(): Set<string>;
  /** Every frame of every socket it had. */
  frames(): TestSocket['frames'];
  refetchCloses(): number;
  stop(): Promise<void>;
}

function keepConnected(node: TestServer, user: TestUser, peers: number[]): Receiver {
  const seen = new Set<string>();
  const done: TestSocket[] = [];
  let current: TestSocket | undefined;
  let stopped = false;
  let refetches = 0;
  const collect = (s: TestSocket) => {
    for (const f of s.frames) if (f.type === 'simple') seen.add((f.data as { id: string }).id);
  };
  const run = (async () => {
    for (let first = true; !stopped; first = false) {
      const sock = await connectSocket(node.url, { token: user.token });
      current = sock;
      sock.send({ type: 'ping' });
      await sock.next('pong'); // the ?token= bind is answered before this ping
      if (!first) {
        for (const peer of peers)
          for (const id of (await chatIdCounts(node.api, user.token, peer)).keys()) seen.add(id);
      }
      const code = await sock.closed;
      collect(sock);
      done.push(sock);
      if (code !== CloseCode.refetch) return;
      refetches++;
    }
  })();
  return {
    seen: () => {
      if (current) collect(current);
      return seen;
    },
    frames: () => [...done, ...(current && !done.includes(current) ? [current] : [])].flatMap((s) => s.frames),
    refetchCloses: () => refetches,
    stop: async () => {
      stopped = true;
      current?.close();
      await run;
    },
  };
}

let people: Awaited<ReturnType<typeof seedPeople>>;
beforeAll(async () => {
  redis = await startPrivateRedis();
  nodes = await startTwoNodes({ redisUrl: redis.url });
  people = await seedPeople(nodes[0].api);
  await makeFriends(nodes[0], people.alice, people.bob);
  await makeFriends(nodes[0], people.alice, people.carol);
});

describe('a Redis outage under load', () => {
  it(
    'keeps sends, binds and local pushes going, and is made good within 10 s of Redis returning',
    { timeout: 30_000 },
    async () => {
      const [a, b] = nodes ?? [];
      if (!a || !b || !redis) throw new Error('not started');
      const { alice, bob, carol } = people;

      // Alice sends through node A to bob, held by node B; her own socket on A gets each message's
      // echo (§11.4: the sender's connections too), a push that never needs Redis.
      const toBob = keepConnected(b, bob, [alice.id]);
      const toAlice = keepConnected(a, alice, [bob.id]);
      receivers.push(toBob, toAlice);
      const carolSock = await connectSocket(b.url, { token: carol.token });
      const isOnline = async (node: TestServer, viewer: TestUser, id: number) =>
        (await node.api.post('/enterprise/im/getUserInfo', { user_id: id }, { token: viewer.token })).body.data
          .is_online as number;
      await expect.poll(() => isOnline(a, alice, carol.id), { timeout: 10_000 }).toBe(1);

      const acked = new Set<string>();
      const failures: string[] = [];
      sending = true;
      let ackedInOutage = 0;
      let outage = false;
      const sender = (async () => {
        for (let i = 0; sending; i++) {
          const id = randomUUID();
          const r = await a.api
            .post(
              '/enterprise/im/sendMessage',
              { id, type: 'text', content: `o ${i}`, toContactId: bob.id },
              { token: alice.token },
            )
            .catch((err: unknown) => ({ body: { code: -2, msg: String(err) } }));
          if (r.body.code !== 0) failures.push(`${r.body.code} ${r.body.msg}`);
          else {
            acked.add(id);
            if (outage) ackedInOutage++;
          }
        }
      })();
      const patient = { timeout: 20_000, interval: 50 };
      await expect.poll(() => acked.size, patient).toBeGreaterThan(10);

      await redis.kill();
      outage = true;
      await expect.poll(() => !a.redisHealth?.up && !b.redisHealth?.up, patient).toBe(true);
      // Sends go on; so do a new bind on the node and a read.
      await expect.poll(() => ackedInOutage, patient).toBeGreaterThan(40);
      const late = await connectSocket(a.url, { token: alice.token });
      late.send({ type: 'ping' });
      await late.next('pong');
      late.close();
      const contacts = await b.api.post('/enterprise/im/getContacts', {}, { token: bob.token });
      expect(contacts.body.code, contacts.body.msg).toBe(0);
      // Alice's socket is on the sending node: the echoes of her sends did not wait for Redis.
      const duringOutage = [...acked];
      await expect.poll(() => duringOutage.every((id) => toAlice.seen().has(id)), patient).toBe(true);
      // Carol leaves while Redis is away: nobody can be told yet.
      carolSock.close();
      await carolSock.closed;

      await redis.start();
      outage = false;
      const within = { timeout: 10_000, interval: 200 };
      // Both nodes are sweepable again (a crash now would be noticed) and hold their users' entries.
      const raw = new Redis(redis.url);
      try {
        await expect
          .poll(async () => (await raw.smembers(`${a.fanout.prefix}nodes`)).sort(), within)
          .toEqual([a.presence.nodeId, b.presence.nodeId].sort());
      } finally {
        raw.disconnect();
      }
      await expect.poll(() => isOnline(b, bob, alice.id), within).toBe(1);
      await expect.poll(() => isOnline(a, alice, bob.id), within).toBe(1);
      await expect.poll(() => isOnline(b, alice, carol.id), within).toBe(0);
      // Alice was told carol went, though she left while no node could say so.
      await expect
        .poll(
          () =>
            toAlice
              .frames()
              .some(
                (f) =>
                  f.type === 'isOnline' &&
                  (f.data as { id: number; is_online: number }).id === carol.id &&
                  (f.data as { is_online: number }).is_online === 0,
              ),
          within,
        )
        .toBe(true);

      await expect.poll(() => acked.size, within).toBeGreaterThan(ackedInOutage + 30);
      sending = false;
      await sender;
      expect(failures).toEqual([]);
      // Everything acknowledged reached its receiver: pushed, or read after a refetch close.
      const missing = (r: Receiver) => [...acked].filter((id) => !r.seen().has(id));
      await expect.poll(() => missing(toBob), within).toEqual([]);
      await expect.poll(() => missing(toAlice), within).toEqual([]);
      // Bob's node lost its subscription: he was asked to refetch (that is how he got the outage's messages).
      expect(toBob.refetchCloses()).toBeGreaterThan(0);
      // One line per node for the outage, no stack per retry.
      for (const node of [a, b]) {
        expect(node.logs.filter((l) => l.includes('Redis unreachable'))).toHaveLength(1);
        expect(node.logs.filter((l) => /Unhandled error|MaxRetriesPerRequest/.test(l))).toEqual([]);
      }
    },
  );
});
