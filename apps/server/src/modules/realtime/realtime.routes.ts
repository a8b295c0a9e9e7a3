import { paths, t } from '@parley/protocol';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Realtime } from './realtime.service';

const bindUidParams = z.object({ client_id: t.str.req(), user_id: t.uid.opt(), cid: t.str.opt() });
const bindGroupParams = z.object({ client_id: t.str.req(), group_id: t.gid.req() });
const offlineParams = z.object({ user_id: t.uid.opt() });

export function realtimeRoutes(route: RouteBuilder<AuthContext>, realtime: Realtime): AnyRoute<AuthContext>[] {
  return [
    route({
      path: paths.bindUid,
      auth: 'required',
      params: bindUidParams,
      handler: async (p, ctx) => {
        await realtime.bindUid(ctx.auth, p.client_id, p.user_id, p.cid, ctx.token);
        return ok('');
      },
    }),
    route({
      path: paths.bindGroup,
      auth: 'required',
      params: bindGroupParams,
      handler: async (p, ctx) => {
        await realtime.bindGroup(ctx.auth, p.client_id, p.group_id);
        return ok('');
      },
    }),
    route({
      path: paths.offline,
      auth: 'required',
      params: offlineParams,
      handler: async (p, ctx) => {
        await realtime.offline(ctx.auth, p.user_id);
        return ok('');
      },
    }),
  ];
}
