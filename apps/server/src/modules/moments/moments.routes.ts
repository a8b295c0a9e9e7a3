import {
  momentIdParams, momentsCommentParams, momentsListParams, momentsNoticesParams, momentsPublishParams, noParams, paths,
} from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Moments } from './moments.service';

/** `/enterprise/moments/…` (PROTOCOL §9). */
export function momentsRoutes(route: RouteBuilder<AuthContext>, moments: Moments): AnyRoute<AuthContext>[] {
  return [
    route({
      path: paths.momentsList,
      auth: 'required',
      params: momentsListParams,
      handler: async (p, ctx) => moments.list(ctx.auth.user, p.last_id, p.limit, p.user_id, ctx),
    }),
    route({
      path: paths.momentsPublish,
      auth: 'required',
      params: momentsPublishParams,
      handler: async (p, ctx) => ok(await moments.publish(ctx.auth.user, p, ctx)),
    }),
    route({
      path: paths.momentsDel,
      auth: 'required',
      params: momentIdParams,
      handler: async (p, ctx) => {
        await moments.del(ctx.auth.user, p.id);
        return ok('');
      },
    }),
    route({
      path: paths.momentsLike,
      auth: 'required',
      params: momentIdParams,
      handler: async (p, ctx) => ok(await moments.like(ctx.auth.user, p.id, ctx)),
    }),
    route({
      path: paths.momentsUnlike,
      auth: 'required',
      params: momentIdParams,
      handler: async (p, ctx) => ok(await moments.unlike(ctx.auth.user, p.id, ctx)),
    }),
    route({
      path: paths.momentsComment,
      auth: 'required',
      params: momentsCommentParams,
      handler: async (p, ctx) => ok(await moments.comment(ctx.auth.user, p.id, p.content, p.reply_user_id, ctx)),
    }),
    route({
      path: paths.momentsDelComment,
      auth: 'required',
      params: momentIdParams,
      handler: async (p, ctx) => {
        await moments.delComment(ctx.auth.user, p.id);
        return ok('');
      },
    }),
    route({
      path: paths.momentsNotices,
      auth: 'required',
      params: momentsNoticesParams,
      handler: async (p, ctx) => moments.notices(ctx.auth.user, p.page, p.limit, ctx),
    }),
    route({
      path: paths.momentsUnread,
      auth: 'required',
      params: noParams,
      handler: async (_p, ctx) => ok(await moments.unread(ctx.auth.user, ctx)),
    }),
  ];
}
