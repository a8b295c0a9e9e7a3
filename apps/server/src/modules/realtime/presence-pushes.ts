import type { Timers } from '../../platform/timers';
import type { Events } from '../../platform/events';
import { AppError } from '../../platform/http/errors';
import type { PresenceRegistry } from '../../platform/bus/index';
import type { AuthContext } from '../auth/index';
import type { ConfigService } from '../config/index';
import type { ContactSet } from '../contacts/index';

export interface PresencePushesDeps {
  events: Events;
  presence: PresenceRegistry;
  contactSet: ContactSet;
  config: Pick<ConfigService, 'systemInfo'>;
  timers: Timers;
  /** Presence damping window (default `presenceDampMs`); 0 pushes every change at once. */
  dampMs?: number;
}

/**
 * A user's online/offline pair within this window is not pushed (issue 35 #7: 600 aborted binds
 * sent a friend 400 pushes): the first change opens the window, and when it ends the state then
 * is pushed only if it differs from the state before. So the final state is always pushed, about
 * a second late, and a reconnect (offline, online) or an aborted bind (online, offline) is silent.
 */
export const presenceDampMs = 1000;

/**
 * Presence pushes (PROTOCOL §11.4): what a user's first connection binding and last one closing
 * mean to their contacts. The socket gateway calls `onOnline` and `onOffline`; `offline` is the
 * HTTP compatibility call.
 */
export function createPresencePushes(deps: PresencePushesDeps) {
  const { events, presence, contactSet, config } = deps;

  async function announcePresence(userId: number, isOnline: 0 | 1): Promise<void> {
    const { chatInfo, sysInfo } = await config.systemInfo();
    if (chatInfo.online === 0) return;
    const data = { id: userId, is_online: isOnline };
    // runMode 1: every active user is a contact, and a bound connection is an active user's (a
    // disabled or deleted user's are closed). Reading and listing every user id for each bind
    // made a reconnect storm of N users cost N full reads of the users table.
    if (sysInfo.runMode === 1) await events.publish({ allBound: true, exceptUser: userId }, 'isOnline', data);
    else await events.toUsers(await contactSet.of(userId), 'isOnline', data);
  }

  /**
   * Presence pushes still on their way (the gateway's hooks do not wait for them). Shutdown
   * waits for them after the gateway closed, before the bus and the database go: a push that
   * reached the bus after its client quit failed as EPIPE at teardown.
   */
  const announcing = new Set<Promise<void>>();
  const announce = (userId: number, isOnline: 0 | 1): void => {
    const p: Promise<void> = announcePresence(userId, isOnline)
      .catch(() => undefined)
      .finally(() => announcing.delete(p));
    announcing.add(p);
  };

  const dampMs = deps.dampMs ?? presenceDampMs;
  /** Users whose window is open: their state before it, their state now, and the window's timer. */
  const damping = new Map<number, { before: 0 | 1; now: 0 | 1; cancel: () => void }>();
  const settle = (userId: number): void => {
    const d = damping.get(userId);
    damping.delete(userId);
    if (d && d.now !== d.before) announce(userId, d.now);
  };
  const changed = (userId: number, isOnline: 0 | 1): void => {
    if (dampMs <= 0) return announce(userId, isOnline);
    const open = damping.get(userId);
    if (open) open.now = isOnline;
    else {
      const cancel = deps.timers.after(dampMs, () => settle(userId));
      damping.set(userId, { before: isOnline === 1 ? 0 : 1, now: isOnline, cancel });
    }
  };

  return {
    onOnline: (userId: number) => changed(userId, 1),
    onOffline: (userId: number) => changed(userId, 0),

    /** Node shutdown, after the gateway closed: open windows end now, so its users are announced offline. */
    endWindows(): void {
      for (const [userId, d] of [...damping]) {
        d.cancel();
        settle(userId);
      }
    },

    /** Resolves once no presence push is on its way (node shutdown, after the gateway closed). */
    async idle(): Promise<void> {
      while (announcing.size > 0) await Promise.all([...announcing]);
    },

    async offline(auth: AuthContext, claimedUserId: number | undefined): Promise<void> {
      if (claimedUserId !== undefined && claimedUserId !== auth.user.id) throw new AppError(400, 'common.noPermission');
      if ((await presence.count(auth.user.id)) === 0) await announcePresence(auth.user.id, 0);
    },

    /** Is this user online anywhere (PROTOCOL §3.1 `is_online`)? */
    online: (userIds: number[]) => presence.online(userIds),
  };
}
export type PresencePushes = ReturnType<typeof createPresencePushes>;
