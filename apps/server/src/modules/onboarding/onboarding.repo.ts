import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

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
