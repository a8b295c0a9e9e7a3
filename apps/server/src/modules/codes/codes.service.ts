import { randomInt, timingSafeEqual } from 'node:crypto';
import { CodeType, formatMsg, limits, type Lang } from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import { AppError, badParam } from '../../platform/http/errors';
import { logMailer, smtpMailer, type MailLogger, type Mailer } from '../../platform/mail/index';
import type { ConfigService } from '../config/index';
import { isEmail, isMobile, usersRepo, type UserRow } from '../users/index';
import * as repo from './codes.repo';
import type { Guards } from '../../platform/limits/index';

export interface CodesDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: ConfigService;
  /** SMTP from the environment, if any; else SMTP settings stored in config. */
  mailer: Mailer | undefined;
  mailFrom: string;
  log: MailLogger;
  /**
   * PARLEY_DEV_MAIL_LOG: with nothing to deliver codes, write them to the log (development).
   * Otherwise such codes answer `code.unavailable`: anyone reading the logs of a production
   * server must not be able to take over accounts (issue 19 #3).
   */
  devMailLog: boolean;
  /** Seconds between two codes to one address; absent = §2.4's 60 (PARLEY_CODE_RESEND_S). */
  resendS?: number | undefined;
  /** Server-wide abuse guards: code requests per address, code e-mails in total (issue 19). */
  guards?: Pick<Guards, 'codeRequest' | 'codeMail'>;
}

/** Where codes of types 3–4 go when no account is given: own account if deliverable, else own e-mail. */
export function ownCodeTarget(u: UserRow): string {
  return isMobile(u.account) || isEmail(u.account) ? u.account : u.email;
}

/**
 * Who `typed` names at login and password reset, and where its codes are filed. The account of
 * that name comes first (codes to it, or to its e-mail for a plain name); else, for an e-mail
 * address, the one account that bound and verified it (codes to the address as typed), issue 42.
 */
export async function findSignInUser(
  db: Kysely<DB>,
  typed: string,
): Promise<{ user: UserRow; codeTarget: string } | undefined> {
  const named = await usersRepo.findByAccount(db, typed);
  if (named) return { user: named, codeTarget: ownCodeTarget(named) };
  if (!isEmail(typed)) return undefined;
  const bound = await usersRepo.findByBoundEmail(db, typed);
  return bound ? { user: bound, codeTarget: typed } : undefined;
}

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createCodes(deps: CodesDeps) {
  const { db, clock, config } = deps;
  const logOnly = logMailer(deps.log);
  let stored: { url: string; mailer: Mailer } | undefined;

  async function mailer(): Promise<Mailer> {
    if (deps.mailer) return deps.mailer;
    const smtp = await config.smtp();
    if (!smtp) {
      if (deps.devMailLog) return logOnly;
      throw new AppError(400, 'code.unavailable');
    }
    if (stored?.url !== smtp.url) stored = { url: smtp.url, mailer: smtpMailer(smtp.url, smtp.from ?? deps.mailFrom) };
    return stored.mailer;
  }

  return {
    /** §2.4 sendCode. */
    async send(q: {
      account: string | undefined;
      type: number;
      viewer: UserRow | undefined;
      lang: Lang;
      ip: string;
    }): Promise<void> {
      const { type, lang } = q;
      await deps.guards?.codeRequest(q.ip);
      if (![1, 2, 3, 4].includes(type)) throw badParam('type');
      // `target` is where the code goes and what it is filed under; `known` says the account exists.
      let target = q.account;
      let known = false;
      if (!target && q.viewer && (type === CodeType.password || type === CodeType.accountChange)) {
        target = ownCodeTarget(q.viewer);
        known = true;
      }
      if (!target) throw badParam('account');
      // Login and "forgot password" answer the same whether the account exists or not (§2.4):
      // for an unknown one every check below runs as usual, and only the sending is skipped.
      const quiet = type === CodeType.login || type === CodeType.password;
      // A plain account name that leads to no e-mail (unknown, or none given) is answered as
      // an unknown e-mail address would be.
      let unreachable = false;
      if (!isEmail(target) && !isMobile(target)) {
        // Login and "forgot password" by a plain account name: the code goes to its e-mail
        // (Parley extension), checked later against the same address (`ownCodeTarget`).
        if (!quiet) throw new AppError(400, 'account.mustMobileOrEmail');
        const named = await usersRepo.findByAccount(db, target);
        if (named && isEmail(named.email)) {
          target = named.email;
          known = true;
        } else unreachable = true;
      }
      const account = target;
      const email = unreachable || isEmail(account);
      // A bound e-mail counts as known (login and reset accept it); the answer is the same either way.
      const exists = known || (!unreachable && (await findSignInUser(db, account)) !== undefined);
      if (type === CodeType.register && (await usersRepo.accountTaken(db, account)))
        throw new AppError(400, 'account.exists');

      const now = nowSeconds(clock);
      const resendS = deps.resendS ?? limits.codeResendS;
      if (now - (await repo.newestSentAt(db, account)) < resendS) throw new AppError(400, 'code.wait');
      const deliver = exists || !quiet;

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const subject = formatMsg('code.mailSubject', lang);
      const text = formatMsg('code.mailBody', lang, { code, minutes: limits.codeValidityS / 60 });
      if (email) {
        const m = await mailer();
        await deps.guards?.codeMail();
        if (deliver) await m.send({ to: account, subject, text });
      } else if (deps.devMailLog) {
        if (deliver) await logOnly.send({ to: account, subject, text });
      } else {
        // No SMS driver ships: outside development a mobile code cannot be delivered.
        throw new AppError(400, 'code.unavailable');
      }
      // For an account nobody has, a row that can never be used (already expired) keeps the
      // 60 s spacing the same as for a real one, so "Wait a minute" tells nothing either.
      const expires = deliver ? now + limits.codeValidityS : now;
      await repo.insertCode(db, { account, type, code, create_time: now, expire_time: expires });
    },

    /**
     * Checks a code without consuming it; a wrong guess counts against the newest code (void
     * after 5). The count is written at once, outside any caller transaction that may roll back.
     * Returns the code id to `consumeIn` inside the caller's transaction.
     */
    async check(account: string, type: number, code: string | undefined): Promise<number> {
      const row = await repo.findUsable(db, account, type, nowSeconds(clock), limits.codeMaxTries);
      if (!row || !code) throw new AppError(400, 'code.wrong');
      if (!sameCode(row.code, code)) {
        await repo.addTry(db, row.id);
        throw new AppError(400, 'code.wrong');
      }
      return row.id;
    },

    /** Single use: a second request racing with the same code loses here. */
    async consumeIn(tx: Kysely<DB>, id: number): Promise<void> {
      if (!(await repo.consume(tx, id))) throw new AppError(400, 'code.wrong');
    },
  };
}

export type Codes = ReturnType<typeof createCodes>;
