import {
  getMessageContextParams, getMessageInfoParams, getMessageListParams, paths, readAtMsgParams, sendMessageParams,
  setMsgIsReadParams,
} from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Messages } from './messages.service';

export function messagesRoutes(route: RouteBuilder<AuthContext>, messages: Messages): AnyRoute<AuthContext>[] {
  return [
    route({
      path: paths.sendMessage,
      auth: 'required',
      params: sendMessageParams,
      handler: async (p, ctx) => ok(await messages.send(ctx.auth.user, p, ctx)),
    }),
    route({
      path: paths.getMessageList,
      auth: 'required',
      params: getMessageListParams,
      handler: async (p, ctx) => messages.list(ctx.auth.user, p, ctx),
    }),
    route({
      path: paths.getMessageInfo,
      auth: 'required',
      params: getMessageInfoParams,
      handler: async (p, ctx) => ok(await messages.info(ctx.auth.user, p, ctx)),
    }),
    route({
      path: paths.getMessageContext,
      auth: 'required',
      params: getMessageContextParams,
      handler: async (p, ctx) => messages.context(ctx.auth.user, p, ctx),
    }),
    route({
      path: paths.setMsgIsRead,
      auth: 'required',
      params: setMsgIsReadParams,
      handler: async (p, ctx) => {
        await messages.setRead(ctx.auth.user, p.toContactId, p.messages ?? [], ctx);
        return ok('');
      },
    }),
    route({
      path: paths.readAtMsg,
      auth: 'required',
      params: readAtMsgParams,
      handler: async (p, ctx) => {
        await messages.readAtMsg(ctx.auth.user, p.toContactId);
        return ok('');
      },
    }),
  ];
}
