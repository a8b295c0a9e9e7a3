import { delMessageParams, forwardMessageParams, paths, removeMessageParams, undoMessageParams } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RequestContext, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { UserRow } from '../users/index';
import type { Messages } from './messages.service';

type ById = (me: UserRow, id: string, ctx: RequestContext) => Promise<void>;

/** Recall, delete, hide and forward (PROTOCOL §4.6). */
export function messageActionsRoutes(route: RouteBuilder<AuthContext>, messages: Messages): AnyRoute<AuthContext>[] {
  /** The three actions on one message named by its uuid, answering `""`. */
  const byId = (path: string, params: typeof undoMessageParams, act: ById) =>
    route({
      path,
      auth: 'required',
      params,
      handler: async (p, ctx) => {
        await act(ctx.auth.user, p.id, ctx);
        return ok('');
      },
    });
  return [
    byId(paths.undoMessage, undoMessageParams, (me, id, ctx) => messages.undo(me, id, ctx)),
    byId(paths.delMessage, delMessageParams, (me, id) => messages.del(me, id)),
    byId(paths.removeMessage, removeMessageParams, (me, id) => messages.remove(me, id)),
    route({
      path: paths.forwardMessage,
      auth: 'required',
      params: forwardMessageParams,
      handler: async (p, ctx) => messages.forward(ctx.auth.user, p.user_ids, p.msg_id, ctx),
    }),
  ];
}
