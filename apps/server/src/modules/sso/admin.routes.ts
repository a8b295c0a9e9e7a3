import {
  formatMsg,
  isAdmin,
  ldapPatch,
  OIDC_CALLBACK_PATH,
  oidcPatch,
  ssoPaths,
  Role,
  type LdapSettings,
  type LdapSyncStatus,
  type OidcSettings,
  type OidcTestResult,
} from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import { AppError, badParam } from '../../platform/http/errors';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import type { UserRow } from '../users/index';
import type { OidcClient } from './oidc-client';
import { mergeLdapForm, mergeOidcForm } from './forms';
import { withLdap, type LdapLog } from './ldap-client';
import type { LdapSync } from './ldap-sync';

export interface SsoAdminDeps {
  config: Pick<ConfigService, 'sso' | 'systemInfo'>;
  oidc: OidcClient;
  ldapSync: LdapSync;
  log: LdapLog;
  /** The audit log of §12 (`ldap.sync` with the counts). */
  audit(actor: UserRow, ip: string, detail: Record<string, unknown>): Promise<void>;
}

/** The admin console's checks of §19 settings (§12.2 guard: a system admin, else 400 auth.notAdmin). */
export function ssoAdminRoutes<A extends { user: UserRow }>(route: RouteBuilder<A>, deps: SsoAdminDeps): AnyRoute<A>[] {
  const guard = (user: UserRow) => {
    if (!isAdmin(user)) throw new AppError(400, 'auth.notAdmin');
  };
  /** §12.2: in demo mode only the super-administrator writes. */
  const writeGuard = async (user: UserRow) => {
    guard(user);
    if ((await deps.config.systemInfo()).demon_mode && user.role !== Role.superAdmin)
      throw new AppError(400, 'common.demoMode');
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
    route(ssoPaths.testLdap, async (p, ctx) => {
      guard(ctx.auth.user);
      const parsed = ldapPatch.safeParse(p.ldap ?? {});
      if (!parsed.success) throw badParam(`ldap.${parsed.error.issues[0]?.path.join('.') ?? ''}`);
      const s: LdapSettings = mergeLdapForm((await deps.config.sso()).ldap, parsed.data);
      const users = await withLdap(s, deps.log, async (c) => {
        await c.bindService();
        return (await c.people()).length;
      });
      return ok({ users });
    }),
    route(ssoPaths.syncLdap, async (_p, ctx) => {
      await writeGuard(ctx.auth.user);
      const result = await deps.ldapSync.sync();
      await deps.audit(ctx.auth.user, ctx.ip, { ...result });
      return ok(result);
    }),
    route(ssoPaths.ldapStatus, async (_p, ctx) => {
      guard(ctx.auth.user);
      const last = await deps.ldapSync.status();
      const status: LdapSyncStatus = {
        time: last?.time ?? 0,
        ok: last?.ok ?? 0,
        result: last?.result ?? null,
        error: last?.error ? formatMsg(last.error, ctx.lang) : '',
        next: await deps.ldapSync.nextRun(),
      };
      return ok(status);
    }),
  ];
}
