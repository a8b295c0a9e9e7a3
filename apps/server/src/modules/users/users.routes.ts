import { formatMsg, paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { UserRow } from './users.repo';
import type { UsersService } from './users.service';

export function usersRoutes<A extends { user: UserRow }>(route: RouteBuilder<A>, users: UsersService): AnyRoute<A>[] {
  return [
    route(paths.getUserInfo, async (p, ctx) => {
      await users.assertMayOpenCard(ctx.auth.user, p.user_id);
      return ok(await users.card(ctx.auth.user, p.user_id, ctx.origin, formatMsg('contact.unknownPlace', ctx.lang)));
    }),
    route(paths.updateUserInfo, async (p, ctx) =>
      ok(await users.updateInfo(ctx.auth.user, p, ctx.origin), 'common.saved'),
    ),
    // Every body key is a setting; the service coerces the known ones.
    route(paths.setting, async (p, ctx) => {
      await users.saveSetting(ctx.auth.user, p, ctx.origin);
      return ok('', 'common.saved');
    }),
  ];
}
