import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { VerificationCodesTable } from '../../platform/db/schema';

export type CodeRow = Selectable<VerificationCodesTable>;

export async function newestSentAt(db: Kysely<DB>, account: string): Promise<number> {
  const row = await db
    .selectFrom('verification_codes')
    .select((eb) => eb.fn.max('create_time').as('t'))
    .where('account', '=', account)
    .executeTakeFirst();
  return Number(row?.t ?? 0);
}

export async function insertCode(
  db: Kysely<DB>,
  c: { account: string; type: number; code: string; create_time: number; expire_time: number },
): Promise<void> {
  await db.insertInto('verification_codes').values(c).execute();
}

/** The newest code of that account and type that can still be tried. */
export async function findUsable(
  db: Kysely<DB>,
  account: string,
  type: number,
  now: number,
  maxTries: number,
): Promise<CodeRow | undefined> {
  return db
    .selectFrom('verification_codes')
    .selectAll()
    .where('account', '=', account)
    .where('type', '=', type)
    .where('used', '=', 0)
    .where('expire_time', '>', now)
    .where('tries', '<', maxTries)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function addTry(db: Kysely<DB>, id: number): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Marks the code used; false when another request consumed it first. */
export async function consume(db: Kysely<DB>, id: number): Promise<boolean> {
  const r = await db
    .updateTable('verification_codes')
    .set({ used: 1 })
    .where('id', '=', id)
    .where('used', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
