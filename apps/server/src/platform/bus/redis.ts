import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { BusMessage, EventBus, PresenceChange, PresenceRegistry } from './types';

/** Several nodes: one pub/sub channel that every node subscribes to. */
export class RedisBus implements EventBus {
  private handlers = new Set<(m: BusMessage) => void>();
  private readonly channel: string;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private ready: Promise<unknown>;

  constructor(url: string, prefix = 'parley:') {
    this.channel = `${prefix}events`;
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
    // Pub/sub needs a connection of its own.
    this.sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
    this.sub.on('message', (_channel: string, text: string) => {
      let message: BusMessage;
      try {
        message = JSON.parse(text) as BusMessage;
      } catch {
        return;
      }
      for (const h of [...this.handlers]) h(message);
    });
    this.ready = this.sub.subscribe(this.channel);
  }

  /** Resolves once this node's subscription is live, so nothing published after is missed. */
  async whenReady(): Promise<void> {
    await this.ready;
  }

  async publish(message: BusMessage): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(message));
  }

  subscribe(handler: (m: BusMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}

/**
 * Liveness timing. A node refreshes its key every second and the key lives 6 s, so a node must
 * miss six beats (a crash, or an event loop stalled for 6 s) to count as dead; every node looks
 * for dead ones every 2 s. A dead node's users therefore go offline within
 * `presenceOfflineBoundMs` (8 s; realtime.md). Cost per node: one SET a second, and a SMEMBERS
 * plus one MGET every 2 s — nothing that grows with users or connections.
 */
export const presenceTiming = { nodeTtlMs: 6_000, beatEveryMs: 1_000, sweepEveryMs: 2_000 } as const;
export const presenceOfflineBoundMs = presenceTiming.nodeTtlMs + presenceTiming.sweepEveryMs;

export interface RedisPresenceOptions {
  prefix?: string;
  /** How long a node's liveness key lives without a heartbeat. */
  nodeTtlMs?: number;
  /** How often dead nodes are looked for. */
  sweepEveryMs?: number;
}

/**
 * Presence across nodes. Keys: `node:<id>` liveness (TTL, refreshed at a third of it), `nodes`
 * (known node ids), `pn:<node>` members `uid|client` held by a node, `pu:<uid>` members
 * `node|client` of a user. A user's count ignores members of nodes whose liveness lapsed; the
 * sweeper removes those members and reports users that were left offline.
 */
export class RedisPresence implements PresenceRegistry {
  readonly nodeId = `n${randomBytes(5).toString('hex')}`;
  private readonly redis: Redis;
  private readonly p: string;
  private readonly ttl: number;
  private timers: NodeJS.Timeout[] = [];
  private sweptHandlers: ((ids: number[]) => void)[] = [];
  /** This node's own connections per user, kept beside Redis's sets (connectedHere). */
  private here = new Map<number, Set<string>>();

  constructor(url: string, opts: RedisPresenceOptions = {}) {
    this.redis = new Redis(url, { maxRetriesPerRequest: null });
    this.p = opts.prefix ?? 'parley:';
    this.ttl = opts.nodeTtlMs ?? presenceTiming.nodeTtlMs;
    const beat = () => this.redis.set(this.key('node', this.nodeId), '1', 'PX', this.ttl).catch(() => undefined);
    void beat();
    void this.redis.sadd(`${this.p}nodes`, this.nodeId).catch(() => undefined);
    const beatEvery = Math.min(presenceTiming.beatEveryMs, Math.max(100, Math.floor(this.ttl / 3)));
    this.timers.push(setInterval(beat, beatEvery));
    this.timers.push(
      setInterval(() => void this.sweep().catch(() => undefined), opts.sweepEveryMs ?? presenceTiming.sweepEveryMs),
    );
    for (const t of this.timers) t.unref();
  }

  private key(kind: string, id: string | number): string {
    return `${this.p}${kind}:${id}`;
  }

  private async liveNodes(nodeIds: string[]): Promise<Set<string>> {
    const unique = [...new Set(nodeIds)].filter((n) => n !== this.nodeId);
    const live = new Set([this.nodeId]);
    if (unique.length === 0) return live;
    const flags = await this.redis.mget(unique.map((n) => this.key('node', n)));
    unique.forEach((n, i) => flags[i] && live.add(n));
    return live;
  }

  private async liveCounts(userIds: number[]): Promise<Map<number, number>> {
    const pipe = this.redis.pipeline();
    for (const id of userIds) pipe.smembers(this.key('pu', id));
    const results = (await pipe.exec()) ?? [];
    const members = results.map(([, v]) => (Array.isArray(v) ? (v as string[]) : []));
    const live = await this.liveNodes(members.flat().map((m) => m.split('|')[0] ?? ''));
    const counts = new Map<number, number>();
    userIds.forEach((id, i) => {
      counts.set(id, (members[i] ?? []).filter((m) => live.has(m.split('|')[0] ?? '')).length);
    });
    return counts;
  }

  connectedHere(userId: number): boolean {
    return (this.here.get(userId)?.size ?? 0) > 0;
  }

  async add(userId: number, clientId: string): Promise<PresenceChange> {
    let mine = this.here.get(userId);
    if (!mine) this.here.set(userId, (mine = new Set()));
    mine.add(clientId);
    const res = await this.redis
      .multi()
      .sadd(this.key('pu', userId), `${this.nodeId}|${clientId}`)
      .sadd(this.key('pn', this.nodeId), `${userId}|${clientId}`)
      .exec();
    const added = res?.[0]?.[1] === 1;
    const count = (await this.liveCounts([userId])).get(userId) ?? 0;
    return { count, changed: added && count === 1 };
  }

  async remove(userId: number, clientId: string): Promise<PresenceChange> {
    const mine = this.here.get(userId);
    if (mine?.delete(clientId) && mine.size === 0) this.here.delete(userId);
    const res = await this.redis
      .multi()
      .srem(this.key('pu', userId), `${this.nodeId}|${clientId}`)
      .srem(this.key('pn', this.nodeId), `${userId}|${clientId}`)
      .exec();
    const removed = res?.[0]?.[1] === 1;
    const count = (await this.liveCounts([userId])).get(userId) ?? 0;
    return { count, changed: removed && count === 0 };
  }

  async count(userId: number): Promise<number> {
    return (await this.liveCounts([userId])).get(userId) ?? 0;
  }

  async online(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const counts = await this.liveCounts(userIds);
    return new Set(userIds.filter((id) => (counts.get(id) ?? 0) > 0));
  }

  /** Each live node's entry set (`pn:<node>`) lists its connections; dead nodes' are left out. */
  async totals(): Promise<{ users: number; connections: number }> {
    const live = [...(await this.liveNodes(await this.redis.smembers(`${this.p}nodes`)))];
    const pipe = this.redis.pipeline();
    for (const n of live) pipe.smembers(this.key('pn', n));
    const results = (await pipe.exec()) ?? [];
    const users = new Set<string>();
    let connections = 0;
    for (const [, v] of results) {
      for (const e of Array.isArray(v) ? (v as string[]) : []) {
        connections++;
        users.add(e.split('|')[0] ?? '');
      }
    }
    return { users: users.size, connections };
  }

  onSweptOffline(handler: (userIds: number[]) => void): void {
    this.sweptHandlers.push(handler);
  }

  /** Removes the entries of nodes whose liveness key lapsed; one node sweeps each dead node. */
  async sweep(): Promise<number[]> {
    const nodes = await this.redis.smembers(`${this.p}nodes`);
    const live = await this.liveNodes(nodes);
    const offline: number[] = [];
    for (const dead of nodes.filter((n) => !live.has(n))) {
      const lock = await this.redis.set(this.key('sweep', dead), this.nodeId, 'PX', 30_000, 'NX');
      if (lock !== 'OK') continue;
      const entries = await this.redis.smembers(this.key('pn', dead));
      const users = new Set<number>();
      const pipe = this.redis.pipeline();
      for (const e of entries) {
        const [uid, client] = e.split('|');
        users.add(Number(uid));
        pipe.srem(this.key('pu', Number(uid)), `${dead}|${client}`);
      }
      pipe.del(this.key('pn', dead));
      pipe.srem(`${this.p}nodes`, dead);
      await pipe.exec();
      const counts = await this.liveCounts([...users]);
      for (const [uid, n] of counts) if (n === 0) offline.push(uid);
    }
    if (offline.length > 0) for (const h of this.sweptHandlers) h(offline);
    return offline;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.here.clear();
    // A clean stop removes this node's entries at once instead of waiting for the sweep.
    const entries = await this.redis.smembers(this.key('pn', this.nodeId)).catch(() => [] as string[]);
    const pipe = this.redis.pipeline();
    for (const e of entries) {
      const [uid, client] = e.split('|');
      pipe.srem(this.key('pu', Number(uid)), `${this.nodeId}|${client}`);
    }
    pipe.del(this.key('pn', this.nodeId), this.key('node', this.nodeId));
    pipe.srem(`${this.p}nodes`, this.nodeId);
    await pipe.exec().catch(() => undefined);
    await this.redis.quit().catch(() => undefined);
  }
}
