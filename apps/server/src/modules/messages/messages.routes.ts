import { paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Messages } from './messages.service';

export function messagesRoutes(route: RouteBuilder<AuthContext>, messages: Messages): AnyRoute<AuthContext>[] {
  return [
    route(paths.sendMessage, async (p, ctx) => ok(await messages.send(ctx.auth.user, p, ctx))),
    route(paths.getMessageList, async (p, ctx) => messages.list(ctx.auth.user, p, ctx)),
    route(paths.getMessageInfo, async (p, ctx) => ok(await messages.info(ctx.auth.user, p, ctx))),
    route(paths.getMessageContext, async (p, ctx) => messages.context(ctx.auth.user, p, ctx)),
    route(paths.setMsgIsRead, async (p, ctx) => {
      await messages.setRead(ctx.auth.user, p.toContactId, p.messages ?? [], ctx);
      return ok('');
    }),
    route(paths.readList, async (p, ctx) => messages.readList(ctx.auth.user, p, ctx)),
    route(paths.readAtMsg, async (p, ctx) => {
      await messages.readAtMsg(ctx.auth.user, p.toContactId);
      return ok('');
    }),
  ];
}
