import { paths, type EndpointPath, type ParamsOut } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, Reply, RequestContext, RouteBuilder } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import type { Org } from '../org/index';
import type { UserRow } from '../users/index';
import type { Audit } from './audit';
import { requireAdminWrite } from './guard';

type OrgPath = Extract<EndpointPath, `/manage/org/${string}`>;
type Ctx = RequestContext & { auth: { user: UserRow } };

/**
 * The department editor of §18 (`/manage/org/*`): writes behind the §12.2 guard (demo mode
 * refuses non-super admins), each recorded in the audit log as `org.<action>`.
 */
export function orgAdminRoutes<A extends { user: UserRow }>(
  route: RouteBuilder<A>,
  d: { config: ConfigService; audit: Audit; org: Org },
): AnyRoute<A>[] {
  function write<P extends OrgPath>(path: P, handler: (p: ParamsOut<P>, ctx: Ctx, me: UserRow) => Promise<Reply<P>>) {
    return route(path, async (p: ParamsOut<P>, ctx: RequestContext & { auth?: A }) => {
      const me = (ctx as Ctx).auth.user;
      await requireAdminWrite(me, d.config);
      return handler(p, ctx as Ctx, me);
    });
  }
  const audit = (me: UserRow, ctx: Ctx, action: string, targetId: number, detail: Record<string, unknown>) =>
    d.audit.record(me, ctx.ip, { action, targetType: 'department', targetId, detail });

  return [
    write(paths.adminOrgAdd, async (p, ctx, me) => {
      const dep = await d.org.add(p);
      await audit(me, ctx, 'org.add', dep.id, { name: dep.name, parent_id: dep.parent_id });
      return ok(dep, 'common.saved');
    }),
    write(paths.adminOrgEdit, async (p, ctx, me) => {
      await d.org.edit(p);
      const { id, ...fields } = p;
      await audit(me, ctx, 'org.edit', id, fields);
      return ok('', 'common.saved');
    }),
    write(paths.adminOrgDel, async (p, ctx, me) => {
      await d.org.del(p.id);
      await audit(me, ctx, 'org.del', p.id, {});
      return ok('', 'admin.deleted');
    }),
    write(paths.adminOrgMove, async (p, ctx, me) => {
      const moved = await d.org.move(p.user_ids, p.dep_id);
      await audit(me, ctx, 'org.move', p.dep_id, { user_ids: p.user_ids, moved });
      return ok({ moved }, 'common.saved');
    }),
  ];
}
