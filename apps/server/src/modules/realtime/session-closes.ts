import { CloseCode } from '@parley/protocol';
import type { Events } from '../../platform/events';
import type { Sessions, SessionsRevoked } from '../auth/index';

const KICK_CLOSE_DELAY_MS = 1000;

/**
 * Forced offline (PROTOCOL §11.3): a revoked session's sockets close on every node. A kick (a
 * sign-in elsewhere on the same terminal) first tells the socket why, then closes it a second later.
 */
export function closeSocketsOfRevokedSessions(sessions: Pick<Sessions, 'onRevoked'>, events: Events): void {
  sessions.onRevoked((ev: SessionsRevoked) => {
    if (ev.reason === 'kicked') {
      const offline = { id: ev.userId, client_id: ev.clientId ?? '', isMobile: ev.terminal === 'mobile' };
      return events.closeSessions(ev.jtis, CloseCode.kicked, { type: 'offline', data: offline }, KICK_CLOSE_DELAY_MS);
    }
    return events.closeSessions(ev.jtis, CloseCode.revoked);
  });
}
