import { formatMsg, type ScannedUser } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import { AppError } from '../../platform/http/errors';
import type { AnyRoute, RequestContext, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import { verifyUserCode, type UsersService } from '../users/index';

/**
 * QR codes (PROTOCOL §3.3): `POST /scan/<kind>/<code>`, enveloped, outside the API prefix.
 * A path ending in `/*` is a prefix route: the router hands the case-kept rest over as
 * `ctx.pathTail`. The groups module registers `/scan/g/*` the same way, using `scanner()` and
 * `scanCode()` below so both kinds answer a missing login and a missing code alike.
 */

/** The caller, or -1 `scan.loginRequired` (not `auth.required`): register scan routes with auth 'optional'. */
export function scanner<A>(ctx: { auth?: A | undefined }): A {
  if (!ctx.auth) throw new AppError(-1, 'scan.loginRequired');
  return ctx.auth;
}

/** The code from the path, else the `realToken` param; none → 400 `scan.invalid`. */
export function scanCode(p: { realToken?: string | undefined }, ctx: Pick<RequestContext, 'pathTail'>): string {
  const code = ctx.pathTail || p.realToken || '';
  if (!code) throw new AppError(400, 'scan.invalid');
  return code;
}

export function scanRoutes(
  route: RouteBuilder<AuthContext>,
  deps: { users: UsersService; secret: () => Promise<Uint8Array> },
): AnyRoute<AuthContext>[] {
  return [
    route('/scan/u/*', async (p, ctx) => {
      const me = scanner(ctx).user;
      const userId = verifyUserCode(await deps.secret(), scanCode(p, ctx));
      if (userId === undefined) throw new AppError(400, 'scan.invalid');
      const card = await deps.users
        .card(me, userId, ctx.origin, formatMsg('contact.unknownPlace', ctx.lang))
        .catch((err: unknown) => {
          // A deleted or disabled user's code is no longer a valid code.
          throw err instanceof AppError && err.msgKey === 'contact.notFound' ? new AppError(400, 'scan.invalid') : err;
        });
      const data: ScannedUser = { ...card, action: 'userInfo' };
      return ok(data);
    }),
  ];
}
