import { describe, expect, it } from 'vitest';
import { prefsRepo } from '../src/modules/contacts/index';
import { remarksOfPairs } from '../src/modules/friends/remarks.repo';
import { migratedTestDatabase, testDbKind } from './helpers/server';

/**
 * The reads a message push makes for both parties of every send of a group commit at once: each
 * (user, conversation) pair's prefs and each (owner, other) pair's remark name. Only the pairs
 * asked count: a row of one pair's user in another pair's conversation is not an answer.
 */
describe(`pair reads of a message push on ${testDbKind()}`, () => {
  it('reads the prefs of exactly the pairs asked, in their order, over several statements', async () => {
    const { db } = await migratedTestDatabase();
    const pref = (user_id: number, chat_identify: string, is_top: number, is_notice: number) => ({
      user_id,
      chat_identify,
      is_top,
      is_notice,
      hide_msg_id: 0,
      read_msg_id: 0,
      update_time: 1,
    });
    await db
      .insertInto('chat_prefs')
      .values([pref(1, '1_2', 1, 1), pref(2, '1_2', 0, 0), pref(1, '1_3', 0, 0), pref(3, '3_4', 1, 0)])
      .execute();
    const asked = [
      { userId: 2, chatId: '1_2' },
      { userId: 3, chatId: '1_2' }, // no row, though 3 has prefs elsewhere and 1_2 has rows of others
      { userId: 1, chatId: '1_2' },
      { userId: 3, chatId: '3_4' },
      { userId: 1, chatId: '3_4' }, // crossed: 1 has prefs, 3_4 has prefs, but not this pair
    ];
    const got = await prefsRepo.prefsOfPairs(db, asked);
    expect(got.map((p) => p && [p.user_id, p.chat_identify, p.is_top, p.is_notice])).toEqual([
      [2, '1_2', 0, 0],
      undefined,
      [1, '1_2', 1, 1],
      [3, '3_4', 1, 0],
      undefined,
    ]);
    // More pairs than one statement takes: each still finds its own row.
    const many = Array.from({ length: 1200 }, (_, i) => ({ userId: 1000 + i, chatId: `c${i}` }));
    many.push({ userId: 1, chatId: '1_3' });
    const last = (await prefsRepo.prefsOfPairs(db, many)).at(-1);
    expect(last).toMatchObject({ user_id: 1, chat_identify: '1_3', is_notice: 0 });
    expect(await prefsRepo.prefsOfPairs(db, [])).toEqual([]);
  });

  it('reads the remark names of exactly the accepted pairs asked, in their order', async () => {
    const { db } = await migratedTestDatabase();
    const friend = (create_user: number, friend_user_id: number, status: number, nickname: string) => ({
      create_user,
      friend_user_id,
      status,
      nickname,
      remark: '',
      is_invite: 0,
      create_time: 1,
      update_time: 1,
    });
    await db
      .insertInto('friends')
      .values([friend(1, 2, 1, 'Bobby'), friend(2, 1, 1, ''), friend(1, 3, 2, 'Pending'), friend(3, 4, 1, 'Dee')])
      .execute();
    const got = await remarksOfPairs(db, [
      { owner: 1, other: 2 },
      { owner: 2, other: 1 }, // accepted, no remark
      { owner: 1, other: 3 }, // a remark on a request not yet accepted
      { owner: 1, other: 4 }, // crossed: 1 and 4 each have rows, not with each other
      { owner: 3, other: 4 },
    ]);
    expect(got).toEqual(['Bobby', '', '', '', 'Dee']);
  });
});
