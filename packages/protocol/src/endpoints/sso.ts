import { ssoPaths, testOidcParams, type OidcTestResult } from '../sso';
import { data, type EndpointDef } from './define';

/** Single sign-on and directory sync (§19); the admin guard (§12.2) applies to all four. */
export const ssoEndpoints = {
  [ssoPaths.testOidc]: { auth: 'required', params: testOidcParams, answer: data<OidcTestResult>() },
} as const satisfies Record<string, EndpointDef>;
