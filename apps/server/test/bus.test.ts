import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MemoryBus,
  MemoryPresence,
  RedisBus,
  RedisPresence,
  type BusMessage,
  type EventBus,
  type PresenceRegistry,
} from '../src/platform/bus';

const redisUrl = process.env.PARLEY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

function prefix() {
  return `parley-test-${randomBytes(4).toString('hex')}:`;
}

function nextMessage(bus: EventBus): Promise<BusMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no bus message within 3 s')), 3000);
    const off = bus.subscribe((m) => {
      clearTimeout(timer);
      off();
      resolve(m);
    });
  });
}

const kinds = {
  memory: () => ({ bus: new MemoryBus(), presence: new MemoryPresence() }),
  redis: () => {
    const p = prefix();
    return { bus: new RedisBus(redisUrl, p), presence: new RedisPresence(redisUrl, { prefix: p }) };
  },
};

describe.each(Object.entries(kinds))('%s bus and presence', (_name, make) => {
  function setup(): { bus: EventBus; presence: PresenceRegistry } {
    const s = make();
    closers.push(
      () => s.bus.close(),
      () => s.presence.close(),
    );
    return s;
  }

  it('delivers a published message to subscribers', async () => {
    const { bus } = setup();
    if (bus instanceof RedisBus) await bus.whenReady();
    const got = nextMessage(bus);
    await bus.publish({ kind: 'deliver', to: { users: [7] }, frame: '{"type":"x"}' });
    await expect(got).resolves.toEqual({ kind: 'deliver', to: { users: [7] }, frame: '{"type":"x"}' });
  });

  it('reports a user online with the first connection and offline with the last', async () => {
    const { presence } = setup();
    expect(await presence.add(1, 'a')).toEqual({ count: 1, changed: true });
    expect(await presence.add(1, 'b')).toEqual({ count: 2, changed: false });
    expect([...(await presence.online([1, 2]))]).toEqual([1]);
    expect(await presence.remove(1, 'a')).toEqual({ count: 1, changed: false });
    expect(await presence.remove(1, 'b')).toEqual({ count: 0, changed: true });
    expect(await presence.remove(1, 'b')).toEqual({ count: 0, changed: false });
    expect((await presence.online([1])).size).toBe(0);
  });
});

describe('redis presence across nodes', () => {
  it('counts a user connected to two nodes once per connection, and reaches both nodes', async () => {
    const p = prefix();
    const a = { bus: new RedisBus(redisUrl, p), presence: new RedisPresence(redisUrl, { prefix: p }) };
    const b = { bus: new RedisBus(redisUrl, p), presence: new RedisPresence(redisUrl, { prefix: p }) };
    closers.push(
      () => a.bus.close(),
      () => b.bus.close(),
      () => a.presence.close(),
      () => b.presence.close(),
    );
    await Promise.all([a.bus.whenReady(), b.bus.whenReady()]);

    expect((await a.presence.add(5, 'x')).changed).toBe(true);
    expect(await b.presence.add(5, 'y')).toEqual({ count: 2, changed: false });
    expect(await a.presence.count(5)).toBe(2);

    const onB = nextMessage(b.bus);
    await a.bus.publish({ kind: 'closeUsers', userIds: [5], code: 4003 });
    await expect(onB).resolves.toMatchObject({ kind: 'closeUsers', userIds: [5] });
  });

  it('does not leave the users of a dead node online: their entries are swept', async () => {
    const p = prefix();
    const dying = new RedisPresence(redisUrl, { prefix: p, nodeTtlMs: 300, sweepEveryMs: 60_000 });
    const survivor = new RedisPresence(redisUrl, { prefix: p, nodeTtlMs: 300, sweepEveryMs: 60_000 });
    closers.push(() => survivor.close());
    await dying.add(9, 'c1');
    await survivor.add(10, 'c2');
    expect([...(await survivor.online([9, 10]))].sort((x, y) => x - y)).toEqual([9, 10]);

    // Simulate a crash: stop the heartbeat without cleaning up, and let the liveness key lapse.
    const raw = new Redis(redisUrl);
    closers.push(async () => void (await raw.quit()));
    (dying as unknown as { timers: NodeJS.Timeout[] }).timers.forEach(clearInterval);
    await raw.pexpire(`${p}node:${dying.nodeId}`, 1);
    await expect.poll(async () => raw.exists(`${p}node:${dying.nodeId}`)).toBe(0);

    // Counting already ignores the dead node; the sweep removes its entries and reports 9.
    expect([...(await survivor.online([9, 10]))]).toEqual([10]);
    const reported: number[][] = [];
    survivor.onSweptOffline((ids) => reported.push(ids));
    expect(await survivor.sweep()).toEqual([9]);
    expect(reported).toEqual([[9]]);
    expect(await raw.smembers(`${p}pu:9`)).toEqual([]);
    await (dying as unknown as { redis: Redis }).redis.quit();
  });
});

describe('a revocation across redis nodes', () => {
  const revocation: BusMessage = { kind: 'closeSessions', jtis: ['j1'], code: 4001 };
  function node(p: string, opts?: { ackTimeoutMs?: number }): RedisBus {
    const bus = new RedisBus(redisUrl, p, opts);
    closers.push(() => bus.close());
    return bus;
  }

  it('resolves only after a node that reads its socket late has run its handlers', async () => {
    const p = prefix();
    const a = node(p);
    const b = node(p);
    await Promise.all([a.whenReady(), b.whenReady()]);
    const order: string[] = [];
    b.subscribe((m) => m.kind === 'closeSessions' && order.push('B dropped the session'));

    // B's subscriber socket is not read for a while (a busy event loop): Redis has taken the
    // PUBLISH long before B acts on it.
    const bSocket = (b as unknown as { sub: Redis }).sub.stream;
    bSocket.pause();
    setTimeout(() => bSocket.resume(), 300);
    await a.publish(revocation);
    order.push('A answered');
    expect(order).toEqual(['B dropped the session', 'A answered']);
  });

  it('answers as soon as every node, the publisher’s own copy included, has acknowledged', async () => {
    const p = prefix();
    // A timeout far beyond what a live acknowledgement takes: reaching it means one was not counted.
    const a = node(p, { ackTimeoutMs: 10_000 });
    const b = node(p);
    await Promise.all([a.whenReady(), b.whenReady()]);
    const started = performance.now();
    await a.publish(revocation);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('is not held for good by a subscriber that never acknowledges', async () => {
    const p = prefix();
    const silent = new Redis(redisUrl);
    closers.push(async () => void (await silent.quit()));
    await silent.subscribe(`${p}events`);
    const a = node(p, { ackTimeoutMs: 200 });
    const b = node(p);
    await Promise.all([a.whenReady(), b.whenReady()]);
    const onB = nextMessage(b);
    await a.publish(revocation);
    await expect(onB).resolves.toMatchObject({ kind: 'closeSessions', jtis: ['j1'] });
  });
});
