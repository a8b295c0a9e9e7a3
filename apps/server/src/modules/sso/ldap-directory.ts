import { defaultUserSetting, orgLimits, Role, type LdapSettings } from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import { withTx, type DB } from '../../platform/db/index';
import type { Org } from '../org/index';
import { isEmail, namePy, usersRepo, type UserRow, type UsersService } from '../users/index';
import { ouPath, type DirectoryEntry } from './ldap-client';
import { cleanAccount } from './provision';
import * as repo from './sso.repo';

/**
 * Bringing one directory entry into the users table (§19): found by account, else created (no
 * local password, like the CSV import's people), its name, e-mail and department (from the OU
 * path when `depFromOU` is 1) kept in step, and linked to the directory by its DN. The sync and a
 * first sign-in through the directory share it.
 */

export interface DirectoryDeps {
  db: Kysely<DB>;
  clock: Clock;
  org: Pick<Org, 'ensurePath'>;
  users: Pick<UsersService, 'invalidate'>;
}

export type Upserted =
  | { kind: 'created' | 'updated' | 'same'; user: UserRow; departments: number; comesBack: boolean }
  | { kind: 'skipped' };

const clip = (s: string, max: number) => [...s.trim()].slice(0, max).join('');

/** A department name from an OU: no `/` (the org path separator), at most 32 characters. */
const depName = (ou: string) => clip(ou.replace(/\//g, '-'), orgLimits.nameMax);

export function createDirectory(deps: DirectoryDeps) {
  const { db, clock, org, users } = deps;

  /**
   * One entry in its own transaction. `paths` remembers the departments of this run (a sync of
   * many people asks for the same few paths). Skipped: no usable account, an account deleted
   * locally (its name stays reserved), or a super-administrator (§12.2: edited only by themselves).
   */
  async function upsert(s: LdapSettings, e: DirectoryEntry, paths: Map<string, number>): Promise<Upserted> {
    const account = cleanAccount(e.account);
    if (!account) return { kind: 'skipped' };
    const path = ouPath(e.dn, s.baseDN).map(depName).filter(Boolean).slice(0, orgLimits.depthMax);
    const realname = clip(e.name, 32) || clip(account, 32);
    const email = isEmail(e.email) ? e.email : '';
    return withTx(db, async (tx, onCommit) => {
      const now = nowSeconds(clock);
      let departments = 0;
      let depId: number | undefined;
      if (s.depFromOU === 1) {
        const key = path.join('/');
        depId = path.length ? paths.get(key) : 0;
        if (depId === undefined) {
          const made = await org.ensurePath(path, { tx, onCommit });
          depId = made.id;
          departments = made.created;
          paths.set(key, depId);
        }
      }
      const found = await usersRepo.findByAccount(tx, account);
      if (found && (found.delete_time !== 0 || found.role === Role.superAdmin)) return { kind: 'skipped' as const };
      const link = found ? await repo.directoryLinkOf(tx, found.id) : undefined;
      if (!found) {
        const id = await usersRepo.insertUser(tx, {
          account,
          realname,
          name_py: namePy(realname),
          password_hash: '',
          email,
          role: 0,
          setting: JSON.stringify(defaultUserSetting),
          dep_id: depId ?? 0,
          create_time: now,
          update_time: now,
        });
        await repo.saveDirectoryLink(tx, id, e.dn, now);
        const user = (await usersRepo.findById(tx, id)) as UserRow;
        return { kind: 'created' as const, user, departments, comesBack: false };
      }
      const patch: { realname?: string; name_py?: string; email?: string; email_auth?: number; dep_id?: number } = {};
      if (found.realname !== realname) Object.assign(patch, { realname, name_py: namePy(realname) });
      // The directory's address is not one the user proved with a code (issue 42): not bound.
      if (email && found.email !== email) Object.assign(patch, { email, email_auth: 0 });
      if (depId !== undefined && found.dep_id !== depId) patch.dep_id = depId;
      const changed = Object.keys(patch).length > 0;
      if (changed) {
        await usersRepo.updateUser(tx, found.id, { ...patch, update_time: now });
        onCommit(() => users.invalidate(found.id));
      }
      await repo.saveDirectoryLink(tx, found.id, e.dn, now);
      // Disabled by an earlier sync because they had left the directory, and now listed again.
      const comesBack = link?.present === 0 && found.status === 0;
      const user = changed ? ((await usersRepo.findById(tx, found.id)) as UserRow) : found;
      return { kind: changed || comesBack ? 'updated' : 'same', user, departments, comesBack };
    });
  }

  return { upsert };
}

export type Directory = ReturnType<typeof createDirectory>;
