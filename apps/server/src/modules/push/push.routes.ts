import { pushPaths, pushSubscribeParams, pushUnsubscribeParams } from '@parley/protocol';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Push } from './push.service';

export function pushRoutes(route: RouteBuilder<AuthContext>, push: Push): AnyRoute<AuthContext>[] {
  return [
    route({ path: pushPaths.key, auth: 'required', params: z.object({}), handler: async () => ok(await push.publicKey()) }),
    route({
      path: pushPaths.subscribe,
      auth: 'required',
      params: pushSubscribeParams,
      handler: async (p, ctx) => ok(await push.subscribe({ userId: ctx.auth.user.id, jti: ctx.auth.session.jti }, p, ctx.lang)),
    }),
    route({
      path: pushPaths.unsubscribe,
      auth: 'required',
      params: pushUnsubscribeParams,
      handler: async (p, ctx) => ok(await push.unsubscribe({ jti: ctx.auth.session.jti }, p)),
    }),
  ];
}
