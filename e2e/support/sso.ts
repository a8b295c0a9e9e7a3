/**
 * The identity systems of the single sign-on tests (PROTOCOL §19), shared with the server's
 * integration tests: a real OpenID provider (`oidc-provider`, with its own login and consent pages)
 * and a real OpenLDAP `slapd`, each started by the test on a loopback port.
 */
export { startTestProvider, type TestProvider } from '../../apps/server/test/helpers/oidc-provider';
export { startTestDirectory, type TestDirectory } from '../../apps/server/test/helpers/slapd';
