import { isAdmin, limits, type Lang, type LoginParams, type LoginResult } from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import { withTx, type DB } from '../../platform/db/index';
import { AppError, badParam } from '../../platform/http/errors';
import { findSignInUser, type Codes } from '../codes/index';
import type { ConfigService } from '../config/index';
import { usersRepo, type UserRow, type UsersService } from '../users/index';
import type { LoginGuard } from './login-guard';
import { DUMMY_HASH, verifyPassword } from './passwords';
import type { Sessions } from './sessions';
import { findSession } from './session-cache';
import * as sessionsRepo from './sessions.repo';
import { terminalKind, type TerminalKind } from './terminal';
import { cachedTokenVerifier, newJti, signToken } from './tokens';

/** What an authenticated route sees as `ctx.auth`. */
export interface AuthContext {
  user: UserRow;
  session: { jti: string; terminal: TerminalKind; exp: number };
}

export interface AuthDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: ConfigService;
  users: UsersService;
  sessions: Sessions;
  codes: Codes;
  guard: LoginGuard;
  /** §19 single sign-on: the callback's one-time codes (login's `token`). */
  ssoCodes?: { take(code: string): Promise<number | undefined> };
  /**
   * §19 password sign-in through the directory (`login` 1): `handled` with a user when the
   * directory accepted the password, without one when it refused it; not handled = local password.
   */
  directoryLogin?: (account: string, password: string) => Promise<{ handled: boolean; user?: UserRow }>;
}

const minus1 = (key: 'auth.required' | 'auth.invalid' | 'auth.expired' | 'auth.kicked' | 'auth.disabled') =>
  new AppError(-1, key);

