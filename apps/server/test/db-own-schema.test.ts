import { describe, expect, it } from 'vitest';
import { migrateToLatest, migratorOf } from '../src/platform/db/index';
import { disposableTestDatabase, migratedTestDatabase, openTestDatabase, testDbKind } from './helpers/server';

/**
 * Several servers (or test files) may share one PostgreSQL database, each in its own schema, and
 * create and drop theirs at any moment. Starting and migrating ours must neither see theirs nor
 * fail because one vanished mid-look (own-schema-dialect.ts); on SQLite each file is its own world.
 */

/** Other databases created, migrated and dropped back to back until `until` settles. */
async function churn(until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const other = await openTestDatabase();
    await migrateToLatest(other.database);
    await other.database.destroy();
    await other.cleanup();
  }
}

describe(`migrations beside other schemas on ${testDbKind()}`, () => {
  // About 20 migrations of 0.3 s each on an idle PostgreSQL, and three times that while the rest of
  // the suite runs beside it: hence its own timeout.
  it('finds and migrates its own tables while others come and go', { timeout: 60_000 }, async () => {
    const ours = await migratedTestDatabase();
    const looks = (async () => {
      for (let i = 0; i < 10; i++) {
        expect((await migratorOf(ours).getMigrations()).every((m) => m.executedAt)).toBe(true);
        const fresh = await disposableTestDatabase();
        expect((await migratorOf(fresh).migrateToLatest()).error).toBeUndefined();
      }
    })();
    await Promise.all([looks, churn(looks)]);
  });

  it("lists only its own tables, with each column's shape", async () => {
    const { db } = await migratedTestDatabase();
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).toContain('messages');
    expect(tables.map((t) => t.name)).not.toContain('kysely_migration');
    expect(new Set(tables.map((t) => t.name)).size).toBe(tables.length);
    const users = tables.find((t) => t.name === 'users');
    expect(users?.columns.find((c) => c.name === 'id')).toMatchObject({ isAutoIncrementing: true });
    expect(users?.columns.find((c) => c.name === 'email')).toMatchObject({
      isAutoIncrementing: false,
      hasDefaultValue: true,
    });
    const withBookkeeping = await db.introspection.getTables({ withInternalKyselyTables: true });
    expect(withBookkeeping.map((t) => t.name)).toContain('kysely_migration');
  });
});
