import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, withTx } from '../src/platform/db/index';
import { sql } from 'kysely';
import { listBucket, precompiled, precompiledList, precompiledWrite } from '../src/platform/db/precompiled';
import { insertMessage, MessageIdTaken, newMessage } from '../src/modules/messages/messages.repo';
import { openTestDatabase } from './helpers/server';

/** Hot statements compiled once run with each call's own values, on both back ends. */

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

async function setup() {
  const opened = await openTestDatabase();
  closers.push(opened.cleanup, () => opened.database.destroy());
  await migrateToLatest(opened.database);
  return opened.database.db;
}

const upsert = precompiled((db, name: string, value: string, again: string) =>
  db
    .insertInto('config')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: again })),
);
const byPrefix = precompiled((db, like: string) =>
  db.selectFrom('config').select(['name', 'value']).where('name', 'like', like).orderBy('name'),
);

describe('precompiled statements', () => {
  it('bind new values on every run, outside and inside a transaction', async () => {
    const db = await setup();
    await upsert(db, 'pc-a', '1', '1');
    await upsert(db, 'pc-b', '2', '2');
    await withTx(db, async (tx) => {
      await upsert(tx, 'pc-a', 'x', 'changed');
    });
    expect(await byPrefix(db, 'pc-%')).toEqual([
      { name: 'pc-a', value: 'changed' },
      { name: 'pc-b', value: '2' },
    ]);
    expect(await byPrefix(db, 'pc-b%')).toEqual([{ name: 'pc-b', value: '2' }]);
    expect(await byPrefix(db, 'nothing-%')).toEqual([]);
  });

  it('keeps constants of the query as they were built', async () => {
    const db = await setup();
    const onlyB = precompiled((d, like: string) =>
      d.selectFrom('config').select('name').where('name', 'like', like).where('value', '=', 'B'),
    );
    await upsert(db, 'pc-1', 'A', 'A');
    await upsert(db, 'pc-2', 'B', 'B');
    expect(await onlyB(db, 'pc-%')).toEqual([{ name: 'pc-2' }]);
  });

  it('refuses a query that does not use each argument exactly once', async () => {
    const db = await setup();
    const unused = precompiled((d, _name: string) => d.selectFrom('config').select('name'));
    await expect(unused(db, 'x')).rejects.toThrow(/only 0 of 1 arguments/);
    const twice = precompiled((d, name: string) =>
      d.selectFrom('config').select('name').where('name', '=', name).where('value', '=', name),
    );
    await expect(twice(db, 'x')).rejects.toThrow(/appears twice/);
  });

  it('runs a statement over a list of tuples with each list of its length, whatever the length', async () => {
    const db = await setup();
    for (const [name, value] of [
      ['pl-a', '1'],
      ['pl-b', '2'],
      ['pl-c', '3'],
    ] as const)
      await upsert(db, name, value, value);
    const matching = precompiledList<[string, string], { name: string }>(2, (d, pairs) => {
      const values = sql.join(pairs.map(([name, value]) => sql`(${name}, ${value})`));
      const query = sql<{ name: string }>`select c.name from (values ${values}) as v
        join config c on c.name = v.column1 and c.value = v.column2 order by c.name`;
      return { compile: () => query.compile(d) };
    });
    expect(await matching(db, [['pl-a', '1']])).toEqual([{ name: 'pl-a' }]);
    expect(await matching(db, [['pl-b', '2']])).toEqual([{ name: 'pl-b' }]); // same length, new values
    expect(
      await matching(db, [
        ['pl-c', '3'],
        ['pl-a', 'wrong'],
        ['pl-b', '2'],
      ]),
    ).toEqual([{ name: 'pl-b' }, { name: 'pl-c' }]);
    await expect(matching(db, [['pl-a'] as unknown as [string, string]])).rejects.toThrow(/a row of 1 values, not 2/);
  });

  it('runs lists of nearby lengths with one statement, and each tuple still finds its rows', async () => {
    const db = await setup();
    for (let i = 0; i < 40; i++) await upsert(db, `pb-${i}`, String(i), String(i));
    let builds = 0;
    const lookup = precompiledList<[string, string], { name: string }>(2, (d, pairs) => {
      builds++;
      const values = sql.join(pairs.map(([name, value]) => sql`(${name}, ${value})`));
      const query = sql<{ name: string }>`select c.name from (values ${values}) as v
        join config c on c.name = v.column1 and c.value = v.column2`;
      return { compile: () => query.compile(d) };
    });
    const names = async (ids: number[]) =>
      [
        ...new Set(
          (
            await lookup(
              db,
              ids.map((i): [string, string] => [`pb-${i}`, String(i)]),
            )
          ).map((r) => r.name),
        ),
      ].sort();
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
    // 33 to 40 tuples share the bucket of 40: one compile for all eight lengths.
    for (let n = 33; n <= 40; n++)
      expect(await names(range(0, n))).toEqual(
        range(0, n)
          .map((i) => `pb-${i}`)
          .sort(),
      );
    expect(builds).toBe(1);
    // A tuple that matches nothing is not made to match by the padding (the last one is repeated).
    expect(await names([...range(0, 30), 99])).toEqual(
      range(0, 30)
        .map((i) => `pb-${i}`)
        .sort(),
    );
    expect(builds).toBe(2);
  });

  it('rounds list lengths up by at most a quarter, exactly up to 8', () => {
    expect([1, 2, 7, 8].map(listBucket)).toEqual([1, 2, 7, 8]);
    expect([9, 10, 11, 16, 17, 37, 100, 500].map(listBucket)).toEqual([10, 10, 12, 16, 20, 40, 112, 512]);
    for (let n = 1; n <= 2000; n++) {
      expect(listBucket(n)).toBeGreaterThanOrEqual(n);
      expect(listBucket(n)).toBeLessThanOrEqual(Math.max(n, Math.ceil(n * 1.25)));
    }
  });
});

