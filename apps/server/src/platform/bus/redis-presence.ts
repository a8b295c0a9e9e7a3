import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { failFastClient } from '../redis/client';
import { RedisHealth } from '../redis/health';
import { tickBatcher } from '../tick-batch';
import { PresenceReads } from './presence-reads';
import type { PresenceChange, PresenceRegistry } from './types';

/**
 * Liveness timing. A node refreshes its key every second and the key lives 6 s, so a node must
 * miss six beats (a crash, or an event loop stalled for 6 s) to count as dead; every node looks
 * for dead ones every 2 s. A dead node's users therefore go offline within
 * `presenceOfflineBoundMs` (8 s; realtime.md). Cost per node: one SET and one SADD a second, and a SMEMBERS
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
  /** Shared by all of a node's Redis pieces (one outage report, readiness). */
  health?: RedisHealth;
}

/**
 * After Redis came back, how long until every node has written its own entries into it again
 * (each does within a beat of Redis answering: restore below). Presence read sooner may miss users
 * held by another node, so a node waits (twice) this long before telling friends that users who left
 * during the outage are offline (one still connected elsewhere would be announced by mistake),
 * and the bus before asking clients to refetch (redis-bus.ts: a client that re-read at once saw
 * such colleagues offline, and nothing told it otherwise).
 */
export const presenceSettleMs = 3 * presenceTiming.beatEveryMs;

/** How long the sweeper's note that it swept a node is kept, for that node to find if it comes back. */
const sweptNoteMs = 10 * 60_000;

/**
 * Presence across nodes. Keys: `node:<id>` liveness (TTL, refreshed at a third of it), `nodes`
 * (known node ids), `pn:<node>` members `uid|client` held by a node, `pu:<uid>` members
 * `node|client` of a user. A user's count ignores members of nodes whose liveness lapsed; the
 * sweeper removes those members and reports users that were left offline.
 *
 * Redis outages (PROTOCOL §20): this node's own connections (`here`) are the truth about them.
 * While Redis is away, reads answer from `here` and writes fail fast; each beat re-adds the node
 * to `nodes`, and when that shows the node was missing (Redis restarted empty, or another node
 * swept it during a partition) or the connection is back, every entry of `here` is written again
 * and stale ones removed (restore). Users whose last connection here went during the outage are
 * announced offline once the other nodes had time to restore theirs; users a sweeper announced
 * offline meanwhile are announced online again.
 */
export class RedisPresence implements PresenceRegistry {
  readonly nodeId = `n${randomBytes(5).toString('hex')}`;
  readonly health: RedisHealth;
  private readonly redis: Redis;
  private readonly reads: PresenceReads;
  private readonly p: string;
  private readonly ttl: number;
  private timers: NodeJS.Timeout[] = [];
  private sweptHandlers: ((ids: number[]) => void)[] = [];
  private restoredHandlers: ((ids: number[]) => void)[] = [];
  /** This node's own connections per user, kept beside Redis's sets (connectedHere). */
  private here = new Map<number, Set<string>>();
  /** Users whose last connection here went while Redis did not answer: announced after a restore. */
  private leftUnannounced = new Set<number>();
  private restoring: Promise<void> | undefined;
  /**
   * A restore is owed: asked for while one ran (its writes may predate what made it necessary),
   * or the last one failed while Redis answered beats (a reply later than the command timeout on
   * a loaded host). Beats alone would never ask again: their SADD finds the node already listed.
   */
  private restoreOwed = false;
  private everReady = false;
  /** A beat has reached Redis: from then on an SADD of 1 means Redis forgot this node. */
  private beaten = false;
  private closed = false;

  constructor(url: string, opts: RedisPresenceOptions = {}) {
    this.health = opts.health ?? new RedisHealth();
    this.redis = failFastClient(url, this.health, 'presence');
    this.p = opts.prefix ?? 'parley:';
    this.reads = new PresenceReads(this.redis, this.p, this.nodeId);
    this.ttl = opts.nodeTtlMs ?? presenceTiming.nodeTtlMs;
    this.redis.on('ready', () => {
      // The first connection has nothing to restore; a reconnection may (Redis may have restarted).
      if (this.everReady) this.restore();
      else void this.beat();
      this.everReady = true;
    });
    const beatEvery = Math.min(presenceTiming.beatEveryMs, Math.max(100, Math.floor(this.ttl / 3)));
    this.timers.push(setInterval(() => void this.beat(), beatEvery));
    this.timers.push(
      setInterval(() => void this.sweep().catch(() => undefined), opts.sweepEveryMs ?? presenceTiming.sweepEveryMs),
    );
    for (const t of this.timers) t.unref();
  }

