import { beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, upload, type TestUser } from './helpers/index';
import { makeFriends, patchConfig, send, serverWithPeople } from './chat-fixtures';
import { befriendAll, createGroup, group, seedDave } from './group-fixtures';
import { startIndexBackfill } from '../src/modules/messages/index';

/** PROTOCOL §16: one box for contacts, my groups and the messages of my conversations. */

const { s, alice, bob, carol } = await serverWithPeople();
let dave: TestUser;
let zw: TestUser;
let team: number;

interface Hit {
  id: string;
  msg_id: number;
  content: string;
  fileName?: string;
  toContactId: number | string;
  highlight: Array<[number, number]>;
  contact: { id: number | string; displayName: string };
}
interface Result {
  contacts: Array<{ id: number; displayName: string }>;
  groups: Array<{ id: string; displayName: string }>;
  messages: Hit[];
  hasMore: boolean;
}

const search = async (u: TestUser, body: Record<string, unknown>, lang = 'en') =>
  s.api.post('/enterprise/im/search', body, { token: u.token, lang });
async function find(u: TestUser, keywords: string, extra: Record<string, unknown> = {}): Promise<Result> {
  const res = await search(u, { keywords, ...extra });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data as Result;
}
const contents = (r: Result) => r.messages.map((m) => m.content);

async function sent(from: TestUser, to: number | string, text: string) {
  const res = await send(s, from, to, text);
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data as { id: string; msg_id: number };
}

beforeAll(async () => {
  dave = await seedDave(s);
  zw = await registerAndLogin(s.api, { account: 'weiz88', realname: '张伟', password: 'zhang-pw1' });
  await befriendAll(s, alice, bob, carol, dave);
  await makeFriends(s, alice, zw);
  team = await createGroup(s, alice, [bob, carol], '项目会议群');
});

describe('keywords', () => {
  it('refuses empty, blank and over-long keywords with search.badKeywords, in the reader’s language', async () => {
    for (const keywords of ['', '   ', 'x'.repeat(65)]) {
      expect((await search(alice, { keywords })).body).toMatchObject({
        code: 400,
        msg: 'Search text must be 1 to 64 characters',
        data: '',
      });
    }
    expect((await search(alice, { keywords: '' }, 'zh-CN')).body.msg).toBe('搜索内容为 1 到 64 个字符');
    expect((await search(alice, { keywords: '会'.repeat(64) })).body.code).toBe(0);
    expect((await search(alice, { keywords: 'x', type: 'people' })).body).toMatchObject({
      code: 400,
      msg: 'Invalid parameter: type',
    });
  });
});

describe('contacts and groups', () => {
  it('finds a contact by name, account, full pinyin, syllable and initials', async () => {
    for (const q of ['张伟', '伟', 'WEIZ88', 'zhangwei', 'zhang wei', 'wei', 'zw']) {
      const r = await find(alice, q, { type: 'contacts' });
      expect(
        r.contacts.map((c) => c.id),
        q,
      ).toContain(zw.id);
      expect(r.messages).toEqual([]);
    }
    expect((await find(alice, 'zx', { type: 'contacts' })).contacts.map((c) => c.id)).not.toContain(zw.id);
    // Only my contact set: dave does not know 张伟.
    expect((await find(dave, 'zw', { type: 'contacts' })).contacts).toEqual([]);
  });

  it('finds a contact by the remark name I gave them', async () => {
    const card = (await s.api.post('/enterprise/im/getUserInfo', { user_id: dave.id }, { token: alice.token })).body
      .data;
    expect(
      (
        await s.api.post(
          '/enterprise/friend/setNickname',
          { friend_id: card.friend.friend_id, nickname: '老戴' },
          { token: alice.token },
        )
      ).body.code,
    ).toBe(0);
    const r = await find(alice, 'laodai', { type: 'contacts' });
    expect(r.contacts).toEqual([expect.objectContaining({ id: dave.id, displayName: '老戴' })]);
    expect((await find(alice, '老戴')).contacts.map((c) => c.id)).toEqual([dave.id]);
  });

  it('finds my groups by name and pinyin, never a group I am not in', async () => {
    for (const q of ['会议', 'xiangmu', 'huiyi', 'xmhy']) {
      expect(
        (await find(bob, q, { type: 'groups' })).groups.map((g) => g.id),
        q,
      ).toEqual([`group-${team}`]);
    }
    expect((await find(dave, '会议', { type: 'groups' })).groups).toEqual([]);
  });
});

