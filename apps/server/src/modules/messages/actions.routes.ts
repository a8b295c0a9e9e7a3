import { paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Messages } from './messages.service';

/** Recall, delete, hide and forward (PROTOCOL §4.6); the first three answer `""`. */
export function messageActionsRoutes(route: RouteBuilder<AuthContext>, messages: Messages): AnyRoute<AuthContext>[] {
  return [
    route(paths.undoMessage, async (p, ctx) => ok(await messages.undo(ctx.auth.user, p.id, ctx))),
    route(paths.delMessage, async (p, ctx) => ok(await messages.del(ctx.auth.user, p.id))),
    route(paths.removeMessage, async (p, ctx) => ok(await messages.remove(ctx.auth.user, p.id))),
    route(paths.forwardMessage, async (p, ctx) => messages.forward(ctx.auth.user, p.user_ids, p.msg_id, ctx)),
  ];
}
