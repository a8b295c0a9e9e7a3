import type { EventBus } from '../../platform/bus/index';
import { expiryFrom } from '../../platform/cache-expiry';

/** The bus's name for this cache in `cacheDrop` publications. */
export const ABSENCE_CACHE = 'pushAbsence';

/**
 * How long "this user has no subscription" may be believed without a new read. Every way a user
 * gains one is reported at once (subscribe publishes `cacheDrop`), so this is only the backstop
 * for a report that never arrived while the bus said it listened.
 */
export const ABSENCE_MS = 60_000;

/**
 * Users this node knows to have no live Web Push subscription (issue 41). A recipient who is not
 * connected to this node has their subscriptions read before anything else (push.service.ts): with
 * two nodes that was a statement per event-loop turn for the half of the recipients connected to
 * the other node, and for every offline member of a group on every message. Most users have no
 * subscription, and a user can only gain one by subscribing, so only the absence is kept:
 * - a subscription made here forgets its user at once, and the subscribe request publishes a
 *   `cacheDrop` so every other node forgets them before the next push it sends (the bus replays it
 *   after an outage: missed.ts);
 * - while the bus does not listen a drop may be missed, so nothing is believed or kept, and the
 *   cache starts empty when it listens again (as the session cache: modules/auth/session-cache.ts);
 * - a read that overlapped a drop does not store what it saw (`generation`);
 * - losing a subscription (unsubscribe, logout, expiry, a push service's 404) only makes the
 *   absence truer, so nothing needs telling.
 */
export class AbsenceCache {
  private until = new Map<number, number>();
  private generation = 0;
  private listening = false;

  /** Whether `userId` is known to have no subscription at `now` (ms). */
  knownAbsent(userId: number, now: number): boolean {
    if (!this.listening) return false;
    const t = this.until.get(userId);
    if (t === undefined) return false;
    if (now < t) return true;
    this.until.delete(userId);
    return false;
  }

  /** Taken before a read, handed to `storeAbsent` after it: `undefined` while nothing may be kept. */
  ticket(): number | undefined {
    return this.listening ? this.generation : undefined;
  }

  storeAbsent(userIds: readonly number[], ticket: number | undefined, now: number): void {
    if (ticket !== this.generation || !this.listening) return;
    for (const id of userIds) this.until.set(id, expiryFrom(now, ABSENCE_MS));
  }

  /** These users may have a subscription now (every user without `userIds`). */
  forget(userIds?: readonly number[]): void {
    this.generation += 1;
    if (userIds) for (const id of userIds) this.until.delete(id);
    else this.until.clear();
  }

  /** Either way a drop may have been missed: start again from nothing. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.forget();
  }
}

/** Lets the drops that reach this node through `bus` reach `cache`. Returns the function that stops it. */
export function followAbsenceDrops(cache: AbsenceCache, bus: Pick<EventBus, 'subscribe' | 'onListening'>): () => void {
  const stopListening = bus.onListening((listening) => cache.setListening(listening));
  const unsubscribe = bus.subscribe((m) => {
    if (m.kind === 'cacheDrop' && m.cache === ABSENCE_CACHE) cache.forget(m.keys);
  });
  return () => {
    stopListening();
    unsubscribe();
    cache.setListening(false);
  };
}