describe('messages', () => {
  it('finds Chinese by character n-grams and highlights the match in the plain content', async () => {
    const m = await sent(bob, `group-${team}`, '把会议纪要发一下');
    const r = await find(alice, '会议纪要');
    const hit = r.messages.find((x) => x.id === m.id);
    expect(hit).toMatchObject({
      content: '把会议纪要发一下',
      toContactId: `group-${team}`,
      highlight: [[1, 5]],
      contact: { id: `group-${team}`, displayName: '项目会议群' },
    });
    expect((await find(alice, '纪要')).messages.map((x) => x.id)).toContain(m.id);
    expect((await find(alice, '要')).messages.find((x) => x.id === m.id)?.highlight).toEqual([[4, 5]]);
    expect((await find(alice, '纪会')).messages).toEqual([]);
    // The group is found too, by its name.
    expect(r.groups).toEqual([]);
    expect((await find(alice, '会议')).groups.map((g) => g.id)).toEqual([`group-${team}`]);
  });

  it('finds Latin text by whole words, case-insensitively, in rich text and file names', async () => {
    const a = await sent(alice, bob.id, 'The <b>Quarterly</b> report is READY');
    const r = await find(bob, 'quarterly REPORT');
    expect(r.messages.map((x) => x.id)).toEqual([a.id]);
    expect(r.messages[0]?.highlight).toEqual([
      [4, 13],
      [14, 20],
    ]);
    expect((await find(bob, 'repo')).messages).toEqual([]);
    expect((await find(bob, 'report quarterly')).messages.map((x) => x.id)).toEqual([a.id]);

    const up = await upload(s.url, '/common/upload/uploadFile', {
      token: alice.token,
      fields: { message: JSON.stringify({ id: crypto.randomUUID(), type: 'file', toContactId: bob.id }) },
      file: { name: 'budget-2027.txt', bytes: new Uint8Array([65, 66]) },
    });
    expect(up.body.code, up.body.msg).toBe(0);
    const f = await find(bob, 'budget');
    expect(f.messages).toHaveLength(1);
    expect(f.messages[0]).toMatchObject({ type: 'file', fileName: 'budget-2027.txt', highlight: [[0, 6]] });
  });

  it('answers newest first, pages with hasMore, and narrows to one conversation with toContactId', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await sent(alice, carol.id, `standup note ${i}`)).id);
    const other = await sent(alice, bob.id, 'standup moved');
    const p1 = await find(alice, 'standup', { limit: 3 });
    expect(p1.messages.map((x) => x.id)).toEqual([other.id, ids[4], ids[3]]);
    expect(p1.hasMore).toBe(true);
    const p2 = await find(alice, 'standup', { limit: 3, page: 2 });
    expect(p2.messages.map((x) => x.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(p2.hasMore).toBe(false);
    expect((await find(alice, 'standup', { toContactId: bob.id })).messages.map((x) => x.id)).toEqual([other.id]);
    expect((await find(carol, 'standup', { toContactId: alice.id })).messages).toHaveLength(5);
    expect((await find(alice, 'standup', { type: 'contacts' })).messages).toEqual([]);
  });

  it('shows each hit as its chat shows it: read or not, newest or not, the sender by their group card', async () => {
    const first = await sent(alice, bob.id, 'lighthouse one');
    const second = await sent(alice, bob.id, 'lighthouse two');
    // The group's owner (role 1) under a card name of her own.
    const card = await s.api.post(
      '/enterprise/im/updateCard',
      { id: team, nickname: 'Keeper Alice' },
      { token: alice.token, lang: 'en' },
    );
    expect(card.body.code, card.body.msg).toBe(0);
    const inGroup = await sent(alice, `group-${team}`, 'lighthouse three');
    type Shown = { id: string; is_read: number; is_last: number; role: number; fromUser: { displayName: string } };
    const shown = async () => (await find(alice, 'lighthouse')).messages as unknown as Shown[];
    const before = await shown();
    expect(before.map((m) => [m.id, m.is_read, m.is_last])).toEqual([
      [inGroup.id, 1, 1],
      [second.id, 0, 1],
      [first.id, 0, 0],
    ]);
    expect(before[0]).toMatchObject({ role: 1, fromUser: { displayName: 'Keeper Alice' } });
    expect(
      (await s.api.post('/enterprise/im/setMsgIsRead', { toContactId: alice.id }, { token: bob.token })).body.code,
    ).toBe(0);
    expect((await shown()).map((m) => m.is_read)).toEqual([1, 1, 1]);
  });

  it('in runMode 1 (everyone is a contact) shows a message of someone I never befriended with their contact', async () => {
    const eve = await registerAndLogin(s.api, { account: 'eve77', realname: 'Eve Walrus', password: 'eve-pw-1' });
    await patchConfig(s, 'sysInfo', { runMode: 1 });
    try {
      const m = await sent(eve, alice.id, 'a walrus on the beach');
      const r = await find(alice, 'walrus', { type: 'all' });
      expect(r.messages.map((x) => [x.id, x.contact.id, x.contact.displayName])).toEqual([
        [m.id, eve.id, 'Eve Walrus'],
      ]);
      expect(r.contacts.map((c) => c.id)).toEqual([eve.id]);
    } finally {
      await patchConfig(s, 'sysInfo', { runMode: 2 });
    }
  });

  it('searches my favourites', async () => {
    const m = await sent(alice, -1, 'passport number notes');
    expect((await find(alice, 'passport')).messages).toEqual([expect.objectContaining({ id: m.id, toContactId: -1 })]);
    expect((await find(bob, 'passport')).messages).toEqual([]);
  });
});

