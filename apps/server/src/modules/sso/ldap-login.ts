import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { ConfigService } from '../config/index';
import { usersRepo, type UserRow } from '../users/index';
import { accountFilter, withLdap, type LdapLog } from './ldap-client';
import type { Directory } from './ldap-directory';
import { configured } from './ldap-sync';
import * as repo from './sso.repo';

/**
 * Password sign-in through the directory (§19, `login` 1): the person is looked up by account
 * (an escaped equality filter, so `*)(uid=*` matches nobody), then the connection binds as their
 * DN with the password they typed; the local password is not used. Users the directory does not
 * own (no link, or a local account it never listed) keep their local password, so an
 * administrator can still sign in while the directory is down. Someone the directory knows but
 * who was never synced is created at their first sign-in.
 */

/** `handled` false: not the directory's business, check the local password. */
export type DirectoryLogin = { handled: false } | { handled: true; user?: UserRow };

export function createLdapLogin(deps: {
  db: Kysely<DB>;
  config: Pick<ConfigService, 'sso'>;
  directory: Directory;
  log: LdapLog;
  /** A person created at first sign-in got a department: tell the connected clients. */
  announce(): Promise<void>;
}) {
  const { db, config, directory, log } = deps;

  return async function login(account: string, password: string): Promise<DirectoryLogin> {
    const s = (await config.sso()).ldap;
    if (!configured(s) || s.login !== 1) return { handled: false };
    const local = await usersRepo.findByAccount(db, account);
    if (local) {
      const link = await repo.directoryLinkOf(db, local.id);
      if (!link || link.present !== 1) return { handled: false };
    }
    return withLdap(s, log, async (c) => {
      await c.bindService();
      const found = await c.people(accountFilter(s, account));
      const entry = found.length === 1 ? found[0] : undefined;
      if (!entry) return local ? { handled: true } : { handled: false };
      if (!(await c.bindAs(entry.dn, password))) return { handled: true };
      const r = await directory.upsert(s, entry, new Map());
      if (r.kind === 'skipped') return { handled: true };
      if (r.departments > 0 || r.kind === 'created') await deps.announce();
      return { handled: true, user: r.user };
    });
  };
}
