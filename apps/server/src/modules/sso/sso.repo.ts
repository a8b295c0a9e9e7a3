import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { SsoStatesTable } from '../../platform/db/schema-sso';

/** The SQL of modules/sso: pending sign-ins, one-time codes, directory links. */

export async function insertState(db: Kysely<DB>, row: SsoStatesTable): Promise<void> {
  await db.insertInto('sso_states').values(row).execute();
}

/**
 * Takes a pending sign-in once: the DELETE that removes it is what claims it, so of two callbacks
 * with the same state (a replay, two nodes) exactly one gets the row. Expired rows go too.
 */
export async function takeState(db: Kysely<DB>, state: string, now: number): Promise<SsoStatesTable | undefined> {
  const row = await db.deleteFrom('sso_states').where('state', '=', state).returningAll().executeTakeFirst();
  await db.deleteFrom('sso_states').where('expire_time', '<=', now).execute();
  return row && Number(row.expire_time) > now ? row : undefined;
}

export async function insertCode(db: Kysely<DB>, codeHash: string, userId: number, expire: number): Promise<void> {
  await db.insertInto('sso_codes').values({ code_hash: codeHash, user_id: userId, expire_time: expire }).execute();
}

/** Takes a one-time code once (as takeState); its user when it was there and fresh. */
export async function takeCode(db: Kysely<DB>, codeHash: string, now: number): Promise<number | undefined> {
  const row = await db.deleteFrom('sso_codes').where('code_hash', '=', codeHash).returningAll().executeTakeFirst();
  await db.deleteFrom('sso_codes').where('expire_time', '<=', now).execute();
  return row && Number(row.expire_time) > now ? row.user_id : undefined;
}

export async function directoryLinks(db: Kysely<DB>) {
  return db.selectFrom('directory_users').selectAll().execute();
}

export async function directoryLinkOf(db: Kysely<DB>, userId: number) {
  return db.selectFrom('directory_users').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function saveDirectoryLink(db: Kysely<DB>, userId: number, dn: string, now: number): Promise<void> {
  await db
    .insertInto('directory_users')
    .values({ user_id: userId, dn, present: 1, sync_time: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ dn, present: 1, sync_time: now }))
    .execute();
}

export async function markDirectoryGone(db: Kysely<DB>, userId: number, now: number): Promise<void> {
  await db.updateTable('directory_users').set({ present: 0, sync_time: now }).where('user_id', '=', userId).execute();
}
