import { loginParams, logoutParams, paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { Auth, AuthContext } from './auth.service';

export interface AuthRouteHooks {
  /** Login with `client_id` binds that socket at once, as bindUid would (§2.4). */
  afterLogin?(authToken: string, clientId: string): Promise<void>;
}

export function authRoutes(route: RouteBuilder<AuthContext>, auth: Auth, hooks: AuthRouteHooks = {}): AnyRoute<AuthContext>[] {
  return [
    route({
      path: paths.login,
      auth: 'none',
      params: loginParams,
      handler: async (p, ctx) => {
        const result = await auth.login(p, ctx);
        if (p.client_id && hooks.afterLogin) await hooks.afterLogin(result.authToken, p.client_id);
        return ok(result, 'auth.loginOk');
      },
    }),
    route({
      path: paths.logout,
      auth: 'optional',
      params: logoutParams,
      handler: async (_p, ctx) => {
        await auth.logout(ctx.auth);
        return ok('', 'auth.logoutOk');
      },
    }),
  ];
}