  private key(kind: string, id: string | number): string {
    return `${this.p}${kind}:${id}`;
  }

  /**
   * Liveness, and membership of `nodes` every time (an SADD a second): a node that Redis forgot
   * — restarted empty, or swept while this node could not reach it — must be sweepable again if
   * it crashes later. SADD answering 1 after the first beat is how that forgetting shows.
   */
  private async beat(): Promise<void> {
    const res = await this.redis
      .multi()
      .set(this.key('node', this.nodeId), '1', 'PX', this.ttl)
      .sadd(`${this.p}nodes`, this.nodeId)
      .exec()
      .catch(() => undefined);
    const added = res?.[1]?.[1] === 1;
    if (res && ((added && this.beaten) || (this.restoreOwed && !this.restoring))) this.restore();
    if (res) this.beaten = true;
  }

  /**
   * Writes every entry of `here` again and removes this node's stale ones. One runs at a time; a
   * request meanwhile runs it once more after, and a failed one is retried at the next beat that
   * reaches Redis, until one succeeds.
   */
  private restore(): void {
    if (this.closed) return;
    this.restoreOwed = true;
    if (this.restoring) return;
    this.restoring = (async () => {
      while (this.restoreOwed && !this.closed) {
        this.restoreOwed = false;
        try {
          await this.restoreNow();
        } catch {
          this.restoreOwed = true; // Redis went again or did not answer in time: the next beat retries
          return;
        }
      }
    })().finally(() => (this.restoring = undefined));
  }

  private async restoreNow(): Promise<void> {
    const pn = this.key('pn', this.nodeId);
    const want = new Set<string>();
    for (const [uid, clients] of this.here) for (const c of clients) want.add(`${uid}|${c}`);
    const [stored, swept] = await Promise.all([
      this.redis.smembers(pn),
      this.redis.getdel(this.key('swept', this.nodeId)),
    ]);
    const pipe = this.redis.multi();
    pipe.set(this.key('node', this.nodeId), '1', 'PX', this.ttl).sadd(`${this.p}nodes`, this.nodeId);
    // A sweeper's lock on this node would keep a crash after this from being swept for 30 s.
    pipe.del(this.key('sweep', this.nodeId));
    for (const e of stored) {
      if (want.has(e)) continue;
      const [uid, client] = e.split('|');
      pipe.srem(pn, e).srem(this.key('pu', Number(uid)), `${this.nodeId}|${client}`);
    }
    for (const e of want) {
      const [uid, client] = e.split('|');
      pipe.sadd(pn, e).sadd(this.key('pu', Number(uid)), `${this.nodeId}|${client}`);
    }
    await pipe.exec();
    // A connection that went while this ran may have been written back: take it out again.
    const gone = [...want].filter((e) => {
      const [uid, client] = e.split('|');
      return !this.here.get(Number(uid))?.has(client ?? '');
    });
    if (gone.length > 0) {
      const fix = this.redis.multi();
      for (const e of gone) {
        const [uid, client] = e.split('|');
        fix.srem(pn, e).srem(this.key('pu', Number(uid)), `${this.nodeId}|${client}`);
      }
      await fix.exec();
    }
    // Swept during a partition: the sweeper told friends these users went offline.
    if (swept && this.here.size > 0) for (const h of this.restoredHandlers) h([...this.here.keys()]);
    if (this.leftUnannounced.size > 0) {
      // Twice the settling time: after the refetch closes that follow an outage (redis-bus.ts waits
      // it once), so the push reaches the connections that came back rather than closing ones.
      const t = setTimeout(() => void this.announceLeft(), 2 * presenceSettleMs);
      t.unref();
    }
  }

  private async announceLeft(): Promise<void> {
    const users = [...this.leftUnannounced];
    this.leftUnannounced.clear();
    const counts = await this.reads.liveCounts(users).catch(() => undefined);
    if (!counts) {
      users.forEach((u) => this.leftUnannounced.add(u)); // away again: the next restore retries
      return;
    }
    const offline = users.filter((u) => (counts.get(u) ?? 0) === 0);
    if (offline.length > 0) for (const h of this.sweptHandlers) h(offline);
  }

  /** What this node alone knows: its own connections (Redis unreachable). */
  private localCount(userId: number): number {
    return this.here.get(userId)?.size ?? 0;
  }

  connectedHere(userId: number): boolean {
    return this.localCount(userId) > 0;
  }

