import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncingPrepare, WalSync } from './wal-sync';

const cleanup: Array<() => void> = [];
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.();
});

function setup() {
  const sqlite = new Database(':memory:');
  cleanup.push(() => sqlite.close());
  sqlite.exec('create table t (n integer)');
  const wal = { deferred: false, syncs: 0, syncNow: () => void wal.syncs++ };
  const prepare = syncingPrepare(sqlite, wal);
  const run = (text: string, ...params: unknown[]) => {
    const stmt = prepare(text);
    return stmt.reader ? stmt.all(...params) : stmt.run(...params);
  };
  return { wal, run };
}

describe('syncingPrepare', () => {
  it('syncs after each autocommit write, never after a read', () => {
    const { wal, run } = setup();
    run('insert into t (n) values (?)', 1);
    expect(wal.syncs).toBe(1);
    run('insert into t (n) values (?) returning n', 2); // a write that returns rows
    expect(wal.syncs).toBe(2);
    expect(run('select n from t order by n')).toEqual([{ n: 1 }, { n: 2 }]);
    expect(wal.syncs).toBe(2);
  });

  it('syncs a transaction once, at its end, and not when the group committer defers it', () => {
    const { wal, run } = setup();
    run('begin');
    run('insert into t (n) values (?)', 1);
    run('savepoint unit');
    run('insert into t (n) values (?)', 2);
    run('release unit');
    expect(wal.syncs).toBe(0);
    run('commit');
    expect(wal.syncs).toBe(1);
    run('savepoint outer'); // a savepoint outside a transaction starts one; its release commits
    run('insert into t (n) values (?)', 3);
    run('release outer');
    expect(wal.syncs).toBe(2);
    run('begin');
    run('insert into t (n) values (?)', 4);
    wal.deferred = true;
    run('commit');
    expect(wal.syncs).toBe(2);
  });
});

describe('WalSync', () => {
  it('syncs the WAL file of a real database, and does nothing before one exists', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-wal-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'x.sqlite');
    const wal = new WalSync(file);
    cleanup.push(() => wal.close());
    await wal.sync(); // no database, no WAL yet
    const sqlite = new Database(file);
    cleanup.push(() => sqlite.close());
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.exec('create table t (n integer); insert into t values (1)');
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    await wal.sync();
    wal.syncNow();
    expect(sqlite.prepare('select count(*) as c from t').get()).toEqual({ c: 1 });
  });

  it('closes its descriptor only after the sync running on it: closing under it failed that batch with EBADF', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-wal-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'x.sqlite');
    fs.writeFileSync(`${file}-wal`, 'frames');
    const wal = new WalSync(file);
    const closes = vi.spyOn(fs, 'closeSync');
    cleanup.push(() => closes.mockRestore());
    const epoch = wal.committedBatch(); // its sync starts on the thread pool
    closes.mockClear(); // (the directory's descriptor, synced once when the WAL was opened)
    wal.close(); // the database closes meanwhile
    expect(closes).not.toHaveBeenCalled();
    await expect(wal.whenDurable(epoch)).resolves.toBeUndefined();
    await vi.waitFor(() => expect(closes).toHaveBeenCalledTimes(1));
  });
});
