import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus/index';
import { nowSeconds, type Clock } from '../../platform/clock';
import { withTx, type DB, type OnCommit } from '../../platform/db/index';
import type { Timers } from '../../platform/timers';
import { followRevocations, forgetSessions } from './session-cache';
import * as repo from './sessions.repo';
import type { RevokeReason } from './sessions.repo';

/**
 * Session revocation (PROTOCOL §2.3). Revoked jtis stay deny-listed in the `sessions` table
 * until they expire. Listeners hear about every revocation after commit; the socket gateway
 * (next issue) subscribes to close the sockets bound with those tokens (4002 for `kicked`,
 * 4003 otherwise) and to send `offline` first when kicked.
 */
export interface SessionsRevoked {
  userId: number;
  jtis: string[];
  reason: RevokeReason;
  /** Set when only one terminal kind was revoked (a login kicking the same kind). */
  terminal?: string;
  /** The kicking login's socket, named in the `offline` push (§11.3). */
  clientId?: string;
}
export type RevocationListener = (ev: SessionsRevoked) => void | Promise<void>;

/**
 * `bus`: the revocations of every node reach this node's session cache through it
 * (session-cache.ts); without one, PostgreSQL session rows are read every time.
 */
export function createSessions(db: Kysely<DB>, clock: Clock, bus?: Pick<EventBus, 'subscribe' | 'onListening'>) {
  const listeners = new Set<RevocationListener>();
  if (bus) followRevocations(db, bus);

  /**
   * Waited for: the revoking request answers once the listeners are done, so once realtime's
   * `closeSessions` has reached the other nodes and dropped the sessions from their caches.
   */
  async function announce(ev: SessionsRevoked): Promise<void> {
    if (ev.jtis.length === 0) return;
    await Promise.all(
      [...listeners].map((l) => Promise.resolve(l(ev)).catch((err) => console.error('revocation listener', err))),
    );
  }

  /** Revokes inside a caller's transaction; listeners run after it commits. */
  async function revokeIn(
    tx: Kysely<DB>,
    onCommit: OnCommit,
    q: { userId: number; reason: RevokeReason; exceptJti?: string; terminal?: string; jti?: string; clientId?: string },
  ): Promise<string[]> {
    const { clientId, ...query } = q;
    const jtis = await repo.revokeSessions(tx, { ...query, now: nowSeconds(clock) });
    // Dropped once the rows are written, and again after the commit: on PostgreSQL a read on
    // another connection in between still saw them live (SQLite's readers wait for the commit).
    forgetSessions(db, jtis);
    onCommit(() => {
      forgetSessions(db, jtis);
      return announce({
        userId: q.userId,
        jtis,
        reason: q.reason,
        ...(q.terminal ? { terminal: q.terminal } : {}),
        ...(clientId ? { clientId } : {}),
      });
    });
    return jtis;
  }

  /** Deletes the expired session rows (their tokens are refused as expired anyway). */
  async function prune(): Promise<void> {
    await repo.deleteExpiredSessions(db, nowSeconds(clock));
    forgetSessions(db);
  }

  return {
    revokeIn,
    prune,
    /** Standalone revocation in its own transaction. */
    revoke: (q: { userId: number; reason: RevokeReason; exceptJti?: string; terminal?: string; jti?: string }) =>
      withTx(db, (tx, onCommit) => revokeIn(tx, onCommit, q)),
    /**
     * Deletes expired session rows every hour (their tokens are refused as expired anyway), so
     * the table stays the size of the live logins. Returns the function that stops it.
     */
    pruneEvery(timers: Timers, log: (err: unknown) => void, ms = 3_600_000): () => void {
      return timers.every(ms, () => void prune().catch(log));
    },
    /** Subscribe to revocations; returns the unsubscribe function. */
    onRevoked(listener: RevocationListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
