import { limits } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus/index';
import { expiryFrom } from '../../platform/cache-expiry';
import { cacheKeyOf, ownedByThisProcess } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/index';
import { readSession, type SessionRow } from './sessions.repo';

const CACHE_MAX = 100_000;

/**
 * Session rows by jti as this node last read them, one cache per database handle (shared by its
 * transactions). Every authenticated request reads its session: on PostgreSQL the biggest wait of
 * a send (issue 41), on SQLite a sixth of its time. A row may be served from here only while
 * every revocation is sure to reach this cache:
 * - SQLite: this process is the database's only writer (`ownedByThisProcess`), and sessions.ts
 *   drops what it revokes or deletes.
 * - PostgreSQL: other nodes revoke too. Each revocation's `closeSessions` travels to every node
 *   through the bus (realtime/session-closes.ts, after the commit) and `followRevocations` drops its jtis
 *   here; the revoking request answers only once every node has acknowledged that (redis-bus.ts,
 *   acks.ts), so the next request, on whichever node, finds the session gone. While the bus
 *   is not listening (a Redis outage, PROTOCOL §20) a revocation may never arrive: nothing is
 *   kept, and the cache starts empty when it listens again. A handle no bus follows (a tool's)
 *   keeps nothing.
 * A read that overlapped a drop must not store what it saw (`generation`). A row is served for at
 * most `limits.userCacheMs` (spread, platform/cache-expiry.ts), as a user row is: the backstop for what no bus reports (a
 * subscription that died unnoticed, another node's publication lost while this one listened).
 */
class SessionCache {
  private rows = new Map<string, { row: SessionRow; until: number }>();
  private generation = 0;
  /** Buses following this handle's revocations, and how many of them are not listening now. */
  private feeds = 0;
  private deaf = 0;

  constructor(private readonly owned: boolean) {}

  private get trusted(): boolean {
    return this.owned || (this.feeds > 0 && this.deaf === 0);
  }

  get(jti: string, now: number): SessionRow | undefined {
    const hit = this.rows.get(jti);
    if (hit && now < hit.until) return hit.row;
    return undefined;
  }

  /** Taken before a read, handed to `store` after it: `undefined` when nothing may be kept now. */
  ticket(): number | undefined {
    return this.trusted ? this.generation : undefined;
  }

  store(jti: string, row: SessionRow, ticket: number | undefined, now: number): void {
    if (ticket !== this.generation || !this.trusted) return;
    this.rows.delete(jti); // re-inserted last, so the cap drops the oldest reads first
    if (this.rows.size >= CACHE_MAX) this.rows.delete(this.rows.keys().next().value as string);
    this.rows.set(jti, { row, until: expiryFrom(now, limits.userCacheMs) });
  }

  /** Forgets these sessions (all without `jtis`); a read out meanwhile will not store its row. */
  drop(jtis?: readonly string[]): void {
    this.generation += 1;
    if (jtis) for (const jti of jtis) this.rows.delete(jti);
    else this.rows.clear();
  }

  /** A bus now follows this handle, not listening until it says so. */
  addFeed(): void {
    this.feeds += 1;
    this.deaf += 1;
  }

  /**
   * A bus started or stopped listening: either way what is cached may have missed a revocation
   * (not on SQLite, whose revocations are all this process's own).
   */
  feedListening(listening: boolean): void {
    this.deaf += listening ? -1 : 1;
    if (!this.owned) this.drop();
  }
}

const caches = new WeakMap<object, SessionCache>();

/** The session of a token, from this node's cache when it may be trusted; `now` (ms) ages the rows. */
export async function findSession(db: Kysely<DB>, jti: string, now: number): Promise<SessionRow | undefined> {
  const cache = cacheOf(db);
  const hit = cache.get(jti, now);
  if (hit) return hit;
  const ticket = cache.ticket();
  const row = await readSession(db, jti);
  if (row) cache.store(jti, row, ticket, now);
  return row;
}

/** Forgets these sessions (every one without `jtis`): revoked or deleted by this node. */
export function forgetSessions(db: Kysely<DB>, jtis?: readonly string[]): void {
  cacheOf(db).drop(jtis);
}

function cacheOf(db: Kysely<DB>): SessionCache {
  const key = cacheKeyOf(db);
  let c = caches.get(key);
  if (!c) caches.set(key, (c = new SessionCache(ownedByThisProcess(db))));
  return c;
}

/**
 * Lets the revocations that reach this node through `bus` drop their sessions from `db`'s cache,
 * and the cache be used while the bus listens (PostgreSQL). Returns the function that stops it.
 */
export function followRevocations(db: Kysely<DB>, bus: Pick<EventBus, 'subscribe' | 'onListening'>): () => void {
  const cache = cacheOf(db);
  cache.addFeed();
  let listening = false;
  const stopListening = bus.onListening((now) => {
    if (now === listening) return;
    listening = now;
    cache.feedListening(now);
  });
  const unsubscribe = bus.subscribe((m) => {
    if (m.kind === 'closeSessions') cache.drop(m.jtis);
  });
  return () => {
    stopListening();
    unsubscribe();
    if (listening) cache.feedListening(false); // no longer told: counted deaf for good
  };
}
