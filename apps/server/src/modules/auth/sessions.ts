import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import { withTx, type DB, type OnCommit } from '../../platform/db/index';
import type { Timers } from '../../platform/timers';
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

export function createSessions(db: Kysely<DB>, clock: Clock) {
  const listeners = new Set<RevocationListener>();

  function announce(ev: SessionsRevoked): void {
    if (ev.jtis.length === 0) return;
    for (const l of listeners) void Promise.resolve(l(ev)).catch((err) => console.error('revocation listener', err));
  }

  /** Revokes inside a caller's transaction; listeners run after it commits. */
  async function revokeIn(
    tx: Kysely<DB>,
    onCommit: OnCommit,
    q: { userId: number; reason: RevokeReason; exceptJti?: string; terminal?: string; jti?: string; clientId?: string },
  ): Promise<string[]> {
    const { clientId, ...query } = q;
    const jtis = await repo.revokeSessions(tx, { ...query, now: nowSeconds(clock) });
    onCommit(() =>
      announce({
        userId: q.userId,
        jtis,
        reason: q.reason,
        ...(q.terminal ? { terminal: q.terminal } : {}),
        ...(clientId ? { clientId } : {}),
      }),
    );
    return jtis;
  }

  return {
    revokeIn,
    /** Standalone revocation in its own transaction. */
    revoke: (q: { userId: number; reason: RevokeReason; exceptJti?: string; terminal?: string; jti?: string }) =>
      withTx(db, (tx, onCommit) => revokeIn(tx, onCommit, q)),
    /**
     * Deletes expired session rows every hour (their tokens are refused as expired anyway), so
     * the table stays the size of the live logins. Returns the function that stops it.
     */
    pruneEvery(timers: Timers, log: (err: unknown) => void, ms = 3_600_000): () => void {
      return timers.every(ms, () => void repo.deleteExpiredSessions(db, nowSeconds(clock)).catch(log));
    },
    /** Subscribe to revocations; returns the unsubscribe function. */
    onRevoked(listener: RevocationListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
