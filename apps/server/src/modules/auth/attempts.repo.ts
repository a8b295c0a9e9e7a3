import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

/** Failed-login counters per (lower-cased account, IP). */

export async function getAttempts(
  db: Kysely<DB>,
  key: string,
): Promise<{ failures: number; last_failure_time: number } | undefined> {
  return db
    .selectFrom('login_attempts')
    .select(['failures', 'last_failure_time'])
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function setAttempts(db: Kysely<DB>, key: string, failures: number, time: number): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({ key, failures, last_failure_time: time })
    .onConflict((oc) => oc.column('key').doUpdateSet({ failures, last_failure_time: time }))
    .execute();
}

export async function clearAttempts(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}
