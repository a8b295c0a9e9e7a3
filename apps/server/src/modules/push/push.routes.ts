import { pushPaths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Push } from './push.service';

export function pushRoutes(route: RouteBuilder<AuthContext>, push: Push): AnyRoute<AuthContext>[] {
  return [
    route(pushPaths.key, async () => ok(await push.publicKey())),
    route(pushPaths.subscribe, async (p, ctx) =>
      ok(await push.subscribe({ userId: ctx.auth.user.id, jti: ctx.auth.session.jti }, p, ctx.lang)),
    ),
    route(pushPaths.unsubscribe, async (p, ctx) => ok(await push.unsubscribe({ jti: ctx.auth.session.jti }, p))),
  ];
}
