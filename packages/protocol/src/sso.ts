import { z } from 'zod';
import { t } from './coerce';

/**
 * Single sign-on and directory sync (PROTOCOL §19): the `sso` settings section, the sign-in
 * buttons of `getSystemInfo.sso`, and the admin console's LDAP/OIDC checks.
 *
 * Decisions where §19 is silent:
 * - `getAllConfig` lists `sso` too; `clientSecret` and `bindPassword` read back as `******`, and
 *   `******` (or an absent key) saved back keeps the stored secret.
 * - Settings are saved whatever their state, but `status` 1 needs its required fields (OIDC: issuer
 *   and clientId; LDAP: url and baseDN), else 400 `sso.notConfigured`. An issuer that is neither
 *   https nor http on a loopback address is refused with 400 `sso.issuerInsecure`.
 * - The one-time code of the callback is 256 random bits (base64url), kept hashed, valid 60 s.
 * - A user created by single sign-on or the directory has no local password (an empty hash, which
 *   no password matches): they sign in through the provider or the directory, by a code, or after
 *   an administrator sets a password.
 * - Users found in the directory are linked to it by their DN; only linked users are disabled when
 *   they leave it, and a user is enabled again when they come back.
 */

export interface OidcSettings {
  status: 0 | 1;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  accountClaim: string;
  nameClaim: string;
  emailClaim: string;
  autoCreate: 0 | 1;
  buttonText: string;
}

export interface LdapSettings {
  status: 0 | 1;
  url: string;
  bindDN: string;
  bindPassword: string;
  baseDN: string;
  userFilter: string;
  accountAttr: string;
  nameAttr: string;
  emailAttr: string;
  depFromOU: 0 | 1;
  login: 0 | 1;
  syncHours: number;
}

export interface SsoSettings {
  oidc: OidcSettings;
  ldap: LdapSettings;
}

export const defaultSsoSettings: SsoSettings = {
  oidc: {
    status: 0,
    issuer: '',
    clientId: '',
    clientSecret: '',
    scopes: 'openid profile email',
    accountClaim: 'preferred_username',
    nameClaim: 'name',
    emailClaim: 'email',
    autoCreate: 1,
    buttonText: '',
  },
  ldap: {
    status: 0,
    url: '',
    bindDN: '',
    bindPassword: '',
    baseDN: '',
    userFilter: '(objectClass=inetOrgPerson)',
    accountAttr: 'uid',
    nameAttr: 'cn',
    emailAttr: 'mail',
    depFromOU: 1,
    login: 0,
    syncHours: 24,
  },
};

/** A sign-in button of `getSystemInfo.sso` (§19): the web client navigates to `url` (same origin). */
export interface SsoButton {
  kind: 'oidc';
  name: string;
  url: string;
}

export const OIDC_START_PATH = '/sso/oidc/start';
export const OIDC_CALLBACK_PATH = '/sso/oidc/callback';

/** Loopback hosts, where an http issuer is allowed (tests, a provider on the same machine). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(?:\.\d{1,3}){3}$/.test(h);
}

/** §19: the issuer must be https, except on a loopback address. No user info, query or fragment. */
export function issuerAllowed(issuer: string): boolean {
  const m = /^(https?):\/\/([^/?#\s@]+)(\/[^?#\s]*)?$/i.exec(issuer);
  if (!m) return false;
  const authority = m[2] ?? '';
  const host = authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.split(':')[0];
  return m[1]?.toLowerCase() === 'https' || isLoopbackHost(host ?? '');
}

export function ldapUrlAllowed(url: string): boolean {
  return /^ldaps?:\/\/[^\s/]+\/?$/i.test(url);
}

const flag = () => t.flag.opt();
/** Text settings keep "" (a value may be cleared); null means unchanged. */
const text = (max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string().max(max).optional(),
  );
const secret = () => z.preprocess((v) => (v === null ? undefined : v), z.string().max(1024).optional());
const attr = () =>
  text(64).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_.:-]*$/)
      .optional(),
  );

export const oidcPatch = z.object({
  status: flag(),
  issuer: text(512),
  clientId: text(255),
  clientSecret: secret(),
  scopes: text(255).pipe(
    z
      .string()
      .regex(/^[\x21-\x7e ]*$/)
      .optional(),
  ),
  accountClaim: attr(),
  nameClaim: attr(),
  emailClaim: attr(),
  autoCreate: flag(),
  buttonText: text(32),
});

export const ldapPatch = z.object({
  status: flag(),
  url: text(512),
  bindDN: text(512),
  bindPassword: secret(),
  baseDN: text(512),
  userFilter: text(1024),
  accountAttr: attr(),
  nameAttr: attr(),
  emailAttr: attr(),
  depFromOU: flag(),
  login: flag(),
  syncHours: t.int.opt().pipe(z.number().int().min(1).max(720).optional()),
});

export const ssoPatch = z.object({ oidc: oidcPatch.optional(), ldap: ldapPatch.optional() });

/** `/manage/sso/testOidc` (Parley extension): the form's values, unsaved, over the stored ones. */
export const testOidcParams = z.object({ oidc: t.obj.opt() });
/** `/manage/sso/testLdap` (Parley extension): the form's values, unsaved, over the stored ones. */
export const testLdapParams = z.object({ ldap: t.obj.opt() });

/** What the OIDC check found at `<issuer>/.well-known/openid-configuration`. */
export interface OidcTestResult {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  /** The redirect URI to register at the provider. */
  redirect_uri: string;
}

/** What the LDAP check found: the bind worked and this many entries match the filter. */
export interface LdapTestResult {
  users: number;
}

/** `/manage/org/syncLdap` data (§19). */
export interface LdapSyncResult {
  created: number;
  updated: number;
  disabled: number;
  departments: number;
}

/** `/manage/sso/ldapStatus` data (Parley extension): the last sync of any node. */
export interface LdapSyncStatus {
  /** Unix seconds; 0 = never ran. */
  time: number;
  /** 1 when it succeeded. */
  ok: 0 | 1;
  result: LdapSyncResult | null;
  /** The failure's catalogue text in the reader's language, "" on success. */
  error: string;
  /** Unix seconds of the next scheduled sync, 0 when the sync is off. */
  next: number;
}

/** API paths of §19 (`syncLdap`) and the Parley extensions of its admin console. */
export const ssoPaths = {
  syncLdap: '/manage/org/syncLdap',
  testOidc: '/manage/sso/testOidc',
  testLdap: '/manage/sso/testLdap',
  ldapStatus: '/manage/sso/ldapStatus',
} as const;
