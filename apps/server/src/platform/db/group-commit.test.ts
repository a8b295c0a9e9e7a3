import Database from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { GroupCommitter } from './group-commit';
import type { DB } from './schema';

/** The group committer over an in-memory SQLite with a WAL sync the test completes by hand. */

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.();
});

async function setup() {
  const sqlite = new Database(':memory:');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  cleanup.push(() => db.destroy());
  await sql`create table t (n integer)`.execute(db);
  const pending: Array<() => void> = [];
  const wal = {
    deferred: false,
    sync: () => new Promise<void>((resolve) => pending.push(resolve)),
  };
  const committer = new GroupCommitter(db, { inTransaction: () => sqlite.inTransaction, wal });
  const insert = (n: number, heard: string[]) =>
    committer.run(async (tx, onCommit) => {
      await sql`insert into t (n) values (${n})`.execute(tx);
      onCommit(() => void heard.push(`callback ${n}`));
      return n;
    }, () => undefined);
  const count = async () => Number((await sql<{ c: number }>`select count(*) as c from t`.execute(db)).rows[0]?.c);
  return { committer, insert, count, pending, wal };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('GroupCommitter with an asynchronous WAL sync', () => {
  it('tells nobody, and lets no reader in, until the batch is synced', async () => {
    const t = await setup();
    const heard: string[] = [];
    const answers = Promise.all([t.insert(1, heard), t.insert(2, heard)]).then((r) => void heard.push(`answers ${r}`));
    while (t.pending.length === 0) await settle(); // the batch committed and waits for its sync
    const reader = t.count().then((c) => void heard.push(`reader saw ${c}`));
    await settle();
    expect(heard).toEqual([]);
    expect(t.pending).toHaveLength(1); // one sync for the whole batch
    t.pending[0]?.();
    await Promise.all([answers, reader]);
    expect(heard.slice().sort()).toEqual(['answers 1,2', 'callback 1', 'callback 2', 'reader saw 2']);
    expect(heard.indexOf('callback 1')).toBeLessThan(heard.indexOf('answers 1,2'));
  });

  it('fails every unit of a batch whose sync failed, and serves the next batch', async () => {
    const t = await setup();
    const heard: string[] = [];
    const first = Promise.allSettled([t.insert(1, heard), t.insert(2, heard)]);
    while (t.pending.length === 0) await settle();
    const syncs = t.pending.splice(0);
    t.wal.sync = () => Promise.reject(new Error('EIO'));
    syncs[0]?.(); // (this batch's sync was already under way and succeeds)
    expect((await first).map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    await expect(t.insert(3, heard)).rejects.toThrow('EIO');
    expect(heard).toEqual(['callback 1', 'callback 2']);
    t.wal.sync = () => Promise.resolve();
    await expect(t.insert(4, heard)).resolves.toBe(4);
  });
});
