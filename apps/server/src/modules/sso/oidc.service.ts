import { OIDC_CALLBACK_PATH, type Lang, type MsgKey, type OidcSettings } from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import { AppError } from '../../platform/http/errors';
import type { ConfigService } from '../config/index';
import type { UserRow } from '../users/index';
import { failureKey, type OidcClient } from './oidc-client';
import { cleanAccount, type Provisioner } from './provision';
import type { SsoCodes } from './sso-codes';
import * as repo from './sso.repo';

/** A pending sign-in lives this long (§19: the state is kept 10 minutes, once). */
const STATE_TTL_S = 600;
const LOGIN_ROUTE = '/#/pages/login/index';

export interface OidcDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: Pick<ConfigService, 'sso'>;
  client: OidcClient;
  provision: Provisioner;
  codes: SsoCodes;
  log: { warn(obj: object, msg: string): void };
}

export interface CallbackRequest {
  origin: string;
  /** The callback's query string as received (code, state, iss, error…). */
  query: URLSearchParams;
  lang: Lang;
}

const usable = (s: OidcSettings) => s.status === 1 && !!s.issuer && !!s.clientId;

const claimText = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * The browser side of §19 OIDC: `/sso/oidc/start` sends the person to the provider, and
 * `/sso/oidc/callback` brings them back signed in, as a one-time code for login's `token`.
 * Both answer with where to send the browser; a failure goes to the login screen as a catalogue key.
 */
export function createOidcSignIn(deps: OidcDeps) {
  const { db, clock } = deps;
  const toLogin = (param: 'sso' | 'sso_error', value: string) => `${LOGIN_ROUTE}?${param}=${encodeURIComponent(value)}`;
  const failed = (key: MsgKey) => toLogin('sso_error', key);

  /** §19 matching: the account claim, else a verified e-mail, else a new account when allowed. */
  async function userFor(s: OidcSettings, claims: Record<string, unknown>, r: CallbackRequest): Promise<UserRow> {
    const account = cleanAccount(claimText(claims[s.accountClaim]));
    const email = claimText(claims[s.emailClaim]);
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    const found =
      (account ? await deps.provision.findByAccount(account) : undefined) ??
      (email && verified ? await deps.provision.findByEmail(email) : undefined);
    if (found) return found;
    if (s.autoCreate !== 1 || !account) throw new AppError(400, 'sso.noAccount');
    return deps.provision.create(
      { account, realname: claimText(claims[s.nameClaim]), email: verified ? email : '' },
      { lang: r.lang, origin: r.origin },
    );
  }

  return {
    async start(origin: string): Promise<string> {
      const { oidc: s } = await deps.config.sso();
      if (!usable(s)) return failed('sso.notConfigured');
      try {
        const redirectUri = origin + OIDC_CALLBACK_PATH;
        const a = await deps.client.authorization(s, redirectUri);
        await repo.insertState(db, {
          state: a.state,
          nonce: a.nonce,
          verifier: a.verifier,
          redirect_uri: redirectUri,
          expire_time: nowSeconds(clock) + STATE_TTL_S,
        });
        return a.url.href;
      } catch (err) {
        return failed(failureKey(err));
      }
    },

    async callback(r: CallbackRequest): Promise<string> {
      const { oidc: s } = await deps.config.sso();
      if (!usable(s)) return failed('sso.notConfigured');
      const pending = await repo.takeState(db, r.query.get('state') ?? '', nowSeconds(clock));
      if (!pending) return failed('sso.stateInvalid');
      if (r.query.has('error')) {
        deps.log.warn({ error: r.query.get('error') }, 'OIDC provider answered with an error');
        return failed(r.query.get('error') === 'access_denied' ? 'sso.denied' : 'sso.failed');
      }
      try {
        const callbackUrl = new URL(pending.redirect_uri);
        callbackUrl.search = r.query.toString();
        const claims = await deps.client.exchange(s, {
          callbackUrl,
          redirectUri: pending.redirect_uri,
          state: pending.state,
          nonce: pending.nonce,
          verifier: pending.verifier,
        });
        const user = await userFor(s, claims, r);
        if (user.status === 0) return failed('sso.disabledUser');
        return toLogin('sso', await deps.codes.issue(user.id));
      } catch (err) {
        if (!(err instanceof AppError)) deps.log.warn({ err }, 'OIDC callback failed');
        return failed(failureKey(err));
      }
    },
  };
}
export type OidcSignIn = ReturnType<typeof createOidcSignIn>;
