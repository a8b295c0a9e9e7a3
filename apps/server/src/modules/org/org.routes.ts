import { paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Org } from './org.service';

/** §18 for everyone: the tree and the people of a department (the editor is in admin/org.routes.ts). */
export function orgRoutes(route: RouteBuilder<AuthContext>, org: Org): AnyRoute<AuthContext>[] {
  return [
    route(paths.orgTree, async (_p, ctx) => ok(await org.tree(ctx.auth.user))),
    route(paths.orgMembers, async (p, ctx) => org.members(ctx.auth.user, p, ctx.origin)),
  ];
}
