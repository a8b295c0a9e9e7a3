import {
  editAccountParams,
  editPasswordParams,
  paths,
  registerParams,
  resetPasswordParams,
  sendCodeParams,
} from '@parley/protocol';
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
    route({
      path: paths.register,
      auth: 'none',
      params: registerParams,
      handler: async (p, ctx) => ok(await accounts.register(p, ctx.ip, ctx), 'account.registerOk'),
    }),
    route({
      path: paths.resetPassword,
      auth: 'none',
      params: resetPasswordParams,
      handler: async (p) => {
        await accounts.resetPassword(p);
        return ok('', 'common.saved');
      },
    }),
    route({
      path: paths.sendCode,
      auth: 'optional',
      params: sendCodeParams,
      handler: async (p, ctx) => {
        await codes.send({ account: p.account, type: p.type, viewer: ctx.auth?.user, lang: ctx.lang, ip: ctx.ip });
        return ok('', 'code.sent');
      },
    }),
    route({
      path: paths.editPassword,
      auth: 'required',
      params: editPasswordParams,
      handler: async (p, ctx) => {
        await accounts.editPassword(ctx.auth, p);
        return ok('', 'common.saved');
      },
    }),
    route({
      path: paths.editAccount,
      auth: 'required',
      params: editAccountParams,
      handler: async (p, ctx) => {
        await accounts.editAccount(ctx.auth, p);
        return ok('', 'common.saved');
      },
    }),
  ];
}
