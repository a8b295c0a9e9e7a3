import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

/** Failed-login counters per (lower-cased account, IP). */

/**
 * Counts one attempt for `key` in a single atomic statement and returns the count including it
 * (issue 19 #2). A count lapses `windowS` after the last counted attempt. Once over `limit`,
 * further attempts still raise the count (so they are refused) but do not move the time, so a
 * lockout ends `windowS` after the last attempt that was really checked. One statement (an
 * upsert with RETURNING) is atomic on SQLite's single writer and on PostgreSQL's row lock, so
 * parallel attempts on one node or many each see a distinct count.
 */
export async function countAttempt(
  db: Kysely<DB>,
  key: string,
  now: number,
  windowS: number,
  limit: number,
): Promise<number> {
  const row = await db
    .insertInto('login_attempts')
    .values({ key, failures: 1, last_failure_time: now })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures: sql<number>`case when ${now} - login_attempts.last_failure_time >= ${windowS} then 1 else login_attempts.failures + 1 end`,
          last_failure_time: sql<number>`case when ${now} - login_attempts.last_failure_time < ${windowS} and login_attempts.failures >= ${limit} then login_attempts.last_failure_time else ${now} end`,
        }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export async function clearAttempts(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}