  async add(userId: number, clientId: string): Promise<PresenceChange> {
    let mine = this.here.get(userId);
    if (!mine) this.here.set(userId, (mine = new Set()));
    mine.add(clientId);
    this.leftUnannounced.delete(userId);
    try {
      const res = await this.redis
        .multi()
        .sadd(this.key('pu', userId), `${this.nodeId}|${clientId}`)
        .sadd(this.key('pn', this.nodeId), `${userId}|${clientId}`)
        .exec();
      const added = res?.[0]?.[1] === 1;
      const count = (await this.reads.liveCounts([userId])).get(userId) ?? 0;
      return { count, changed: added && count === 1 };
    } catch {
      // Redis away: online when it is this node's first connection of the user (at worst said
      // twice); the entry is written by the restore.
      const count = this.localCount(userId);
      return { count, changed: count === 1 };
    }
  }

  async remove(userId: number, clientId: string): Promise<PresenceChange> {
    const mine = this.here.get(userId);
    if (mine?.delete(clientId) && mine.size === 0) this.here.delete(userId);
    try {
      const res = await this.redis
        .multi()
        .srem(this.key('pu', userId), `${this.nodeId}|${clientId}`)
        .srem(this.key('pn', this.nodeId), `${userId}|${clientId}`)
        .exec();
      const removed = res?.[0]?.[1] === 1;
      const count = (await this.reads.liveCounts([userId])).get(userId) ?? 0;
      return { count, changed: removed && count === 0 };
    } catch {
      // Redis away: the user may be connected on another node, so nothing is announced now;
      // after the restore the user is announced offline if no node holds a connection.
      const count = this.localCount(userId);
      if (count === 0) this.leftUnannounced.add(userId);
      return { count, changed: false };
    }
  }

  async count(userId: number): Promise<number> {
    try {
      return (await this.reads.liveCounts([userId])).get(userId) ?? 0;
    } catch {
      return this.localCount(userId);
    }
  }

  async online(userIds: number[]): Promise<Set<number>> {
    // A user with a live connection on this node is online whatever Redis says: only the others
    // are asked for (a message push names both parties, usually both connected: no Redis at all).
    const here = userIds.filter((id) => this.connectedHere(id));
    const elsewhere = here.length === 0 ? userIds : userIds.filter((id) => !this.connectedHere(id));
    if (elsewhere.length === 0) return new Set(here);
    try {
      const live = await Promise.all(elsewhere.map((id) => this.liveElsewhere(id)));
      return new Set([...here, ...elsewhere.filter((_, i) => live[i])]);
    } catch {
      return new Set(here);
    }
  }

  /**
   * Whether a user has a live connection, asked of Redis for all the users of one event-loop turn
   * at once: with two nodes half the pushes of a one-to-one send name a user held by the other
   * node, and a pipeline per push was two of a send's five Redis commands (issue 41).
   */
  private readonly liveElsewhere = tickBatcher(
    async (userIds: number[]) => {
      const counts = await this.reads.liveCounts(userIds);
      return userIds.map((id) => (counts.get(id) ?? 0) > 0);
    },
    String,
    { wait: 'turn' },
  );

  /** Each live node's entry set (`pn:<node>`) lists its connections; dead nodes' are left out. */
  async totals(): Promise<{ users: number; connections: number }> {
    try {
      return await this.reads.totals();
    } catch {
      let connections = 0;
      for (const set of this.here.values()) connections += set.size;
      return { users: this.here.size, connections };
    }
  }

  onSweptOffline(handler: (userIds: number[]) => void): void {
    this.sweptHandlers.push(handler);
  }

  onRestoredOnline(handler: (userIds: number[]) => void): void {
    this.restoredHandlers.push(handler);
  }

  /** Removes the entries of nodes whose liveness key lapsed; one node sweeps each dead node. */
  async sweep(): Promise<number[]> {
    const nodes = await this.redis.smembers(`${this.p}nodes`);
    const live = await this.reads.liveNodes(nodes);
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
      // Only alive-but-cut-off nodes ever read this: their restore re-announces their users.
      if (users.size > 0) pipe.set(this.key('swept', dead), '1', 'PX', sweptNoteMs);
      await pipe.exec();
      const counts = await this.reads.liveCounts([...users]);
      for (const [uid, n] of counts) if (n === 0) offline.push(uid);
    }
    if (offline.length > 0) for (const h of this.sweptHandlers) h(offline);
    return offline;
  }

  async close(): Promise<void> {
    this.closed = true;
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
    this.health.closingDown();
    await this.redis.quit().catch(() => undefined);
  }
}
