import { Redis } from 'ioredis';

/**
 * Fixed-window counters for the server-wide abuse guards (issue 19). `hit` counts one event
 * under `key` in the current window of `windowS` seconds and says whether it stays within
 * `limit`. In-process for one node; Redis (REDIS_URL) so every node shares the counts.
 */
export interface Counters {
  hit(key: string, windowS: number, limit: number, nowMs: number): Promise<boolean>;
  close(): Promise<void>;
}

const windowKey = (key: string, windowS: number, nowMs: number) => `${key}:${Math.floor(nowMs / 1000 / windowS)}`;

export class MemoryCounters implements Counters {
  private counts = new Map<string, { n: number; until: number }>();

  async hit(key: string, windowS: number, limit: number, nowMs: number): Promise<boolean> {
    const k = windowKey(key, windowS, nowMs);
    const c = this.counts.get(k);
    // Counted in place: a fresh entry per hit outlived a young-generation collection or two (a
    // user's next send replaced it) and was promoted, old-space garbage on every send.
    if (c) return ++c.n <= limit;
    this.counts.set(k, { n: 1, until: (Math.floor(nowMs / 1000 / windowS) + 1) * windowS * 1000 });
    if (this.counts.size > 10_000) this.prune(nowMs);
    return 1 <= limit;
  }

  /** Forgets windows that have ended, so the map stays as small as the live keys. */
  private prune(nowMs: number): void {
    for (const [k, c] of this.counts) if (c.until <= nowMs) this.counts.delete(k);
  }

  async close(): Promise<void> {}
}

export class RedisCounters implements Counters {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'parley:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
  }

  async hit(key: string, windowS: number, limit: number, nowMs: number): Promise<boolean> {
    const k = `${this.prefix}lim:${windowKey(key, windowS, nowMs)}`;
    // INCR and a TTL of one window in one round trip; the key dies with its window.
    const res = await this.redis
      .multi()
      .incr(k)
      .expire(k, windowS + 1)
      .exec();
    return Number(res?.[0]?.[1] ?? 0) <= limit;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
