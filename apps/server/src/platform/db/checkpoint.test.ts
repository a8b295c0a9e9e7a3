import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkpointer } from './checkpoint';
import { openDatabase, withTx } from './index';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (cleanup.length) await cleanup.pop()?.();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-ckpt-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('WAL checkpoints (a real database file)', () => {
  it('keep the WAL small under steady group batches, and lose nothing across a reopen', async () => {
    const file = path.join(tempDir(), 'x.sqlite');
    let database = openDatabase({ kind: 'sqlite', file, checkpointIntervalMs: 0 });
    await sql`create table t (n integer primary key, body text not null)`.execute(database.db);
    const body = 'x'.repeat(3000); // about a page per row
    for (let round = 0; round < 40; round++) {
      await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          withTx(database.db, (tx) => sql`insert into t (n, body) values (${round * 25 + i}, ${body})`.execute(tx)),
        ),
      );
    }
    // 1,000 rows of ~3 kB went through the WAL (about 4 MB); it started over instead of keeping them.
    expect(fs.statSync(`${file}-wal`).size).toBeLessThan(1_000_000);
    expect(fs.statSync(file).size).toBeGreaterThan(3_000_000);
    await database.destroy();
    database = openDatabase({ kind: 'sqlite', file });
    cleanup.push(() => database.destroy());
    const rows = await sql<{ c: number; s: number }>`select count(*) as c, sum(length(body)) as s from t`.execute(
      database.db,
    );
    expect(rows.rows[0]).toEqual({ c: 1000, s: 1000 * 3000 });
  });

  it('hold the database file locked: a second process waits, then is told the file is in use', () => {
    const file = path.join(tempDir(), 'y.sqlite');
    const database = openDatabase({ kind: 'sqlite', file });
    cleanup.push(() => database.destroy());
    const other = new Database(file, { timeout: 50 });
    cleanup.push(() => other.close());
    expect(() => other.prepare('select count(*) from sqlite_master').get()).toThrow(/locked/);
    expect(() => openDatabase({ kind: 'sqlite', file })).toThrow(/in use by another process/); // after 5 s
  }, 15_000);
});

describe('Checkpointer', () => {
  function setup(copied = true) {
    const file = path.join(tempDir(), 'z.sqlite');
    fs.writeFileSync(file, 'data');
    let now = 1_000;
    const copy = vi.fn(() => copied);
    const ckpt = new Checkpointer(
      file,
      copy,
      (err) => {
        throw err;
      },
      200,
      () => now,
    );
    cleanup.push(() => ckpt.close());
    return { ckpt, copy, advance: (ms: number) => void (now += ms) };
  }

  it('copies at most once per interval, and only once the last copy is synced', async () => {
    const t = setup();
    t.ckpt.maybeRun();
    expect(t.copy).toHaveBeenCalledTimes(1);
    const synced = t.ckpt.synced();
    expect(synced).toBeInstanceOf(Promise);
    t.advance(500);
    t.ckpt.maybeRun(); // its pages are still being synced
    expect(t.copy).toHaveBeenCalledTimes(1);
    await synced;
    expect(t.ckpt.synced()).toBeUndefined();
    t.ckpt.maybeRun();
    expect(t.copy).toHaveBeenCalledTimes(2);
    await t.ckpt.synced();
    t.advance(100);
    t.ckpt.maybeRun(); // too soon
    expect(t.copy).toHaveBeenCalledTimes(2);
  });

  it('makes a write during the sync put the copied pages on disk first, on its own thread', async () => {
    const t = setup();
    const syncNow = vi.spyOn(fs, 'fdatasyncSync');
    t.ckpt.beforeWrite(); // nothing copied yet: free
    expect(syncNow).not.toHaveBeenCalled();
    t.ckpt.maybeRun();
    t.ckpt.beforeWrite();
    expect(syncNow).toHaveBeenCalledTimes(1);
    t.ckpt.beforeWrite(); // once is enough
    expect(syncNow).toHaveBeenCalledTimes(1);
    await t.ckpt.synced();
  });

  it('does not sync when the copy found nothing new', () => {
    const t = setup(false);
    t.ckpt.maybeRun();
    expect(t.copy).toHaveBeenCalledTimes(1);
    expect(t.ckpt.synced()).toBeUndefined();
  });
});