describe('precompiled writes', () => {
  const put = precompiledWrite((db, name: string, value: string) =>
    db
      .insertInto('config')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doNothing()),
  );

  it('tell how many rows they changed, outside and inside a transaction', async () => {
    const db = await setup();
    expect((await put(db, 'pw-a', '1')).changes).toBe(1);
    expect((await put(db, 'pw-a', '2')).changes).toBe(0);
    await withTx(db, async (tx) => {
      expect((await put(tx, 'pw-b', '1')).changes).toBe(1);
      expect((await put(tx, 'pw-b', '1')).changes).toBe(0);
    });
    expect(await byPrefix(db, 'pw-%')).toEqual([
      { name: 'pw-a', value: '1' },
      { name: 'pw-b', value: '1' },
    ]);
  });

  it("give a stored message's id, and refuse a second row with its uuid rather than answer another's id", async () => {
    const db = await setup();
    const message = (id: string) =>
      newMessage({ id, chat_identify: '1-2', from_user: 1, to_user: 2, is_group: 0, send_time_ms: 1, content: id });
    const first = await insertMessage(db, message('pw-uuid-1'));
    const second = await withTx(db, (tx) => insertMessage(tx, message('pw-uuid-2')));
    expect(second).toBeGreaterThan(first);
    // The conflict leaves SQLite's last rowid at the previous insert: it must not come back as this one's.
    await expect(insertMessage(db, message('pw-uuid-1'))).rejects.toBeInstanceOf(MessageIdTaken);
    await expect(withTx(db, (tx) => insertMessage(tx, message('pw-uuid-2')))).rejects.toBeInstanceOf(MessageIdTaken);
    const third = await insertMessage(db, message('pw-uuid-3'));
    expect(third).toBeGreaterThan(second);
    const ids = await db.selectFrom('messages').select(['msg_id', 'id']).orderBy('msg_id').execute();
    expect(ids).toEqual([
      { msg_id: first, id: 'pw-uuid-1' },
      { msg_id: second, id: 'pw-uuid-2' },
      { msg_id: third, id: 'pw-uuid-3' },
    ]);
  });
});
