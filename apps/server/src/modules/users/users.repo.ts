import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { inList, inParts } from '../../platform/db/in-list';
import type { DB } from '../../platform/db/index';
import type { UsersTable } from '../../platform/db/schema';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;

/** User rows by id, deleted accounts included (senders of old messages). */
export async function byIds(db: Kysely<DB>, ids: number[]): Promise<Map<number, UserRow>> {
  const out = new Map<number, UserRow>();
  for (const part of inParts(db, ids)) {
    for (const r of await db
      .selectFrom('users')
      .selectAll()
      .where(inList(db, 'id', part))
      .execute())
      out.set(r.id, r);
  }
  return out;
}

/**
 * What a contact entry shows of a person (contacts/present.ts `personContact`, the user list).
 * A chat list reads a row for every person in the contact set (everyone, in runMode 1), and
 * `select *` cost three times as much: on SQLite 2.5 ms against 0.8 ms for 400 rows, most of it
 * turning the password hash and the settings JSON into strings nobody reads.
 */
const CONTACT_USER_COLUMNS = [
  'id',
  'account',
  'realname',
  'avatar',
  'name_py',
  'email',
  'dep_id',
  'position',
  'last_login_ip',
] as const;
export type ContactUserRow = Pick<UserRow, (typeof CONTACT_USER_COLUMNS)[number]>;

/** Live (enabled, not deleted) accounts among `ids`, as a contact entry shows them. */
export async function liveContactRows(db: Kysely<DB>, ids: number[]): Promise<ContactUserRow[]> {
  const out: ContactUserRow[] = [];
  for (const part of inParts(db, ids)) {
    out.push(
      ...(await db
        .selectFrom('users')
        .select(CONTACT_USER_COLUMNS)
        .where(inList(db, 'id', part))
        .where('status', '=', 1)
        .where('delete_time', '=', 0)
        .execute()),
    );
  }
  return out;
}

/** Live users among `ids`, ordered by pinyin (the chooser lists; one statement, so the order is the database's). */
export async function liveByName(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'realname', 'account', 'avatar', 'name_py'])
    .where('id', 'in', ids)
    .where('status', '=', 1)
    .where('delete_time', '=', 0)
    .orderBy('name_py')
    .orderBy('id')
    .execute();
}

export async function liveByAccount(db: Kysely<DB>, account: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('account', '=', account)
    .where('status', '=', 1)
    .where('delete_time', '=', 0)
    .executeTakeFirst();
}

/** How many users already have one of `ids` as their customer-service user. */
export async function countServedBy(db: Kysely<DB>, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cs_uid', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Live accounts only; a deleted account's name stays reserved by the unique index. */
export async function findByAccount(db: Kysely<DB>, account: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('account', '=', account)
    .where('delete_time', '=', 0)
    .executeTakeFirst();
}

export async function accountTaken(db: Kysely<DB>, account: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst();
  return row !== undefined;
}

export async function countUsers(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertUser(db: Kysely<DB>, values: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Kysely<DB>, id: number, patch: UserPatch): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

export async function incrementLoginCount(db: Kysely<DB>, id: number, time: number, ip: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ login_count: eb('login_count', '+', 1), last_login_time: time, last_login_ip: ip }))
    .where('id', '=', id)
    .execute();
}

/** Time of the newest registration from `ip`, or 0. */
export async function lastRegistrationFrom(db: Kysely<DB>, ip: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('create_time').as('t'))
    .where('register_ip', '=', ip)
    .executeTakeFirst();
  return Number(row?.t ?? 0);
}

/** Live accounts whose e-mail is `email` (case-insensitive); at most two, so a caller can see it is not unique. */
export async function liveByEmail(db: Kysely<DB>, email: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('delete_time', '=', 0)
    .limit(2)
    .execute();
}

/**
 * The live account whose verified e-mail is `email` (case-insensitive), standing for the account
 * at code login and reset (issue 42). None when two claim it (a race of bindEmail): ambiguous
 * means unknown.
 */
export async function findByBoundEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('email_auth', '=', 1)
    .where('delete_time', '=', 0)
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/** Whether a live user other than `selfId` has `email` as account or verified e-mail (case-insensitive). */
export async function emailClaimedByOther(db: Kysely<DB>, email: string, selfId: number): Promise<boolean> {
  const e = email.toLowerCase();
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '<>', selfId)
    .where('delete_time', '=', 0)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['account']), '=', e),
        eb.and([eb(eb.fn('lower', ['email']), '=', e), eb('email_auth', '=', 1)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Rows (deleted ones included: their names stay taken) of these accounts. */
export async function byAccounts(db: Kysely<DB>, accounts: string[]): Promise<Map<string, UserRow>> {
  const out = new Map<string, UserRow>();
  for (const part of inParts(db, accounts)) {
    for (const r of await db
      .selectFrom('users')
      .selectAll()
      .where(inList(db, 'account', part))
      .execute()) {
      // A live account wins over a deleted one of the same name (an old row kept for history).
      if (!out.has(r.account) || r.delete_time === 0) out.set(r.account, r);
    }
  }
  return out;
}

/** Many new users in one statement (bulk onboarding); the caller keeps batches within the bound-parameter limits. */
export async function insertUsers(db: Kysely<DB>, values: NewUser[]): Promise<void> {
  if (values.length === 0) return;
  await db.insertInto('users').values(values).execute();
}
