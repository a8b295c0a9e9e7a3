import {
  isAdmin,
  OIDC_CALLBACK_PATH,
  oidcPatch,
  ssoPaths,
  type OidcSettings,
  type OidcTestResult,
} from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import { AppError, badParam } from '../../platform/http/errors';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import type { UserRow } from '../users/index';
import type { OidcClient } from './oidc-client';
import { mergeOidcForm } from './forms';

export interface SsoAdminDeps {
  config: Pick<ConfigService, 'sso'>;
  oidc: OidcClient;
}

/** The admin console's checks of §19 settings (§12.2 guard: a system admin, else 400 auth.notAdmin). */
export function ssoAdminRoutes<A extends { user: UserRow }>(route: RouteBuilder<A>, deps: SsoAdminDeps): AnyRoute<A>[] {
  const guard = (user: UserRow) => {
    if (!isAdmin(user)) throw new AppError(400, 'auth.notAdmin');
  };
  return [
    route(ssoPaths.testOidc, async (p, ctx) => {
      guard(ctx.auth.user);
      const parsed = oidcPatch.safeParse(p.oidc ?? {});
      if (!parsed.success) throw badParam(`oidc.${parsed.error.issues[0]?.path.join('.') ?? ''}`);
      const s: OidcSettings = mergeOidcForm((await deps.config.sso()).oidc, parsed.data);
      const found = await deps.oidc.test(s);
      const result: OidcTestResult = {
        issuer: found.issuer,
        authorization_endpoint: found.authorization_endpoint ?? '',
        token_endpoint: found.token_endpoint ?? '',
        redirect_uri: ctx.origin + OIDC_CALLBACK_PATH,
      };
      return ok(result);
    }),
  ];
}
