/**
 * Single sign-on and directory sync (PROTOCOL §19): OIDC sign-in through the provider, the
 * one-time codes login's `token` takes, and the LDAP directory. Owns `sso_states`, `sso_codes`
 * and `directory_users`; creates accounts through the users module's repo.
 */
export { createSsoCodes, type SsoCodes } from './sso-codes';
export { createOidcClient, type OidcClient } from './oidc-client';
export { createOidcSignIn, type OidcSignIn } from './oidc.service';
export { createProvisioner, type Provisioner } from './provision';
export { registerSsoPages } from './sso.routes';
export { maskedSso, mergeSso } from './forms';
export { ssoAdminRoutes } from './admin.routes';
export { createDirectory, type Directory } from './ldap-directory';
export { createLdapSync, type LdapSync } from './ldap-sync';
export { createLdapLogin } from './ldap-login';
