import { paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Realtime } from './realtime.service';

export function realtimeRoutes(route: RouteBuilder<AuthContext>, realtime: Realtime): AnyRoute<AuthContext>[] {
  return [
    route(paths.bindUid, async (p, ctx) => {
      await realtime.bindUid(ctx.auth, p.client_id, p.user_id, p.cid, ctx.token);
      return ok('');
    }),
    route(paths.bindGroup, async (p, ctx) => {
      await realtime.bindGroup(ctx.auth, p.client_id, p.group_id);
      return ok('');
    }),
    route(paths.offline, async (p, ctx) => {
      await realtime.offline(ctx.auth, p.user_id);
      return ok('');
    }),
  ];
}
