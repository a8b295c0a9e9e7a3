import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, withTx, type Database, type DatabaseOptions, type Tx } from './index';
import { precompiled } from './precompiled';
import type { DB } from './schema';

/** SQLite statements run past Kysely only where Kysely itself would have let them run at once. */

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.();
});

async function open(extra: Pick<DatabaseOptions, 'log'> = {}): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-direct-'));
  const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'x.sqlite'), ...extra });
  cleanup.push(
    () => fs.rmSync(dir, { recursive: true, force: true }),
    () => database.destroy(),
  );
  await sql`create table config (name text primary key, value text not null)`.execute(database.db);
  return database;
}

const put = precompiled((db, name: string, value: string) =>
  db
    .insertInto('config')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: (eb) => eb.ref('excluded.value') })),
);
const valueOf = precompiled((db, name: string) => db.selectFrom('config').select('value').where('name', '=', name));
const values = async (db: Kysely<DB>, name: string) => (await valueOf(db, name)).map((r) => r.value);
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('direct statements on SQLite', () => {
  it('never let a read outside a batch see its uncommitted rows', async () => {
    const { db } = await open();
    let outside: Promise<string[]> | undefined;
    await withTx(db, async (tx) => {
      await put(tx, 'k', 'uncommitted');
      expect(await values(tx, 'k')).toEqual(['uncommitted']); // the batch sees its own row
      outside = values(db, 'k'); // the same one connection, while BEGIN is open
      await nextTurn();
      await put(tx, 'k', 'committed');
    });
    expect(await outside).toEqual(['committed']); // it waited for the COMMIT, as Kysely's mutex makes it
  });

  it('refuse a transaction handle kept past its commit instead of writing into the next batch', async () => {
    const { db } = await open();
    let kept: Tx | undefined;
    await withTx(db, async (tx) => {
      kept = tx;
      await put(tx, 'a', '1');
    });
    let stale: Promise<unknown> | undefined;
    await withTx(db, async (tx) => {
      stale = put(kept as Tx, 'b', 'stale');
      await stale.catch(() => undefined);
      await put(tx, 'c', '3');
    });
    await expect(stale).rejects.toThrow(/committed/i);
    expect(await values(db, 'b')).toEqual([]);
    expect(await values(db, 'c')).toEqual(['3']);
  });

  it('leave every statement to Kysely when a query log is kept', async () => {
    const logged: string[] = [];
    const { db } = await open({ log: (e) => void logged.push(e.query.sql) });
    await withTx(db, (tx) => put(tx, 'k', 'v'));
    expect(await values(db, 'k')).toEqual(['v']);
    expect(logged.filter((s) => s.startsWith('insert into "config"'))).toHaveLength(1);
    expect(logged.filter((s) => s.startsWith('select "value" from "config"'))).toHaveLength(1);
    expect(logged).toContain('savepoint unit');
  });
});
