import { loginParams, logoutParams, paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { Auth, AuthContext } from './auth.service';

export function authRoutes(route: RouteBuilder<AuthContext>, auth: Auth): AnyRoute<AuthContext>[] {
  return [
    route({
      path: paths.login,
      auth: 'none',
      params: loginParams,
      // client_id (bind the socket at once) is accepted and ignored until sockets exist.
      handler: async (p, ctx) => ok(await auth.login(p, ctx), 'auth.loginOk'),
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
