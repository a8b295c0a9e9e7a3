import { describe, expect, it } from 'vitest';
import { lastMsgId, setLastMsg } from '../src/modules/messages/messages.repo';
import { migratedTestDatabase, testDbKind } from './helpers/server';

/**
 * A conversation's newest message (`chats.last_msg_id`: the list's preview and `is_last`) never
 * moves back to an older one when sends are recorded out of order, as two PostgreSQL
 * transactions of one chat can be.
 */

const setup = async () => (await migratedTestDatabase()).db;

describe(`the newest message of a chat on ${testDbKind()}`, () => {
  it('moves forward, and never back to an older message recorded late', async () => {
    const db = await setup();
    await setLastMsg(db, '1_2', 11);
    expect(await lastMsgId(db, '1_2')).toBe(11);
    await setLastMsg(db, '1_2', 10);
    expect(await lastMsgId(db, '1_2')).toBe(11);
    await setLastMsg(db, '1_2', 12);
    expect(await lastMsgId(db, '1_2')).toBe(12);
    expect(await lastMsgId(db, '3_4')).toBe(0);
  });

  // Only PostgreSQL runs two sends' transactions side by side (SQLite has one connection).
  if (testDbKind() === 'postgres') {
    it('stays on the newer of two sends whose transactions commit out of order', async () => {
      const db = await setup();
      const older = await db.startTransaction().execute();
      await older.selectFrom('users').select('id').limit(1).execute(); // the older send's transaction is open
      const newer = await db.startTransaction().execute();
      await setLastMsg(newer, '5_6', 21);
      await newer.commit().execute();
      await setLastMsg(older, '5_6', 20);
      await older.commit().execute();
      expect(await lastMsgId(db, '5_6')).toBe(21);
    });
  }
});
