import { paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Friends } from './friends.service';

/** `/enterprise/friend/…` (PROTOCOL §7). */
export function friendsRoutes(route: RouteBuilder<AuthContext>, friends: Friends): AnyRoute<AuthContext>[] {
  return [
    route(paths.friendIndex, async (p, ctx) => friends.index(ctx.auth.user, p.is_mine === 1, p.page, p.limit, ctx)),
    route(paths.friendAdd, async (p, ctx) => {
      await friends.add(ctx.auth.user, p.user_id, p.remark, ctx);
      return ok('');
    }),
    route(paths.friendUpdate, async (p, ctx) => {
      await friends.answer(ctx.auth.user, p.friend_id, p.status, ctx);
      return ok('');
    }),
    route(paths.friendDel, async (p, ctx) => {
      await friends.remove(ctx.auth.user, p.id);
      return ok('');
    }),
    route(paths.friendSetNickname, async (p, ctx) => {
      await friends.setNickname(ctx.auth.user, p.friend_id, p.nickname);
      return ok('');
    }),
    route(paths.friendGetApplyMsg, async (_p, ctx) => ok(await friends.pendingCount(ctx.auth.user))),
  ];
}
