import {
  friendAddParams, friendDelParams, friendIndexParams, friendSetNicknameParams, friendUpdateParams, noParams, paths,
} from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Friends } from './friends.service';

/** `/enterprise/friend/…` (PROTOCOL §7). */
export function friendsRoutes(route: RouteBuilder<AuthContext>, friends: Friends): AnyRoute<AuthContext>[] {
  return [
    route({
      path: paths.friendIndex,
      auth: 'required',
      params: friendIndexParams,
      handler: async (p, ctx) => friends.index(ctx.auth.user, p.is_mine === 1, p.page, p.limit, ctx),
    }),
    route({
      path: paths.friendAdd,
      auth: 'required',
      params: friendAddParams,
      handler: async (p, ctx) => {
        await friends.add(ctx.auth.user, p.user_id, p.remark, ctx);
        return ok('');
      },
    }),
    route({
      path: paths.friendUpdate,
      auth: 'required',
      params: friendUpdateParams,
      handler: async (p, ctx) => {
        await friends.answer(ctx.auth.user, p.friend_id, p.status, ctx);
        return ok('');
      },
    }),
    route({
      path: paths.friendDel,
      auth: 'required',
      params: friendDelParams,
      handler: async (p, ctx) => {
        await friends.remove(ctx.auth.user, p.id);
        return ok('');
      },
    }),
    route({
      path: paths.friendSetNickname,
      auth: 'required',
      params: friendSetNicknameParams,
      handler: async (p, ctx) => {
        await friends.setNickname(ctx.auth.user, p.friend_id, p.nickname);
        return ok('');
      },
    }),
    route({
      path: paths.friendGetApplyMsg,
      auth: 'required',
      params: noParams,
      handler: async (_p, ctx) => ok(await friends.pendingCount(ctx.auth.user)),
    }),
  ];
}
