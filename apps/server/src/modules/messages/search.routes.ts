import { paths } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { Search } from './search.service';

export function searchRoutes(route: RouteBuilder<AuthContext>, search: Search): AnyRoute<AuthContext>[] {
  return [route(paths.search, async (p, ctx) => ok(await search.search(ctx.auth.user, p, ctx)))];
}
