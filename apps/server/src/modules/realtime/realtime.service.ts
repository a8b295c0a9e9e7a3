import { CloseCode } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { Timers } from '../../platform/timers';
import type { Events } from '../../platform/events';
import { AppError } from '../../platform/http/errors';
import type { PresenceRegistry } from '../../platform/bus/index';
import type { Gateway, SocketSession } from '../../platform/socket/gateway';
import type { AuthContext, Sessions, SessionsRevoked } from '../auth/index';
import type { ConfigService } from '../config/index';
import type { ContactSet, GroupReads } from '../contacts/index';

export interface RealtimeDeps {
  db: Kysely<DB>;
  gateway: Gateway;
  events: Events;
  presence: PresenceRegistry;
  contactSet: ContactSet;
  config: Pick<ConfigService, 'systemInfo'>;
  sessions: Sessions;
  /** The groups module's membership read (bindGroup), handed in by createServices like contacts'. */
  groupReads: Pick<GroupReads, 'membership'>;
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

const KICK_CLOSE_DELAY_MS = 1000;

/**
 * Binding sockets to users, presence pushes and forced offline (PROTOCOL §11.2–§11.4): what the
 * gateway's hooks and the bind endpoints mean in terms of users and their contacts.
 */
export function createRealtime(deps: RealtimeDeps) {
  const { gateway, events, presence, contactSet, config } = deps;

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

  function onRevoked(ev: SessionsRevoked): Promise<void> {
    if (ev.reason === 'kicked') {
      const offline = { id: ev.userId, client_id: ev.clientId ?? '', isMobile: ev.terminal === 'mobile' };
      return events.closeSessions(ev.jtis, CloseCode.kicked, { type: 'offline', data: offline }, KICK_CLOSE_DELAY_MS);
    }
    return events.closeSessions(ev.jtis, CloseCode.revoked);
  }
  deps.sessions.onRevoked(onRevoked);

  // The token travels with the session so a connection bound over HTTP can carry §11.6 calls.
  const sessionOf = (auth: AuthContext, token?: string): SocketSession => ({
    userId: auth.user.id,
    jti: auth.session.jti,
    terminal: auth.session.terminal,
    ...(token ? { token } : {}),
  });

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

    async bindUid(
      auth: AuthContext,
      clientId: string,
      claimedUserId: number | undefined,
      cid?: string,
      token?: string,
    ): Promise<void> {
      if (claimedUserId !== undefined && claimedUserId !== auth.user.id) throw new AppError(400, 'common.noPermission');
      const result = await gateway.bindAnywhere(clientId, sessionOf(auth, token), cid ? { cid } : {});
      if (result === 'unknown' || result === 'tooMany') throw new AppError(400, 'socket.unknownClient');
      if (result === 'otherUser') throw new AppError(400, 'common.noPermission');
    },

    /** Compatibility only: group recipients come from membership, so there is nothing to join. */
    async bindGroup(auth: AuthContext, clientId: string, groupId: number): Promise<void> {
      const owned = await gateway.bindAnywhere(clientId, sessionOf(auth), { probe: true });
      if (owned === 'unknown') throw new AppError(400, 'socket.unknownClient');
      if (owned !== 'ok') throw new AppError(400, 'common.noPermission');
      if (!(await deps.groupReads.membership(deps.db, groupId, auth.user.id)))
        throw new AppError(400, 'chat.notMember');
    },

    async offline(auth: AuthContext, claimedUserId: number | undefined): Promise<void> {
      if (claimedUserId !== undefined && claimedUserId !== auth.user.id) throw new AppError(400, 'common.noPermission');
      if ((await presence.count(auth.user.id)) === 0) await announcePresence(auth.user.id, 0);
    },

    /** Login with `client_id` binds that socket at once (§2.4); a stale id is not an error. */
    async bindAfterLogin(auth: AuthContext, clientId: string, token?: string): Promise<void> {
      await gateway.bindAnywhere(clientId, sessionOf(auth, token)).catch(() => 'unknown');
    },

    /** Is this user online anywhere (PROTOCOL §3.1 `is_online`)? */
    online: (userIds: number[]) => presence.online(userIds),
  };
}
export type Realtime = ReturnType<typeof createRealtime>;