export function createAuth(deps: AuthDeps) {
  const { db, clock, config, users, sessions, codes, guard } = deps;
  const verifyToken = cachedTokenVerifier();

  /** §2.2, checks in the protocol's order. */
  async function authenticate(token: string | undefined): Promise<AuthContext> {
    if (!token) throw minus1('auth.required');
    const v = await verifyToken(await config.jwtSecret(), token, clock.now());
    if (!v.ok) throw minus1(v.reason === 'expired' ? 'auth.expired' : 'auth.invalid');
    const { claims } = v;
    const session = await findSession(db, claims.jti, clock.now());
    if (!session || session.user_id !== claims.userId) throw minus1('auth.invalid');
    if (session.revoked === 1) throw minus1(session.revoke_reason === 'kicked' ? 'auth.kicked' : 'auth.expired');
    const user = await users.get(claims.userId);
    if (!user || user.delete_time !== 0) throw minus1('auth.invalid');
    if (user.status === 0) throw minus1('auth.disabled');
    const { sysInfo } = await config.systemInfo();
    if (sysInfo.state === 0 && !isAdmin(user)) {
      throw new AppError(-1, 'auth.siteClosed', {}, sysInfo.closeTips || undefined);
    }
    return { user, session: { jti: claims.jti, terminal: claims.terminal, exp: claims.exp } };
  }

  type LoginRequest = { ip: string; userAgent: string; origin: string; lang: Lang };

  async function login(p: LoginParams, req: LoginRequest): Promise<LoginResult> {
    if (p.token && !p.account) return loginWithSsoCode(p, p.token, req);
    if (!p.account) throw badParam('account');
    if (!p.password && !p.code) throw badParam('password');
    const key = guard.key(p.account, req.ip);
    await guard.admit(key);

    // The account of that name, else the account that bound that e-mail (issue 42).
    const found = await findSignInUser(db, p.account);
    let user = found?.user;
    let codeId: number | undefined;
    try {
      if (p.code) {
        if (!found) throw new AppError(400, 'auth.badCredentials');
        // Filed under the account, its e-mail for a plain name, or the bound address typed (sendCode).
        codeId = await codes.check(found.codeTarget, 1, p.code);
      } else {
        const viaDirectory = (await deps.directoryLogin?.(p.account, p.password ?? '')) ?? { handled: false };
        if (viaDirectory.handled) {
          if (!viaDirectory.user) throw new AppError(400, 'auth.badCredentials');
          user = viaDirectory.user;
        } else {
          // Unknown accounts (and accounts with no local password, §19) cost a hash too, so timing
          // does not tell which accounts exist.
          const good = await verifyPassword(p.password ?? '', user?.password_hash || DUMMY_HASH);
          if (!user?.password_hash || !good) throw new AppError(400, 'auth.badCredentials');
        }
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // A directory that cannot be reached is said in words: the password may well be right.
      if (err.msgKey === 'ldap.unreachable') throw err;
      throw new AppError(400, 'auth.badCredentials'); // already counted by admit()
    }
    if (!user) throw new AppError(400, 'auth.badCredentials');
    // Only the right password (or code) learns that the account is disabled (§2.4); a wrong one
    // got badCredentials above, as for anyone, so a guesser learns nothing (issue 36 #10).
    if (user.status === 0) throw new AppError(400, 'auth.disabled');
    return signIn(user, p, req, { codeId, guardKey: key });
  }

  /** §2.4 `token` / §19: the callback's one-time code stands for the whole sign-in, once. */
  async function loginWithSsoCode(p: LoginParams, token: string, req: LoginRequest): Promise<LoginResult> {
    const { oidc } = await config.sso();
    if (oidc.status !== 1 || !deps.ssoCodes) throw new AppError(400, 'auth.ssoDisabled');
    const userId = await deps.ssoCodes.take(token);
    const user = userId === undefined ? undefined : await usersRepo.findById(db, userId);
    if (!user || user.delete_time !== 0) throw new AppError(400, 'auth.ssoInvalid');
    // Disabled between the callback and now: the provider said who they are, so say why.
    if (user.status === 0) throw new AppError(400, 'auth.disabled');
    return signIn(user, p, req, {});
  }

  /** Issues the session of a checked sign-in: §2.3 revocation, the login counters, the token. */
  async function signIn(
    user: UserRow,
    p: LoginParams,
    req: LoginRequest,
    done: { codeId?: number; guardKey?: string },
  ): Promise<LoginResult> {
    const { sysInfo } = await config.systemInfo();
    if (sysInfo.state === 0 && !isAdmin(user))
      throw new AppError(400, 'auth.siteClosed', {}, sysInfo.closeTips || undefined);

    const terminal = terminalKind(p.terminal, req.userAgent);
    const iat = nowSeconds(clock);
    const claims = { userId: user.id, jti: newJti(), terminal, iat, exp: iat + limits.tokenLifetimeS };
    await withTx(db, async (tx, onCommit) => {
      if (done.codeId !== undefined) await codes.consumeIn(tx, done.codeId);
      if (sysInfo.multipleLogin === 0) {
        await sessions.revokeIn(tx, onCommit, {
          userId: user.id,
          reason: 'kicked',
          terminal,
          ...(p.client_id ? { clientId: p.client_id } : {}),
        });
      }
      await sessionsRepo.insertSession(tx, { jti: claims.jti, user_id: user.id, terminal, iat, exp: claims.exp });
      await usersRepo.incrementLoginCount(tx, user.id, iat, req.ip);
      if (done.guardKey !== undefined) await guard.clear(done.guardKey, tx);
      onCommit(() => users.invalidate(user.id));
    });
    const fresh = (await users.get(user.id)) ?? user;
    return {
      sessionId: claims.jti,
      authToken: `bearer ${await signToken(await config.jwtSecret(), claims)}`,
      userInfo: await users.self(fresh, req.origin),
    };
  }

  return {
    authenticate,
    login,
    async logout(auth: AuthContext | undefined): Promise<void> {
      if (!auth) return;
      await sessions.revoke({ userId: auth.user.id, reason: 'logout', jti: auth.session.jti });
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
