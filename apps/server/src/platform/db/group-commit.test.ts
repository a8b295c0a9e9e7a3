import Database from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BatchPacing } from './batch-pacer';
import { GroupCommitter } from './group-commit';
import type { DB } from './schema';
import { WalSync } from './wal-sync';
import { enableDbTimings, takeDbSecond } from '../diagnostics/db-timings';

/** The group committer over an in-memory SQLite with a WAL sync the test completes by hand. */

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.();
});

async function setup(pacing?: Partial<BatchPacing>) {
  const sqlite = new Database(':memory:');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  cleanup.push(() => db.destroy());
  await sql`create table t (n integer)`.execute(db);
  // The real epoch bookkeeping, with syncs the test completes (or fails) by hand.
  const wal = new WalSync('/nonexistent/parley.db');
  const pending: Array<{ resolve: () => void; reject: (err: unknown) => void }> = [];
  wal.sync = () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
  const committer = new GroupCommitter(db, {
    inTransaction: () => sqlite.inTransaction,
    wal,
    ...(pacing === undefined ? {} : { pacing }),
  });
  const insert = (n: number, heard: string[]) =>
    committer.run(
      async (tx, onCommit) => {
        await sql`insert into t (n) values (${n})`.execute(tx);
        onCommit(() => void heard.push(`callback ${n}`));
        return n;
      },
      () => undefined,
    );
  const count = async () => Number((await sql<{ c: number }>`select count(*) as c from t`.execute(db)).rows[0]?.c);
  return { committer, insert, count, pending, wal };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('GroupCommitter with an asynchronous WAL sync', () => {
  it('tells nobody until the batch is synced; readers go on, the next batch waits and grows', async () => {
    const t = await setup();
    const heard: string[] = [];
    const answers = Promise.all([t.insert(1, heard), t.insert(2, heard)]).then((r) => void heard.push(`answers ${r}`));
    while (t.pending.length === 0) await settle(); // the batch committed and waits for its sync
    // The connection is free: a reader sees the batch, but what it sends out waits for the disk.
    const seen = await t.count();
    t.wal.afterDurable(() => void heard.push(`reader output ${seen}`));
    // The next unit waits for the sync instead of committing a batch of one.
    const third = t.insert(3, heard).then((n) => void heard.push(`answer ${n}`));
    await settle();
    expect(await t.count()).toBe(2);
    expect(heard).toEqual([]);
    expect(t.pending).toHaveLength(1);
    t.pending.shift()?.resolve();
    await answers;
    expect(heard).toContain('reader output 2');
    expect(heard).not.toContain('callback 3');
    expect(heard.indexOf('callback 1')).toBeLessThan(heard.indexOf('answers 1,2'));
    while (t.pending.length === 0) await settle(); // the second batch commits, and its sync starts
    t.pending.shift()?.resolve();
    await third;
    expect(heard.slice(-2)).toEqual(['callback 3', 'answer 3']);
    await t.committer.drained();
  });

  it('fails every unit of a batch whose sync failed, and serves the next batch', async () => {
    const t = await setup();
    const heard: string[] = [];
    const first = Promise.allSettled([t.insert(1, heard), t.insert(2, heard)]);
    while (t.pending.length === 0) await settle();
    t.pending.shift()?.reject(new Error('EIO'));
    expect((await first).map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(heard).toEqual([]);
    const fourth = t.insert(4, heard);
    while (t.pending.length === 0) await settle();
    t.pending.shift()?.resolve();
    await expect(fourth).resolves.toBe(4);
    expect(heard).toEqual(['callback 4']);
  });

  it('lets an output out once a synchronous sync of another write covered the batch', async () => {
    const t = await setup();
    const heard: string[] = [];
    const epoch = t.wal.committedBatch();
    t.wal.afterDurable(() => void heard.push('output'));
    expect(t.wal.behind).toBe(true);
    t.wal.syncNow(); // (no WAL file here: nothing to sync, but the bookkeeping is the same)
    await t.wal.whenDurable(epoch);
    await settle();
    expect(heard).toEqual(['output']);
    expect(t.wal.behind).toBe(false);
  });

  it("starts no batch while a checkpoint's pages are being synced", async () => {
    const t = await setup();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = t.insert(1, []);
    while (t.pending.length === 0) await settle();
    t.pending.shift()?.resolve();
    await expect(first).resolves.toBe(1);
    t.wal.checkpointSynced = () => gate; // a checkpoint ran after that batch; its sync is pending
    const second = t.insert(2, []);
    await settle();
    expect(t.pending).toHaveLength(0);
    expect(await t.count()).toBe(1);
    open();
    while (t.pending.length === 0) await settle();
    t.pending.shift()?.resolve();
    await expect(second).resolves.toBe(2);
  });

  it('waits out the interval between two batches, and the next one gathers what arrived', async () => {
    // A wide interval (1 s) so a busy machine's late timers still put 2 and 3 inside it.
    const t = await setup({ minIntervalMs: 1000, maxIntervalMs: 1000 });
    const first = t.insert(1, []);
    while (t.pending.length === 0) await settle();
    t.pending.shift()?.resolve();
    await first;
    const later = [t.insert(2, [])];
    await new Promise((resolve) => setTimeout(resolve, 10));
    later.push(t.insert(3, []));
    while (t.pending.length === 0) await settle();
    expect(await t.count()).toBe(3); // one batch of both, committed and waiting for one sync
    t.pending.shift()?.resolve();
    await expect(Promise.all(later)).resolves.toEqual([2, 3]);
    expect(t.pending).toHaveLength(0);
  });

  it('tells the stall log how long a send spent from the queue to its answer, the sync included', async () => {
    const stop = enableDbTimings();
    cleanup.push(async () => stop());
    // The committer reads performance.now(); a manual one makes the sync take exactly 60 ms.
    vi.useFakeTimers({ toFake: ['performance'] });
    cleanup.push(async () => void vi.useRealTimers());
    vi.advanceTimersByTime(1000); // the committer takes a time of 0 for "not recorded"
    const t = await setup();
    const first = t.insert(1, []);
    while (t.pending.length === 0) await settle();
    vi.advanceTimersByTime(60); // the disk is slow
    t.pending.shift()?.resolve();
    await first;
    expect(takeDbSecond()?.unitMaxMs).toBe(60);
  });
});
