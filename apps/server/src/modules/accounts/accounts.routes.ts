import { paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Codes } from '../codes/index';
import type { Accounts } from './accounts.service';

export function accountsRoutes(
  route: RouteBuilder<AuthContext>,
  accounts: Accounts,
  codes: Codes,
): AnyRoute<AuthContext>[] {
  return [
    route(paths.register, async (p, ctx) => ok(await accounts.register(p, ctx.ip, ctx), 'account.registerOk')),
    route(paths.resetPassword, async (p) => {
      await accounts.resetPassword(p);
      return ok('', 'common.saved');
    }),
    route(paths.sendCode, async (p, ctx) => {
      await codes.send({ account: p.account, type: p.type, viewer: ctx.auth?.user, lang: ctx.lang, ip: ctx.ip });
      return ok('', 'code.sent');
    }),
    route(paths.editPassword, async (p, ctx) => {
      await accounts.editPassword(ctx.auth, p, ctx.ip);
      return ok('', 'common.saved');
    }),
    route(paths.bindEmail, async (p, ctx) => ok(await accounts.bindEmail(ctx.auth, p, ctx.origin), 'common.saved')),
    route(paths.editAccount, async (p, ctx) => {
      await accounts.editAccount(ctx.auth, p);
      return ok('', 'common.saved');
    }),
  ];
}
