import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, withTx, type Database } from '../src/platform/db/index';
import { DEFAULT_MAX_BATCH } from '../src/platform/db/group-commit';
import { openTestDatabase, sameDatabase, testDbKind } from './helpers/server';

/**
 * The withTx contract every module relies on, on both back ends: all of a unit or none of it,
 * nothing heard of it before its commit, and other callers unharmed by a failing one. On SQLite
 * concurrent units share one transaction and one commit (group commit); PostgreSQL commits each.
 */

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

async function setup() {
  let commits = 0;
  const opened = await openTestDatabase({
    log: (e) => {
      if (e.level === 'query' && e.query.sql.trim().toLowerCase() === 'commit') commits++;
    },
  });
  closers.push(opened.cleanup, () => opened.database.destroy());
  await migrateToLatest(opened.database);
  const db = opened.database.db;
  const names = async () =>
    (await db.selectFrom('config').select('name').where('name', 'like', 'tx-%').orderBy('name').execute()).map(
      (r) => r.name,
    );
  /** Another node's handle on the same database (PostgreSQL: a second pool; SQLite: its one connection). */
  const other = (): Database => {
    const d = sameDatabase(opened.database, opened.options);
    closers.push(() => d.destroy());
    return d;
  };
  return { db, names, other, commits: () => commits, resetCommits: () => void (commits = 0) };
}

type Db = Awaited<ReturnType<typeof setup>>['db'];
const insert = (db: Db, name: string) => db.insertInto('config').values({ name, value: '1' }).execute();

/** A promise the test resolves by hand, to hold a unit inside its transaction. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe(`withTx on ${testDbKind()}`, () => {
  it('commits concurrent units together on SQLite, each alone on PostgreSQL, at most a batch at a time', async () => {
    const t = await setup();
    t.resetCommits();
    const n = DEFAULT_MAX_BATCH * 2 + 3;
    const ids = Array.from({ length: n }, (_, i) => `tx-${String(i).padStart(4, '0')}`);
    const results = await Promise.all(ids.map((name) => withTx(t.db, async (tx) => (await insert(tx, name), name))));
    expect(results).toEqual(ids);
    expect(await t.names()).toEqual(ids);
    expect(t.commits()).toBe(testDbKind() === 'sqlite' ? 3 : n);
  });

  it('undoes only the failing unit: the others commit and their callers succeed', async () => {
    const t = await setup();
    const heard: string[] = [];
    const unit = (name: string, fail: boolean) =>
      withTx(t.db, async (tx, onCommit) => {
        await insert(tx, name);
        onCommit(() => void heard.push(name));
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const outcomes = await Promise.allSettled([unit('tx-a', false), unit('tx-b', true), unit('tx-c', false)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('tx-b failed'));
    expect(await t.names()).toEqual(['tx-a', 'tx-c']);
    expect(heard.sort()).toEqual(['tx-a', 'tx-c']);
  });

  it('runs onCommit callbacks after the commit, where another node already sees the row, and answers after them', async () => {
    const t = await setup();
    const reader = t.other();
    const seenInCallback: string[][] = [];
    const order: string[] = [];
    const work = (name: string) =>
      withTx(t.db, async (tx, onCommit) => {
        await insert(tx, name);
        onCommit(async () => {
          const rows = await reader.db.selectFrom('config').select('name').where('name', '=', name).execute();
          seenInCallback.push(rows.map((r) => r.name));
          order.push(`callback ${name}`);
        });
        return name;
      }).then((r) => void order.push(`answer ${r}`));
    await Promise.all([work('tx-1'), work('tx-2')]);
    expect(seenInCallback.sort()).toEqual([['tx-1'], ['tx-2']]);
    expect(order.indexOf('callback tx-1')).toBeLessThan(order.indexOf('answer tx-1'));
    expect(order.indexOf('callback tx-2')).toBeLessThan(order.indexOf('answer tx-2'));
  });

  it('never shows a reader the rows of a unit that is still open or was rolled back', async () => {
    const t = await setup();
    const held = gate();
    const inside = gate();
    const failing = withTx(t.db, async (tx) => {
      await insert(tx, 'tx-uncommitted');
      inside.open();
      await held.opened;
      throw new Error('changed my mind');
    });
    await inside.opened;
    // Readers through the public API while the unit holds its row: on the same database handle
    // (SQLite: waits for the transaction) and on another node's handle.
    const sameHandle = t.names();
    const otherConnection = t.other().db.selectFrom('config').select('name').where('name', 'like', 'tx-%').execute();
    // On PostgreSQL another node's read is answered while the unit is still open (its answer is
    // the proof that it ran meanwhile, no sleep needed) and does not see the row. SQLite's
    // handles share one writer's file lock, so there both readers are answered after the unit.
    if (testDbKind() === 'postgres') expect(await otherConnection).toEqual([]);
    held.open();
    await expect(failing).rejects.toThrow('changed my mind');
    expect(await sameHandle).toEqual([]);
    expect(await otherConnection).toEqual([]);
    expect(await t.names()).toEqual([]);
  });

  it('keeps serving after a unit broke its whole transaction: the untouched units run again, finished ones fail', async () => {
    const t = await setup();
    const before = withTx(t.db, async (tx) => insert(tx, 'tx-a'));
    const breaker = withTx(t.db, async (tx) => {
      await insert(tx, 'tx-b');
      // Ends the transaction behind withTx's back, as SQLite itself does on e.g. a full disk.
      await sql`rollback`.execute(tx);
      throw new Error('broke it');
    });
    const after = withTx(t.db, async (tx) => insert(tx, 'tx-c'));
    const [a, b, c] = await Promise.allSettled([before, breaker, after]);
    expect(b).toMatchObject({ status: 'rejected', reason: new Error('broke it') });
    expect(c.status).toBe('fulfilled');
    // PostgreSQL: each unit has its own transaction, so the first one is untouched.
    expect(a.status).toBe(testDbKind() === 'sqlite' ? 'rejected' : 'fulfilled');
    expect(await t.names()).toEqual(testDbKind() === 'sqlite' ? ['tx-c'] : ['tx-a', 'tx-c']);
  });
});
