import { describe, expect, it } from 'vitest';
import { unreadAbove } from '../src/modules/messages/conversation-list.repo';
import { inList, inParts } from '../src/platform/db/in-list';
import { messageRow } from './chat-fixtures';
import { migratedTestDatabase, testDbKind } from './helpers/server';

/**
 * Lists longer than one SQLite part (400) and values that need quoting inside a PostgreSQL array
 * (commas, quotes, braces, backslashes, spaces): every value asked is found, nothing else.
 */
describe(`IN lists of any length on ${testDbKind()}`, () => {
  it('finds exactly the rows asked, by number and by text, in one statement on PostgreSQL', async () => {
    const { db } = await migratedTestDatabase();
    const odd = ['a,b', 'say "hi"', '{x}', 'back\\slash', 'two words', "it's", 'NULL', ''];
    const chatIds = [...Array.from({ length: 892 }, (_, i) => `${i + 1}-${i + 2}`), ...odd];
    await db
      .insertInto('chats')
      .values(chatIds.map((chat_identify, i) => ({ chat_identify, last_msg_id: i + 1 })))
      .execute();
    const wanted = chatIds.filter((_, i) => i % 2 === 0 || i >= 892);
    const parts = inParts(db, [...wanted, ...wanted.slice(0, 10)]);
    expect(parts.length).toBe(testDbKind() === 'sqlite' ? Math.ceil(wanted.length / 400) : 1);
    const found: string[] = [];
    for (const part of parts) {
      const rows = await db
        .selectFrom('chats')
        .select('chat_identify')
        .where(inList(db, 'chat_identify', part))
        .execute();
      found.push(...rows.map((r) => r.chat_identify));
    }
    expect(found.sort()).toEqual([...wanted].sort());
    const byNumber = await db
      .selectFrom('chats')
      .select('last_msg_id')
      .where(inList(db, 'last_msg_id', [3, 5, 900, 99_999]))
      .execute();
    expect(byNumber.map((r) => r.last_msg_id).sort((a, b) => a - b)).toEqual([3, 5, 900]);
    expect(
      await db
        .selectFrom('chats')
        .select('chat_identify')
        .where(inList(db, 'chat_identify', []))
        .execute(),
    ).toEqual([]);
  });

  it('counts unread above each chat boundary for more chats than one SQLite part', async () => {
    const { db } = await migratedTestDatabase();
    const me = 1;
    const above = new Map<string, number>();
    const rows = [];
    let msgId = 0;
    for (let c = 0; c < 450; c++) {
      const chatId = `1-${c + 2}`;
      // Chat c has c % 4 messages from its other person above the boundary, one of mine, one below.
      rows.push({ chat: chatId, from: c + 2, id: ++msgId });
      above.set(chatId, msgId);
      rows.push({ chat: chatId, from: me, id: ++msgId });
      for (let k = 0; k < c % 4; k++) rows.push({ chat: chatId, from: c + 2, id: ++msgId });
    }
    await db
      .insertInto('messages')
      .values(
        // One statement on a fresh table: the rows get msg_id 1, 2, 3… in this order.
        rows.map((r) =>
          messageRow({ chat_identify: r.chat, from_user: r.from, to_user: r.from === me ? 2 : me, is_group: 0 }),
        ),
      )
      .execute();
    const unread = await unreadAbove(db, me, above);
    expect(unread.size).toBe(450 - Math.ceil(450 / 4));
    for (let c = 0; c < 450; c++) expect(unread.get(`1-${c + 2}`) ?? 0).toBe(c % 4);
  });
});
