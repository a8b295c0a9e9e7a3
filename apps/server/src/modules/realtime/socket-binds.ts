import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import { AppError } from '../../platform/http/errors';
import type { Gateway, SocketSession } from '../../platform/socket/gateway';
import type { AuthContext } from '../auth/index';
import type { GroupReads } from '../contacts/index';

export interface SocketBindsDeps {
  db: Kysely<DB>;
  gateway: Pick<Gateway, 'bindAnywhere'>;
  /** The groups module's membership read (bindGroup), handed in by createServices like contacts'. */
  groupReads: Pick<GroupReads, 'membership'>;
}

/** The token travels with the session so a connection bound over HTTP can carry §11.6 calls. */
const sessionOf = (auth: AuthContext, token?: string): SocketSession => ({
  userId: auth.user.id,
  jti: auth.session.jti,
  terminal: auth.session.terminal,
  ...(token ? { token } : {}),
});

/** Binding a socket to its user over HTTP (PROTOCOL §11.2, §2.4 login with `client_id`), on any node. */
export function createSocketBinds(deps: SocketBindsDeps) {
  const { gateway } = deps;
  return {
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

    /** Login with `client_id` binds that socket at once (§2.4); a stale id is not an error. */
    async bindAfterLogin(auth: AuthContext, clientId: string, token?: string): Promise<void> {
      await gateway.bindAnywhere(clientId, sessionOf(auth, token)).catch(() => 'unknown');
    },
  };
}
export type SocketBinds = ReturnType<typeof createSocketBinds>;
