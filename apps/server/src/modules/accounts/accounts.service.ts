import { randomBytes } from 'node:crypto';
import {
  CodeType,
  defaultUserSetting,
  limits,
  Role,
  type BindEmailParams,
  type Lang,
  type RegisterParams,
  type SelfInfo,
  type RegisterResult,
  type ResetPasswordParams,
} from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import { withTx, type DB } from '../../platform/db/index';
import { AppError, badParam } from '../../platform/http/errors';
import { hashPassword, verifyPassword, type AuthContext, type LoginGuard, type Sessions } from '../auth/index';
import { findSignInUser, ownCodeTarget, type Codes } from '../codes/index';
import type { ConfigService } from '../config/index';
import {
  checkAccount,
  checkEmail,
  checkPassword,
  checkRealname,
  checkSex,
  isEmail,
  isMobile,
  namePy,
  usersRepo,
  type UsersService,
} from '../users/index';
import * as invites from './invites.repo';
import type { Guards } from '../../platform/limits/index';

export interface AccountsDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: ConfigService;
  users: UsersService;
  sessions: Sessions;
  codes: Codes;
  /** Counts wrong old passwords of editPassword with login's failures (one lock-out, issue 36 #6). */
  loginGuard: LoginGuard;
  /** Server-wide abuse guard: registrations per client address per hour (issue 19). */
  guards?: Pick<Guards, 'registration'>;
  /** runMode 2 extras after a registration commits (autoAddUser, autoAddGroup); errors are logged there. */
  onRegistered?: (userId: number, r: { lang: Lang; origin: string }) => Promise<void>;
}

