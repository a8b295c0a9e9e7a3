import { createHmac } from 'node:crypto';
import { iceServersOf, turnUsername, type IceServersAnswer } from '@parley/protocol';
import { nowSeconds, type Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import type { ConfigService } from '../config/index';
import type { UserRow } from '../users/index';

/**
 * The ICE servers for one call (PROTOCOL §10.4): the operator's static list, plus a TURN entry
 * whose credential is minted for this user with the secret shared with coturn
 * (`use-auth-secret`). Nothing is stored: coturn checks the HMAC and the expiry itself.
 */
export function createIceServers(deps: { config: ConfigService; clock: Clock }) {
  return {
    async forUser(me: UserRow): Promise<IceServersAnswer> {
      const [{ chatInfo }, { turn }] = await Promise.all([deps.config.systemInfo(), deps.config.automation()]);
      if (chatInfo.webrtc !== 1) throw new AppError(400, 'call.disabled');
      const iceServers = iceServersOf(chatInfo);
      if (turn.status !== 1 || !turn.secret || turn.urls.length === 0) return { iceServers, ttl: 0 };
      const username = turnUsername(nowSeconds(deps.clock) + turn.ttl, me.id);
      const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
      return { iceServers: [...iceServers, { urls: [...turn.urls], username, credential }], ttl: turn.ttl };
    },
  };
}
export type IceServers = ReturnType<typeof createIceServers>;
