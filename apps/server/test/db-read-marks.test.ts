import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migratorOf } from '../src/platform/db/index';
import { disposableTestDatabase, testDbKind } from './helpers/server';

/**
 * Migration 0008 turns the per-message `is_read` flags of one-to-one chats into one read mark
 * per reader and chat. An upgraded server must show exactly what was read before as read, and
 * keep the prefs a reader had already set on that chat.
 */

const message = (chat: string, from: number, to: number, isRead: 0 | 1, isGroup = 0) =>
  sql`insert into messages (id, chat_identify, from_user, to_user, is_group, type, content, is_read, send_time_ms)
      values (${`${chat}-${from}-${Math.random()}`}, ${chat}, ${from}, ${to}, ${isGroup}, 'text', 'x', ${isRead}, 1)`;

/** A database migrated up to the step before 0008. */
async function at0007() {
  const database = await disposableTestDatabase();
  expect((await migratorOf(database).migrateTo('0007-partial-file-index')).error).toBeUndefined();
  return { database, db: database.db as unknown as Kysely<unknown> };
}

const hasReadMarkColumn = async (db: Kysely<unknown>) =>
  sql`select read_msg_id from chat_prefs`.execute(db).then(
    () => true,
    () => false,
  );

describe(`migration 0008 on ${testDbKind()}`, () => {
  it('keeps what each reader had read as their read mark, and their other prefs', async () => {
    const { database, db } = await at0007();

    // Chat 1_2: user 2 read alice's first two, not the third; user 1 read nothing of 2's.
    for (const [from, to, read] of [
      [1, 2, 1],
      [2, 1, 0],
      [1, 2, 1],
      [1, 2, 0],
    ] as const)
      await message('1_2', from, to, read).execute(db);
    // Chat 1_3: user 1 read everything; user 1 had pinned it.
    await sql`insert into chat_prefs (user_id, chat_identify, is_top, is_notice, hide_msg_id, update_time) values (1, '1_3', 1, 0, 0, 5)`.execute(
      db,
    );
    for (const [from, to, read] of [
      [3, 1, 1],
      [3, 1, 1],
    ] as const)
      await message('1_3', from, to, read).execute(db);
    // Group rows kept no per-message read flag worth carrying over.
    await message('group-9', 1, 9, 1, 1).execute(db);
    const ids = (
      await sql<{
        msg_id: number;
        chat_identify: string;
      }>`select msg_id, chat_identify from messages order by msg_id`.execute(db)
    ).rows.map((r) => r.msg_id);

    await migrateToLatest(database);

    const prefs = await database.db
      .selectFrom('chat_prefs')
      .selectAll()
      .orderBy('user_id')
      .orderBy('chat_identify')
      .execute();
    expect(
      prefs.map((p) => ({
        user: p.user_id,
        chat: p.chat_identify,
        read: p.read_msg_id,
        top: p.is_top,
        notice: p.is_notice,
      })),
    ).toEqual([
      { user: 1, chat: '1_3', read: ids[5], top: 1, notice: 0 },
      { user: 2, chat: '1_2', read: ids[2], top: 0, notice: 1 },
    ]);
  });

  it('changes nothing when it fails half-way, and runs once the cause is gone', async () => {
    const { database, db } = await at0007();
    await message('1_2', 1, 2, 1).execute(db);
    // A view on the old flag makes dropping the column fail after the other steps have run.
    await sql`create view read_rows as select msg_id from messages where is_read = 1`.execute(db);
    await expect(migrateToLatest(database)).rejects.toThrow(/0008-read-marks/);
    expect(await hasReadMarkColumn(db)).toBe(false);
    expect(Number((await sql<{ n: number }>`select count(*) as n from read_rows`.execute(db)).rows[0]?.n)).toBe(1);
    await sql`drop view read_rows`.execute(db);
    await migrateToLatest(database);
    expect(await hasReadMarkColumn(db)).toBe(true);
  });
});