export function createAccounts(deps: AccountsDeps) {
  const { db, clock, config, users, sessions, codes } = deps;

  /** Demo sites refuse writes for everyone but the super-administrator (§12.1 demon_mode). */
  async function refuseInDemo(role: number | undefined): Promise<void> {
    if ((await config.systemInfo()).demon_mode && role !== Role.superAdmin) throw new AppError(400, 'common.demoMode');
  }

  /**
   * editAccount to the account it already is, with `newCode` (a type 4 sent to it): verifies a
   * mobile or e-mail account that was never verified (issue 42), so "not verified" has an action.
   * Without `newCode`, or when there is nothing to verify, it stays the no-op it always was.
   */
  async function verifyOwnAccount(u: AuthContext['user'], newCode: string | undefined): Promise<void> {
    if (!newCode || u.is_auth === 1 || !(isMobile(u.account) || isEmail(u.account))) return;
    const codeId = await codes.check(u.account, CodeType.accountChange, newCode);
    const ownEmail = isEmail(u.account) && u.email.toLowerCase() === u.account.toLowerCase();
    await withTx(db, async (tx, onCommit) => {
      await codes.consumeIn(tx, codeId);
      await usersRepo.updateUser(tx, u.id, {
        is_auth: 1,
        ...(ownEmail ? { email_auth: 1 } : {}),
        update_time: nowSeconds(clock),
      });
      onCommit(() => users.invalidate(u.id));
    });
  }

  return {
    /**
     * A single-use invitation code for regtype 2, valid 2 days (§12.3 getInviteLink, §13.2):
     * 8 characters from a 56-letter alphabet without look-alikes.
     */
    async createInviteLinkCode(creatorId: number): Promise<string> {
      const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
      const bytes = randomBytes(8);
      const code = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
      const now = nowSeconds(clock);
      await invites.insertInvite(db, {
        code,
        creator_id: creatorId,
        max_uses: 1,
        expire_time: now + limits.inviteLinkS,
        create_time: now,
      });
      return code;
    },

    /** §2.4 register. */
    async register(
      p: RegisterParams,
      ip: string,
      r: { lang: Lang; origin: string } = { lang: 'zh-cn', origin: '' },
    ): Promise<RegisterResult> {
      await refuseInDemo(undefined);
      await deps.guards?.registration(ip);
      const { sysInfo } = await config.systemInfo();
      const now = nowSeconds(clock);
      // The very first account sets the installation up: no invite or code, and it is the admin.
      const first = (await usersRepo.countUsers(db)) === 0;
      if (!first && sysInfo.registerInterval > 0) {
        const wait = (await usersRepo.lastRegistrationFrom(db, ip)) + sysInfo.registerInterval - now;
        if (wait > 0) throw new AppError(400, 'account.registerWait', { minutes: Math.ceil(wait / 60) });
      }
      checkAccount(p.account, sysInfo.regauth);
      checkRealname(p.realname);
      checkPassword(p.password);
      if (p.email !== undefined) checkEmail(p.email);
      checkSex(p.sex);
      if (await usersRepo.accountTaken(db, p.account)) throw new AppError(400, 'account.exists');
      if (!first && sysInfo.regtype === 2 && !p.inviteCode) throw new AppError(400, 'account.inviteInvalid');
      const needCode = !first && sysInfo.regauth > 0;
      const codeId = needCode ? await codes.check(p.account, CodeType.register, p.code) : undefined;

      const passwordHash = await hashPassword(p.password);
      const userId = await withTx(db, async (tx) => {
        if (!first && sysInfo.regtype === 2 && !(await invites.useInvite(tx, p.inviteCode ?? '', now))) {
          throw new AppError(400, 'account.inviteInvalid');
        }
        if (codeId !== undefined) await codes.consumeIn(tx, codeId);
        return usersRepo.insertUser(tx, {
          account: p.account,
          realname: p.realname,
          password_hash: passwordHash,
          email: p.email ?? (isEmail(p.account) ? p.account : ''),
          // The code went to the account: when that is the e-mail too, the e-mail is proved.
          email_auth: codeId !== undefined && isEmail(p.account) && (p.email ?? p.account) === p.account ? 1 : 0,
          sex: p.sex,
          role: first ? 1 : 0,
          is_auth: codeId !== undefined ? 1 : 0,
          name_py: namePy(p.realname),
          setting: JSON.stringify(defaultUserSetting),
          register_ip: ip,
          create_time: now,
          update_time: now,
        });
      });
      // runMode 2 extras (autoAddUser, autoAddGroup) touch friends, groups and messages; they
      // run after the account exists, and never undo the registration.
      if (!first && deps.onRegistered) await deps.onRegistered(userId, r);
      return { user_id: userId, account: p.account, realname: p.realname };
    },

    /**
     * "Forgot password" (Parley extension): a type-3 code sent to the account (or its e-mail)
     * sets a new password; every session of the account is signed out.
     */
    async resetPassword(p: ResetPasswordParams): Promise<void> {
      await refuseInDemo(undefined);
      checkPassword(p.password);
      // The account of that name, or the one that bound that e-mail (issue 42), as login finds it.
      const found = await findSignInUser(db, p.account);
      if (!found) throw new AppError(400, 'code.wrong');
      const u = found.user;
      const codeId = await codes.check(found.codeTarget, CodeType.password, p.code);
      const hash = await hashPassword(p.password);
      await withTx(db, async (tx, onCommit) => {
        await codes.consumeIn(tx, codeId);
        await usersRepo.updateUser(tx, u.id, { password_hash: hash, update_time: nowSeconds(clock) });
        await sessions.revokeIn(tx, onCommit, { userId: u.id, reason: 'password' });
        onCommit(() => users.invalidate(u.id));
      });
    },

    /** §2.4 editPassword: old password or a type-3 code; other sessions are revoked. */
    async editPassword(
      auth: AuthContext,
      p: { password: string; originalPassword?: string; code?: string },
      ip: string,
    ): Promise<void> {
      const u = auth.user;
      await refuseInDemo(u.role);
      checkPassword(p.password);
      let codeId: number | undefined;
      if (p.originalPassword) {
        // The old password is a password guess like a login's: same count, same lock-out.
        const key = deps.loginGuard.key(u.account, ip);
        await deps.loginGuard.admit(key);
        if (!(await verifyPassword(p.originalPassword, u.password_hash))) {
          throw new AppError(400, 'account.wrongOldPassword');
        }
        await deps.loginGuard.clear(key);
      } else if (p.code) {
        codeId = await codes.check(ownCodeTarget(u), CodeType.password, p.code);
      } else {
        throw new AppError(400, 'account.needCodeOrPassword');
      }
      const hash = await hashPassword(p.password);
      await withTx(db, async (tx, onCommit) => {
        if (codeId !== undefined) await codes.consumeIn(tx, codeId);
        await usersRepo.updateUser(tx, u.id, { password_hash: hash, update_time: nowSeconds(clock) });
        await sessions.revokeIn(tx, onCommit, { userId: u.id, reason: 'password', exceptJti: auth.session.jti });
        onCommit(() => users.invalidate(u.id));
      });
    },

    /** §2.4 editAccount. */
    async editAccount(auth: AuthContext, p: { account: string; code?: string; newCode?: string }): Promise<void> {
      const u = auth.user;
      await refuseInDemo(u.role);
      const { sysInfo } = await config.systemInfo();
      if (p.account === u.account) {
        await verifyOwnAccount(u, p.newCode);
        return;
      }
      checkAccount(p.account, sysInfo.regauth);
      if (await usersRepo.accountTaken(db, p.account)) throw new AppError(400, 'account.exists');
      // A verified account changes only with a code sent to it (spec §5: authenticate first).
      let oldCodeId: number | undefined;
      if (u.is_auth === 1) {
        if (!p.code) throw badParam('code');
        oldCodeId = await codes.check(ownCodeTarget(u), CodeType.accountChange, p.code);
      }
      const deliverable = isMobile(p.account) || isEmail(p.account);
      let newCodeId: number | undefined;
      if (sysInfo.regauth > 0 && deliverable) {
        if (!p.newCode) throw badParam('newCode');
        newCodeId = await codes.check(p.account, CodeType.accountChange, p.newCode);
      }
      await withTx(db, async (tx, onCommit) => {
        if (oldCodeId !== undefined) await codes.consumeIn(tx, oldCodeId);
        if (newCodeId !== undefined) await codes.consumeIn(tx, newCodeId);
        await usersRepo.updateUser(tx, u.id, {
          account: p.account,
          update_time: nowSeconds(clock),
          ...(newCodeId !== undefined ? { is_auth: 1 } : {}),
          // An e-mail account is copied to `email`, proved when its code was checked; a verified
          // e-mail is not replaced by an unproved one (it signs in and resets the password).
          ...(isEmail(p.account) && (newCodeId !== undefined || u.email_auth !== 1)
            ? { email: p.account, email_auth: newCodeId !== undefined ? 1 : 0 }
            : {}),
        });
        await sessions.revokeIn(tx, onCommit, { userId: u.id, reason: 'account', exceptJti: auth.session.jti });
        onCommit(() => users.invalidate(u.id));
      });
    },

    /**
     * bindEmail (Parley extension, issue 42): bind or change my e-mail with a type-4 code sent to
     * it, and one to the current address while that is verified (as editAccount does for the
     * account). Answers the new Self; my other devices get it as `updateSelf`.
     */
    async bindEmail(auth: AuthContext, p: BindEmailParams, origin: string): Promise<SelfInfo> {
      const u = auth.user;
      await refuseInDemo(u.role);
      if (!isEmail(p.email)) throw new AppError(400, 'account.badEmail');
      const same = u.email.toLowerCase() === p.email.toLowerCase();
      let oldCodeId: number | undefined;
      if (u.email_auth === 1 && !same) {
        if (!p.code) throw badParam('code');
        oldCodeId = await codes.check(u.email, CodeType.accountChange, p.code);
      }
      const newCodeId = await codes.check(p.email, CodeType.accountChange, p.newCode);
      // Only now, with the mailbox proved, may the answer say the address is someone else's.
      if (await usersRepo.emailClaimedByOther(db, p.email, u.id)) throw new AppError(400, 'account.emailTaken');
      const ownAccount = u.account.toLowerCase() === p.email.toLowerCase();
      await withTx(db, async (tx, onCommit) => {
        if (oldCodeId !== undefined) await codes.consumeIn(tx, oldCodeId);
        await codes.consumeIn(tx, newCodeId);
        await usersRepo.updateUser(tx, u.id, {
          email: p.email,
          email_auth: 1,
          ...(ownAccount ? { is_auth: 1 } : {}),
          update_time: nowSeconds(clock),
        });
        onCommit(() => users.invalidate(u.id));
      });
      return (await users.announceSelf(u.id, origin)) ?? users.self(u, origin);
    },

    /** Creates an invitation code with chosen limits (tests). */
    async createInvite(opts: { creatorId: number; maxUses?: number; validS?: number }): Promise<string> {
      const now = nowSeconds(clock);
      const code = randomBytes(6).toString('hex');
      await invites.insertInvite(db, {
        code,
        creator_id: opts.creatorId,
        max_uses: opts.maxUses ?? 0,
        expire_time: opts.validS ? now + opts.validS : 0,
        create_time: now,
      });
      return code;
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
