import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

/** Invitation codes for regtype 2, created by administrators (§12.3 getInviteLink). */

export async function insertInvite(
  db: Kysely<DB>,
  v: { code: string; creator_id: number; max_uses: number; expire_time: number; create_time: number },
): Promise<void> {
  await db.insertInto('invite_codes').values(v).execute();
}

/**
 * Takes one use of a valid code; false when unknown, expired or used up. A single conditional
 * UPDATE, so two registrations racing for the last use cannot both win.
 */
export async function useInvite(db: Kysely<DB>, code: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('invite_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('code', '=', code)
    .where((eb) => eb.or([eb('expire_time', '=', 0), eb('expire_time', '>', now)]))
    .where((eb) => eb.or([eb('max_uses', '=', 0), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
