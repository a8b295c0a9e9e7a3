import { sql } from 'kysely';
import type { TestServer } from './server';
import { testDbKind } from './server';

/**
 * Writes to `tables` fail as on a full disk (SQLite "database or disk is full", PostgreSQL
 * SQLSTATE 53100 disk_full) until the returned function is called. Triggers, so reads still
 * work exactly as they would with no space left.
 */
export async function failWritesTo(s: TestServer, tables: string[]): Promise<() => Promise<void>> {
  const db = s.database.db;
  const names: Array<{ table: string; trigger: string }> = [];
  if (testDbKind() === 'sqlite') {
    for (const table of tables) {
      for (const op of ['insert', 'update']) {
        const trigger = `disk_full_${table}_${op}`;
        await sql
          .raw(
            `create trigger ${trigger} before ${op} on ${table} begin select raise(abort, 'database or disk is full'); end`,
          )
          .execute(db);
        names.push({ table, trigger });
      }
    }
    return async () => {
      for (const n of names) await sql.raw(`drop trigger if exists ${n.trigger}`).execute(db);
    };
  }
  await sql
    .raw(
      `create or replace function disk_full() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`,
    )
    .execute(db);
  for (const table of tables) {
    const trigger = `disk_full_${table}`;
    await sql
      .raw(`create trigger ${trigger} before insert or update on ${table} for each row execute function disk_full()`)
      .execute(db);
    names.push({ table, trigger });
  }
  return async () => {
    for (const n of names) await sql.raw(`drop trigger if exists ${n.trigger} on ${n.table}`).execute(db);
  };
}
