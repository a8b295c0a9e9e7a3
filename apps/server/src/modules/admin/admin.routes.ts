import { getConfigParams, paths, setConfigParams } from '@parley/protocol';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import type { UserRow } from '../users/index';
import type { Audit } from './audit';
import type { ConfigAdmin } from './config-admin.service';
import { requireAdmin, requireAdminWrite } from './guard';

export function adminRoutes<A extends { user: UserRow }>(
  route: RouteBuilder<A>,
  admin: ConfigAdmin,
  config: ConfigService,
  audit?: Audit,
): AnyRoute<A>[] {
  return [
    route({
      path: paths.adminGetAllConfig,
      auth: 'required',
      params: z.object({}),
      handler: async (_p, ctx) => {
        requireAdmin(ctx.auth.user);
        return ok(await admin.getAll());
      },
    }),
    route({
      path: paths.adminGetConfig,
      auth: 'required',
      params: getConfigParams,
      handler: async (p, ctx) => {
        requireAdmin(ctx.auth.user);
        return ok(await admin.get(p.name));
      },
    }),
    route({
      path: paths.adminSetConfig,
      auth: 'required',
      params: setConfigParams,
      handler: async (p, ctx) => {
        await requireAdminWrite(ctx.auth.user, config);
        await admin.set(p.name, p.value);
        // The password never reaches the log; the keys say what was touched.
        await audit?.record(ctx.auth.user, ctx.ip, { action: 'config.setConfig', targetType: 'config', targetId: p.name, detail: { keys: Object.keys(p.value) } });
        return ok('', 'common.saved');
      },
    }),
  ];
}
