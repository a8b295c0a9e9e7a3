import { paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Calls } from './calls.service';
import type { IceServers } from './ice-servers';

export function callsRoutes(route: RouteBuilder<AuthContext>, calls: Calls, ice: IceServers): AnyRoute<AuthContext>[] {
  return [
    route(paths.sendToMsg, async (p, ctx) => ok(await calls.send(ctx.auth.user, p, ctx))),
    route(paths.iceServers, async (_p, ctx) => ok(await ice.forUser(ctx.auth.user))),
  ];
}
