import { paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Moments } from './moments.service';

/** `/enterprise/moments/…` (PROTOCOL §9). */
export function momentsRoutes(route: RouteBuilder<AuthContext>, moments: Moments): AnyRoute<AuthContext>[] {
  return [
    route(paths.momentsList, async (p, ctx) => moments.list(ctx.auth.user, p.last_id, p.limit, p.user_id, ctx)),
    route(paths.momentsPublish, async (p, ctx) => ok(await moments.publish(ctx.auth.user, p, ctx))),
    route(paths.momentsDel, async (p, ctx) => {
      await moments.del(ctx.auth.user, p.id);
      return ok('');
    }),
    route(paths.momentsLike, async (p, ctx) => ok(await moments.like(ctx.auth.user, p.id, ctx))),
    route(paths.momentsUnlike, async (p, ctx) => ok(await moments.unlike(ctx.auth.user, p.id, ctx))),
    route(paths.momentsComment, async (p, ctx) =>
      ok(await moments.comment(ctx.auth.user, p.id, p.content, p.reply_user_id, ctx)),
    ),
    route(paths.momentsDelComment, async (p, ctx) => {
      await moments.delComment(ctx.auth.user, p.id);
      return ok('');
    }),
    route(paths.momentsNotices, async (p, ctx) => moments.notices(ctx.auth.user, p.page, p.limit, ctx)),
    route(paths.momentsUnread, async (_p, ctx) => ok(await moments.unread(ctx.auth.user, ctx))),
  ];
}
