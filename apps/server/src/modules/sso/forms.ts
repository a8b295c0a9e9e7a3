import {
  defaultSsoSettings,
  issuerAllowed,
  ldapUrlAllowed,
  MASKED_PASSWORD,
  type LdapSettings,
  type OidcSettings,
  type SsoSettings,
} from '@parley/protocol';
import { AppError, badParam } from '../../platform/http/errors';

/**
 * The `sso` settings section (PROTOCOL §19) as the admin console reads and saves it: the two
 * secrets are write-only (shown as `******`, which saved back keeps them), each half is merged
 * over what is stored, and a half switched on must be complete.
 */

const strip = (o: Record<string, unknown> | undefined): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined));

export function maskedSso(s: SsoSettings): Record<string, unknown> {
  return {
    oidc: { ...s.oidc, clientSecret: s.oidc.clientSecret ? MASKED_PASSWORD : '' },
    ldap: { ...s.ldap, bindPassword: s.ldap.bindPassword ? MASKED_PASSWORD : '' },
  };
}

/** `patch` is the validated setConfig value; answers what to store, or throws the reason in words. */
export function mergeSso(
  current: SsoSettings,
  patch: { oidc?: Record<string, unknown>; ldap?: Record<string, unknown> },
): SsoSettings {
  const oidc = { ...current.oidc, ...strip(patch.oidc) } as OidcSettings;
  const ldap = { ...current.ldap, ...strip(patch.ldap) } as LdapSettings;
  if (oidc.clientSecret === MASKED_PASSWORD) oidc.clientSecret = current.oidc.clientSecret;
  if (ldap.bindPassword === MASKED_PASSWORD) ldap.bindPassword = current.ldap.bindPassword;
  oidc.issuer = oidc.issuer.replace(/\/+$/, '');
  if (oidc.issuer && !issuerAllowed(oidc.issuer)) throw new AppError(400, 'sso.issuerInsecure');
  if (oidc.status === 1 && (!oidc.issuer || !oidc.clientId)) throw new AppError(400, 'sso.notConfigured');
  if (ldap.url && !ldapUrlAllowed(ldap.url)) throw badParam('value.ldap.url');
  if (ldap.status === 1 && (!ldap.url || !ldap.baseDN)) throw new AppError(400, 'ldap.notConfigured');
  return { oidc, ldap };
}

/** The admin's unsaved OIDC form over the stored settings, for "test the connection". */
export function mergeOidcForm(current: OidcSettings, form: Record<string, unknown>): OidcSettings {
  const { oidc } = mergeSso({ oidc: current, ldap: defaultSsoSettings.ldap }, { oidc: { ...form, status: 0 } });
  if (!oidc.issuer) throw new AppError(400, 'sso.notConfigured');
  return oidc;
}

/** The admin's unsaved LDAP form over the stored settings, for "test the connection". */
export function mergeLdapForm(current: LdapSettings, form: Record<string, unknown>): LdapSettings {
  const { ldap } = mergeSso({ oidc: defaultSsoSettings.oidc, ldap: current }, { ldap: { ...form, status: 0 } });
  if (!ldap.url || !ldap.baseDN) throw new AppError(400, 'ldap.notConfigured');
  return ldap;
}
