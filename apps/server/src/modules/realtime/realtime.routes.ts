import { paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { PresencePushes } from './presence-pushes';
import type { SocketBinds } from './socket-binds';

export function realtimeRoutes(
  route: RouteBuilder<AuthContext>,
  s: { binds: SocketBinds; presence: Pick<PresencePushes, 'offline'> },
): AnyRoute<AuthContext>[] {
  return [
    route(paths.bindUid, async (p, ctx) => {
      await s.binds.bindUid(ctx.auth, p.client_id, p.user_id, p.cid, ctx.token);
      return ok('');
    }),
    route(paths.bindGroup, async (p, ctx) => {
      await s.binds.bindGroup(ctx.auth, p.client_id, p.group_id);
      return ok('');
    }),
    route(paths.offline, async (p, ctx) => {
      await s.presence.offline(ctx.auth, p.user_id);
      return ok('');
    }),
  ];
}
