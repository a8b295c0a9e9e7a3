import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { RedisBus, RedisPresence, type BusMessage } from '../../src/platform/bus';
import { startPrivateRedis, type PrivateRedis } from './redis-server';

/**
 * Fault tests: when Redis comes back empty, each node writes its own connections into it again
 * (the restore, PROTOCOL §20). If that fails while Redis otherwise answers — a reply later than
 * the command timeout on a loaded host; here Redis refuses one of the restore's commands — the
 * node must try again. Before, nothing did: its beats found the node listed again and asked for
 * no restore, so its users stayed offline to every other node until they reconnected.
 */

let redis: PrivateRedis | undefined;
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await redis?.stop();
});

it(
  'writes a node’s connections into a returned Redis again after a restore that failed',
  { timeout: 20_000 },
  async () => {
    redis = await startPrivateRedis();
    const prefix = `parley-test-${randomBytes(4).toString('hex')}:`;
    const a = new RedisPresence(redis.url, { prefix });
    const b = new RedisPresence(redis.url, { prefix });
    const raw = new Redis(redis.url, { lazyConnect: true });
    closers.push(
      () => a.close(),
      () => b.close(),
      async () => raw.disconnect(),
    );
    await a.add(1, 'phone');
    expect(await b.count(1)).toBe(1);

    await redis.kill();
    // Back empty, refusing GETDEL: node A's restore (its first reads) fails, its beats do not.
    await redis.start(['--user', 'default', 'on', 'nopass', '~*', '&*', '+@all', '-getdel']);
    await raw.connect();
    const patient = { timeout: 10_000, interval: 100 };
    await expect.poll(() => raw.sismember(`${prefix}nodes`, a.nodeId), patient).toBe(1);
    // A's restore went on the same connection before that beat, so it has failed by now.
    expect(await raw.smembers(`${prefix}pu:1`)).toEqual([]);
    expect(await b.count(1)).toBe(0);

    await raw.call('ACL', 'SETUSER', 'default', '+getdel');
    // Within a beat or two the user is online to the other node again.
    await expect.poll(() => b.count(1), { timeout: 5_000, interval: 100 }).toBe(1);
    expect(await raw.smembers(`${prefix}pu:1`)).toEqual([`${a.nodeId}|phone`]);
  },
);

it(
  'asks a node’s clients to refetch only once the other nodes’ connections are back in Redis',
  { timeout: 20_000 },
  async () => {
    const own = await startPrivateRedis();
    closers.push(() => own.stop());
    const prefix = `parley-test-${randomBytes(4).toString('hex')}:`;
    const a = new RedisPresence(own.url, { prefix });
    const b = new RedisPresence(own.url, { prefix });
    const busB = new RedisBus(own.url, prefix);
    closers.push(
      () => a.close(),
      () => b.close(),
      () => busB.close(),
    );
    await busB.whenReady();
    await a.add(1, 'phone');
    // What a client asked to refetch by node B would read of user 1 (held by node A) at that moment.
    const readAtRefetch: Promise<number>[] = [];
    busB.subscribe((m: BusMessage) => {
      if (m.kind === 'refetch') readAtRefetch.push(b.count(1));
    });

    await own.kill();
    // Back empty; node A's restore cannot succeed for 1.2 s (GETDEL refused), as on a host where its
    // reconnection came late. Node B's subscription is live again long before.
    await own.start(['--user', 'default', 'on', 'nopass', '~*', '&*', '+@all', '-getdel']);
    const raw = new Redis(own.url);
    closers.push(async () => raw.disconnect());
    await new Promise((r) => setTimeout(r, 1200));
    await raw.call('ACL', 'SETUSER', 'default', '+getdel');

    await expect.poll(() => readAtRefetch.length, { timeout: 10_000, interval: 100 }).toBeGreaterThan(0);
    expect(await Promise.all(readAtRefetch)).toEqual([1]);
  },
);
