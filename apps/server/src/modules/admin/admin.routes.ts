import { paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import type { UserRow } from '../users/index';
import { auditRefusals, refusalEntry, type Audit } from './audit';
import type { ConfigAdmin } from './config-admin.service';
import { requireAdmin, requireAdminWrite } from './guard';

export function adminRoutes<A extends { user: UserRow }>(
  route: RouteBuilder<A>,
  admin: ConfigAdmin,
  config: ConfigService,
  audit?: Audit,
): AnyRoute<A>[] {
  return [
    route(paths.adminGetAllConfig, async (_p, ctx) => {
      requireAdmin(ctx.auth.user);
      return ok(await admin.getAll());
    }),
    route(paths.adminGetConfig, async (p, ctx) => {
      requireAdmin(ctx.auth.user);
      return ok(await admin.get(p.name));
    }),
    route(paths.adminSetConfig, (p, ctx) =>
      auditRefusals(audit, ctx.auth.user, ctx.ip, refusalEntry(paths.adminSetConfig, p), async () => {
        await requireAdminWrite(ctx.auth.user, config);
        await admin.set(p.name, p.value);
        // The password never reaches the log; the keys say what was touched.
        await audit?.record(ctx.auth.user, ctx.ip, {
          action: 'config.setConfig',
          targetType: 'config',
          targetId: p.name,
          detail: { keys: Object.keys(p.value) },
        });
        return ok('', 'common.saved');
      }),
    ),
  ];
}
