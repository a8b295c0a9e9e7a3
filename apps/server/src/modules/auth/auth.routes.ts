import { paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { Auth, AuthContext } from './auth.service';

export interface AuthRouteHooks {
  /** Login with `client_id` binds that socket at once, as bindUid would (§2.4). */
  afterLogin?(authToken: string, clientId: string): Promise<void>;
}

export function authRoutes(
  route: RouteBuilder<AuthContext>,
  auth: Auth,
  hooks: AuthRouteHooks = {},
): AnyRoute<AuthContext>[] {
  return [
    route(paths.login, async (p, ctx) => {
      const result = await auth.login(p, ctx);
      if (p.client_id && hooks.afterLogin) await hooks.afterLogin(result.authToken, p.client_id);
      return ok(result, 'auth.loginOk');
    }),
    route(paths.logout, async (_p, ctx) => {
      await auth.logout(ctx.auth);
      return ok('', 'auth.logoutOk');
    }),
  ];
}
