import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migratorOf } from '../src/platform/db/index';
import { disposableTestDatabase, openTestDatabase, sameDatabase, testPgUrl } from './helpers/server';

/**
 * Servers and test files that share one PostgreSQL database, each in its own schema, migrate
 * independently (own-schema-dialect.ts): Kysely's own lock was one key for the whole database, so
 * each schema's start waited for every other's, and another Kysely app holding that key stopped
 * ours for good. Two nodes of one schema must still take turns. PostgreSQL only: SQLite's file is
 * its own world, held by one connection.
 */

/** Kysely's database-wide migration key (kysely/dist/esm/dialect/postgres/postgres-adapter.js). */
const KYSELY_LOCK_ID = '3853314791062309107';

/** `work` settled within `ms`, or 'still waiting'. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still waiting'>((resolve) => (timer = setTimeout(() => resolve('still waiting'), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('migration lock on PostgreSQL', () => {
  it("migrates our schema while another app's Kysely migration holds the database-wide lock", async () => {
    const other = new pg.Client({ connectionString: testPgUrl() });
    await other.connect();
    try {
      await other.query(`select pg_advisory_lock(${KYSELY_LOCK_ID})`);
      const ours = await disposableTestDatabase();
      const outcome = await within(
        10_000,
        migrateToLatest(ours).then(() => 'migrated'),
      );
      expect(outcome).toBe('migrated');
      expect((await migratorOf(ours).getMigrations()).every((m) => m.executedAt)).toBe(true);
    } finally {
      await other.query(`select pg_advisory_unlock_all()`);
      await other.end();
    }
  });

  it('lets two nodes of one schema start together: one migrates, the other finds it done', async () => {
    const first = await openTestDatabase();
    const second = sameDatabase(first.database, first.options);
    try {
      const [a, b] = await Promise.all([
        migratorOf(first.database).migrateToLatest(),
        migratorOf(second).migrateToLatest(),
      ]);
      expect(a.error).toBeUndefined();
      expect(b.error).toBeUndefined();
      const applied = [...(a.results ?? []), ...(b.results ?? [])].filter((r) => r.status === 'Success');
      const all = await migratorOf(first.database).getMigrations();
      // Every migration ran exactly once, split between the two however the lock fell.
      expect(applied.map((r) => r.migrationName).sort()).toEqual(all.map((m) => m.name).sort());
    } finally {
      await second.destroy();
      await first.database.destroy();
      await first.cleanup();
    }
  });
});
