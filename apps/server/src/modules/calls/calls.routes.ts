import { paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Calls } from './calls.service';

export function callsRoutes(route: RouteBuilder<AuthContext>, calls: Calls): AnyRoute<AuthContext>[] {
  return [route(paths.sendToMsg, async (p, ctx) => ok(await calls.send(ctx.auth.user, p, ctx)))];
}
