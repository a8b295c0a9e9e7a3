import * as oidc from 'openid-client';
import type { MsgKey, OidcSettings } from '@parley/protocol';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';

/**
 * The OpenID Connect client side (§19) on openid-client: discovery, the authorization URL with
 * state, nonce and PKCE S256, and the code exchange with the ID token's checks (signature by the
 * provider's JWKS, iss, aud, nonce, exp). Every failure becomes a catalogue key; the provider's
 * own error text only reaches the log.
 */

/** Discovery documents are kept this long per issuer and client (one fetch per sign-in otherwise). */
const DISCOVERY_TTL_MS = 5 * 60_000;
/** Seconds before a request to the provider is given up (clients give up on us after 10 s). */
const TIMEOUT_S = 8;

export interface ExchangeInput {
  /** The callback's own URL as the provider called it (code, state, iss…). */
  callbackUrl: URL;
  redirectUri: string;
  state: string;
  nonce: string;
  verifier: string;
}

export interface OidcClientDeps {
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
}

const isHttp = (issuer: string) => issuer.startsWith('http:');

/** What went wrong, as one of our keys: the person sees it, the provider's words go to the log. */
export function failureKey(err: unknown): MsgKey {
  if (err instanceof AppError) return err.msgKey;
  if (err instanceof oidc.AuthorizationResponseError)
    return err.error === 'access_denied' ? 'sso.denied' : 'sso.failed';
  if (err instanceof oidc.ResponseBodyError) return 'sso.failed';
  const code = (err as { code?: unknown }).code;
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' || code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED')
    return 'sso.tokenInvalid';
  if (code === 'OAUTH_JWS_SIGNATURE_VERIFICATION_FAILED' || code === 'OAUTH_KEY_SELECTION_FAILED')
    return 'sso.tokenInvalid';
  if (code === 'OAUTH_INVALID_RESPONSE' || code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') return 'sso.tokenInvalid';
  if (err instanceof TypeError || code === 'OAUTH_TIMEOUT' || (err as Error).name === 'AbortError')
    return 'sso.unreachable';
  return 'sso.failed';
}

export function createOidcClient(deps: OidcClientDeps) {
  const discovered = new Map<string, { metadata: oidc.ServerMetadata; at: number }>();

  function clientAuth(s: OidcSettings, metadata: oidc.ServerMetadata): oidc.ClientAuth {
    if (!s.clientSecret) return oidc.None();
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    return methods.includes('client_secret_basic')
      ? oidc.ClientSecretBasic(s.clientSecret)
      : oidc.ClientSecretPost(s.clientSecret);
  }

  /** Our clock against the machine's, so the ID token's times are judged by the server's clock. */
  const skew = () => Math.round((deps.clock.now() - Date.now()) / 1000);

  /**
   * A client for these settings. The discovery document is cached, but each call builds a new
   * Configuration, and with it a new JWKS cache: every sign-in verifies against the keys the
   * provider publishes now, so a rotated key is honoured at once.
   */
  async function configuration(s: OidcSettings, fresh = false): Promise<oidc.Configuration> {
    const cacheKey = `${s.issuer}|${s.clientId}`;
    let entry = discovered.get(cacheKey);
    if (fresh || !entry || Date.now() - entry.at > DISCOVERY_TTL_MS) {
      try {
        const found = await oidc.discovery(new URL(s.issuer), s.clientId, undefined, undefined, {
          timeout: TIMEOUT_S,
          ...(isHttp(s.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        });
        entry = { metadata: { ...found.serverMetadata() }, at: Date.now() };
        discovered.set(cacheKey, entry);
      } catch (err) {
        deps.log.warn({ err, issuer: s.issuer }, 'OIDC discovery failed');
        throw new AppError(400, 'sso.unreachable');
      }
    }
    const config = new oidc.Configuration(
      entry.metadata,
      s.clientId,
      { [oidc.clockSkew]: skew() },
      clientAuth(s, entry.metadata),
    );
    config.timeout = TIMEOUT_S;
    if (isHttp(s.issuer)) oidc.allowInsecureRequests(config);
    // §19 wants the ID token's signature checked against the provider's JWKS, even though it came
    // straight from the token endpoint (openid-client would otherwise trust the TLS channel).
    oidc.enableNonRepudiationChecks(config);
    return config;
  }

  return {
    /** Fetches the discovery document now (the admin's "test the connection"). */
    async test(s: OidcSettings): Promise<oidc.ServerMetadata> {
      return (await configuration(s, true)).serverMetadata();
    },

    /** A fresh state, nonce and PKCE verifier, and the provider's authorization URL carrying them. */
    async authorization(s: OidcSettings, redirectUri: string) {
      const config = await configuration(s);
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const verifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: s.scopes || 'openid',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return { url, state, nonce, verifier };
    },

    /**
     * Exchanges the code and checks the ID token; answers its claims, completed from the UserInfo
     * endpoint when the ID token leaves out one the settings name (some providers only put
     * profile claims there).
     */
    async exchange(s: OidcSettings, input: ExchangeInput): Promise<Record<string, unknown>> {
      const config = await configuration(s);
      try {
        const tokens = await oidc.authorizationCodeGrant(
          config,
          input.callbackUrl,
          {
            pkceCodeVerifier: input.verifier,
            expectedState: input.state,
            expectedNonce: input.nonce,
            idTokenExpected: true,
          },
          { redirect_uri: input.redirectUri },
        );
        const claims: Record<string, unknown> = { ...tokens.claims() };
        const wanted = [s.accountClaim, s.nameClaim, s.emailClaim].filter(Boolean);
        if (wanted.some((c) => claims[c] === undefined) && config.serverMetadata().userinfo_endpoint) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
          for (const [k, v] of Object.entries(info)) if (claims[k] === undefined) claims[k] = v;
        }
        return claims;
      } catch (err) {
        const key = failureKey(err);
        deps.log.warn({ err, issuer: s.issuer }, `OIDC sign-in refused: ${key}`);
        throw new AppError(400, key);
      }
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
