import { noParams } from '../contacts';
import {
  ssoPaths,
  testLdapParams,
  testOidcParams,
  type LdapSyncResult,
  type LdapSyncStatus,
  type LdapTestResult,
  type OidcTestResult,
} from '../sso';
import { data, type EndpointDef } from './define';

/** Single sign-on and directory sync (§19); the admin guard (§12.2) applies to all four. */
export const ssoEndpoints = {
  [ssoPaths.testOidc]: { auth: 'required', params: testOidcParams, answer: data<OidcTestResult>() },
  [ssoPaths.testLdap]: { auth: 'required', params: testLdapParams, answer: data<LdapTestResult>() },
  [ssoPaths.syncLdap]: { auth: 'required', params: noParams, answer: data<LdapSyncResult>() },
  [ssoPaths.ldapStatus]: { auth: 'required', params: noParams, answer: data<LdapSyncStatus>() },
} as const satisfies Record<string, EndpointDef>;