describe('never returned', () => {
  it('other people’s conversations and members’ messages of groups I am not in', async () => {
    await sent(alice, bob.id, 'secret pineapple');
    await sent(bob, `group-${team}`, 'pineapple for the team');
    expect(contents(await find(bob, 'pineapple')).sort()).toEqual(['pineapple for the team', 'secret pineapple']);
    expect(contents(await find(carol, 'pineapple'))).toEqual(['pineapple for the team']);
    expect(contents(await find(dave, 'pineapple'))).toEqual([]);
  });

  it('a recalled message', async () => {
    const m = await sent(alice, bob.id, 'recallable walrus');
    expect((await find(bob, 'walrus')).messages).toHaveLength(1);
    expect((await s.api.post('/enterprise/im/undoMessage', { id: m.id }, { token: alice.token })).body.code).toBe(0);
    expect((await find(bob, 'walrus')).messages).toEqual([]);
    expect(
      await s.database.db.selectFrom('message_terms').select('term').where('msg_id', '=', m.msg_id).execute(),
    ).toEqual([]);
  });

  it('a message deleted for everyone', async () => {
    await patchConfig(s, 'chatInfo', { dbDelMsg: 1 });
    const m = await sent(alice, bob.id, 'deletable narwhal');
    expect((await s.api.post('/enterprise/im/delMessage', { id: m.id }, { token: alice.token })).body.code).toBe(0);
    expect((await find(bob, 'narwhal')).messages).toEqual([]);
    expect((await find(alice, 'narwhal')).messages).toEqual([]);
  });

  it('a message an administrator deleted, whose index rows go with it', async () => {
    // alice is the super-administrator (the first account); the message is bob's to carol.
    const m = await sent(bob, carol.id, 'moderated pelican');
    expect((await find(carol, 'pelican')).messages).toHaveLength(1);
    const res = await s.api.post('/manage/message/dealMsg', { id: m.id, dealType: 1 }, { token: alice.token });
    expect(res.body.code, res.body.msg).toBe(0);
    expect((await find(carol, 'pelican')).messages).toEqual([]);
    expect((await find(bob, 'pelican')).messages).toEqual([]);
    expect(
      await s.database.db.selectFrom('message_terms').select('term').where('msg_id', '=', m.msg_id).execute(),
    ).toEqual([]);
  });

  it('a message I hid, which the other side still finds; gone from the index once both hid it', async () => {
    const m = await sent(alice, bob.id, 'hideable octopus');
    expect((await s.api.post('/enterprise/im/removeMessage', { id: m.id }, { token: bob.token })).body.code).toBe(0);
    expect((await find(bob, 'octopus')).messages).toEqual([]);
    expect((await find(alice, 'octopus')).messages).toHaveLength(1);
    expect((await s.api.post('/enterprise/im/removeMessage', { id: m.id }, { token: alice.token })).body.code).toBe(0);
    expect((await find(alice, 'octopus')).messages).toEqual([]);
    expect(
      await s.database.db.selectFrom('message_terms').select('term').where('msg_id', '=', m.msg_id).execute(),
    ).toEqual([]);
  });

  it('a group’s messages from before I joined, and all of them after I left', async () => {
    const before = await sent(alice, `group-${team}`, 'earlier giraffe');
    expect((await group(s, 'addGroupUser', alice, { id: team, user_ids: [dave.id] })).body.code).toBe(0);
    const after = await sent(alice, `group-${team}`, 'later giraffe');
    expect((await find(dave, 'giraffe')).messages.map((x) => x.id)).toEqual([after.id]);
    expect((await find(bob, 'giraffe')).messages.map((x) => x.id)).toEqual([after.id, before.id]);
    expect((await group(s, 'removeUser', alice, { id: team, user_id: dave.id })).body.code).toBe(0);
    expect((await find(dave, 'giraffe')).messages).toEqual([]);
    expect((await find(dave, 'giraffe', { toContactId: `group-${team}` })).messages).toEqual([]);
  });
});

describe('index upkeep', () => {
  it('indexes messages stored before the index existed, in the background after start', async () => {
    const m = await sent(alice, bob.id, 'backfilled platypus');
    // As if the row predated migration 0011: no terms, and the backfill mark above it.
    await s.database.db.deleteFrom('message_terms').where('msg_id', '=', m.msg_id).execute();
    await s.database.db
      .updateTable('message_terms_backfill')
      .set({ below: m.msg_id + 1 })
      .execute();
    expect((await find(bob, 'platypus')).messages).toEqual([]);
    const run = startIndexBackfill(s.database.db, (err) => {
      throw err;
    });
    await run.done;
    expect((await find(bob, 'platypus')).messages.map((x) => x.id)).toEqual([m.id]);
    expect(
      (await s.database.db.selectFrom('message_terms_backfill').select('below').executeTakeFirstOrThrow()).below,
    ).toBe(0);
  });

  it('drops the terms of a cleared group', async () => {
    const m = await sent(alice, `group-${team}`, 'clearable lemur');
    expect((await group(s, 'clearMessage', alice, { id: team })).body.code).toBe(0);
    expect((await find(alice, 'lemur')).messages).toEqual([]);
    expect(
      await s.database.db.selectFrom('message_terms').select('term').where('msg_id', '=', m.msg_id).execute(),
    ).toEqual([]);
  });
});
