import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { failFastClient } from '../redis/client';
import { RedisHealth } from '../redis/health';

/**
 * Fixed-window counters for the server-wide abuse guards (issue 19). `hit` counts one event
 * under `key` in the current window of `windowS` seconds and says whether it stays within
 * `limit`. In-process for one node; Redis (REDIS_URL) so every node shares the counts.
 */
export interface Counters {
  hit(key: string, windowS: number, limit: number, nowMs: number): Promise<boolean>;
  /**
   * A lease of `ms` on `key` shared by every node (the `groupRead` rate, PROTOCOL §17): 0 when
   * this call took it, else the ms until the current holder's lease ends. Times are the caller's
   * clock (`nowMs`), so a manual test clock drives Redis leases too.
   */
  claim(key: string, ms: number, nowMs: number): Promise<number>;
  close(): Promise<void>;
}

/** The number of the `windowS`-second window that `nowMs` falls in. */
const windowOf = (windowS: number, nowMs: number) => Math.floor(nowMs / 1000 / windowS);
const windowKey = (key: string, windowS: number, nowMs: number) => `${key}:${windowOf(windowS, nowMs)}`;

export class MemoryCounters implements Counters {
  /** One entry per key and window length, reset in place when its window has passed. */
  private counts = new Map<string, { window: number; windowS: number; n: number }>();

  async hit(key: string, windowS: number, limit: number, nowMs: number): Promise<boolean> {
    const window = windowOf(windowS, nowMs);
    const k = `${key}|${windowS}`;
    const c = this.counts.get(k);
    // Counted in place, and a new window reuses the entry: a fresh entry per hit, then one per
    // key and window, lived for seconds and was promoted to the old space, garbage on every send
    // that brought the next major GC nearer (docs/performance.md, issue 23).
    if (c) {
      if (c.window !== window) {
        c.window = window;
        c.n = 0;
      }
      return ++c.n <= limit;
    }
    this.counts.set(k, { window, windowS, n: 1 });
    if (this.counts.size > 10_000) this.prune(nowMs);
    return 1 <= limit;
  }

  /** Forgets keys whose window has ended, so the map stays as small as the live keys. */
  private prune(nowMs: number): void {
    for (const [k, c] of this.counts) if ((c.window + 1) * c.windowS * 1000 <= nowMs) this.counts.delete(k);
  }

  /** Lease ends per key; pruned as the counts are. */
  private leases = new Map<string, number>();

  async claim(key: string, ms: number, nowMs: number): Promise<number> {
    const until = this.leases.get(key) ?? 0;
    if (until > nowMs) return until - nowMs;
    this.leases.set(key, nowMs + ms);
    if (this.leases.size > 10_000) for (const [k, u] of this.leases) if (u <= nowMs) this.leases.delete(k);
    return 0;
  }

  async close(): Promise<void> {}
}

/** KEYS[1] lease; ARGV now, ms, cleanup ttl → 0 taken, else ms left (one round trip, atomic). */
const CLAIM_SCRIPT = `
local ends = tonumber(redis.call('GET', KEYS[1]) or '0')
local now = tonumber(ARGV[1])
if ends > now then return ends - now end
redis.call('SET', KEYS[1], tostring(now + tonumber(ARGV[2])), 'PX', ARGV[3])
return 0`;

/** KEYS[1] the window's counter; ARGV ttl s → the count after this hit. */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;
const HIT_SHA = createHash('sha1').update(HIT_SCRIPT).digest('hex');

/**
 * Shared counts in Redis. While Redis does not answer, each node counts on its own (a fresh
 * window on this node: the limits hold per node for the outage) instead of failing the request
 * the guard protects: a send must not fail because a counter could not be read (PROTOCOL §20).
 */
export class RedisCounters implements Counters {
  readonly health: RedisHealth;
  private readonly redis: Redis;
  private readonly local = new MemoryCounters();
  /** After a command timed out (a Redis that accepts but does not answer), stay local this long. */
  private localUntil = 0;

  constructor(
    url: string,
    private readonly prefix = 'parley:',
    opts: { health?: RedisHealth } = {},
  ) {
    this.health = opts.health ?? new RedisHealth();
    this.redis = failFastClient(url, this.health, 'counters');
  }

  async hit(key: string, windowS: number, limit: number, nowMs: number): Promise<boolean> {
    if (this.redis.status !== 'ready' || Date.now() < this.localUntil)
      return this.local.hit(key, windowS, limit, nowMs);
    const k = `${this.prefix}lim:${windowKey(key, windowS, nowMs)}`;
    try {
      // One command per hit (every send pays one): INCR, and the key's TTL of one window set by the
      // window's first hit, atomically (MULTI/INCR/EXPIRE/EXEC were four commands to Redis).
      const n = await this.redis.evalsha(HIT_SHA, 1, k, windowS + 1).catch((err: Error) => {
        if (!/NOSCRIPT/.test(err.message)) throw err;
        return this.redis.eval(HIT_SCRIPT, 1, k, windowS + 1); // a restarted Redis forgot it; loads it again
      });
      return Number(n) <= limit;
    } catch {
      this.localUntil = Date.now() + 2000;
      return this.local.hit(key, windowS, limit, nowMs);
    }
  }

  async claim(key: string, ms: number, nowMs: number): Promise<number> {
    // As `hit`: without Redis each node leases on its own (its pushes still keep the rate per node).
    if (this.redis.status !== 'ready' || Date.now() < this.localUntil) return this.local.claim(key, ms, nowMs);
    try {
      // The lease's end by the caller's clock is the value; Redis's own expiry only cleans up.
      const left = await this.redis.eval(CLAIM_SCRIPT, 1, `${this.prefix}lease:${key}`, nowMs, ms, ms + 60_000);
      return Number(left) || 0;
    } catch {
      this.localUntil = Date.now() + 2000;
      return this.local.claim(key, ms, nowMs);
    }
  }

  async close(): Promise<void> {
    this.health.closingDown();
    await this.redis.quit().catch(() => undefined);
  }
}
