import { defaultUserSetting, type Lang } from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import { AppError } from '../../platform/http/errors';
import { isEmail, namePy, usersRepo, type UserRow } from '../users/index';

/** Who an identity from the provider or the directory says a person is. */
export interface Identity {
  account: string;
  realname: string;
  email: string;
}

export interface ProvisionDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** runMode 2 extras of §2.4 register (autoAddUser, autoAddGroup), after the account exists. */
  afterCreate(userId: number, r: { lang: Lang; origin: string }): Promise<void>;
}

/** Accounts and names as the directory gives them, cut to what the users table holds. */
const clip = (s: string, max: number) => [...s.trim()].slice(0, max).join('');

export const cleanAccount = (raw: unknown): string =>
  typeof raw === 'string' && /^\S{1,64}$/.test(raw.trim()) ? raw.trim() : '';

/**
 * Finding and creating the local account of an outside identity (§19). Accounts from a provider
 * or directory are taken as they are (1–64 characters without spaces): the directory, not the
 * register form's 4–32 rule, decides what names people have.
 */
export function createProvisioner(deps: ProvisionDeps) {
  const { db, clock } = deps;
  return {
    findByAccount: (account: string) => usersRepo.findByAccount(db, account),

    /** The one live account with this e-mail; none when there is none or more than one. */
    async findByEmail(email: string): Promise<UserRow | undefined> {
      if (!isEmail(email)) return undefined;
      const rows = await usersRepo.liveByEmail(db, email);
      return rows.length === 1 ? rows[0] : undefined;
    },

    /** Role 0, no local password (no password matches an empty hash), then the runMode 2 extras. */
    async create(who: Identity, r: { lang: Lang; origin: string }): Promise<UserRow> {
      const account = cleanAccount(who.account);
      if (!account) throw new AppError(400, 'sso.noAccount');
      // A deleted account keeps its name reserved (users.repo findByAccount): nobody inherits it.
      if (await usersRepo.accountTaken(db, account)) throw new AppError(400, 'sso.noAccount');
      const realname = clip(who.realname, 32) || clip(account, 32);
      const now = nowSeconds(clock);
      const id = await usersRepo.insertUser(db, {
        account,
        realname,
        password_hash: '',
        email: isEmail(who.email) ? who.email : '',
        role: 0,
        name_py: namePy(realname),
        setting: JSON.stringify(defaultUserSetting),
        create_time: now,
        update_time: now,
      });
      await deps.afterCreate(id, r);
      const row = await usersRepo.findById(db, id);
      if (!row) throw new AppError(400, 'sso.failed');
      return row;
    },
  };
}
export type Provisioner = ReturnType<typeof createProvisioner>;
