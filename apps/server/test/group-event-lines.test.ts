import { beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, type TestUser } from './helpers/index';
import { befriendAll, group, seedDave } from './group-fixtures';
import { messageRow, send, serverWithPeople } from './chat-fixtures';

/**
 * Group event lines in the reader's language (protocol event-lines.ts): the row keeps its key and
 * params in `extends.line`, `content` stays the actor's wording, and readers get their own.
 */

const { s, alice, bob, carol } = await serverWithPeople();
let dave: TestUser;

beforeAll(async () => {
  dave = await seedDave(s);
  await befriendAll(s, alice, bob, carol, dave);
});

type Row = { type: string; content: string; extends: Record<string, unknown> | null };
const rowsOf = async (u: TestUser, gid: string, lang: string): Promise<Row[]> => {
  const res = await s.api.post('/enterprise/im/getMessageList', { toContactId: gid }, { token: u.token, lang });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data as Row[];
};

describe('group event lines', () => {
  it('reads each line in the reader language, keeps the key in extends, and pushes it', async () => {
    const created = await group(s, 'add', alice, { user_ids: [bob.id, carol.id], name: 'Lines' });
    expect(created.body.code, created.body.msg).toBe(0);
    const gid = created.body.data.id as string;
    const bWs = await connectSocket(s.url, { token: bob.token });
    // alice (English request) invites dave: the push says it in English, and names the key.
    const invited = await group(s, 'addGroupUser', alice, { id: gid, user_ids: [dave.id] });
    expect(invited.body.code, invited.body.msg).toBe(0);
    const push = await bWs.next<Row>('group', (d) => d.type === 'event');
    expect(push.data.content).toBe('Alice invited Dave to the group');
    expect(push.data.extends).toEqual({
      line: { key: 'group.eventInvited', params: { name: 'Alice', names: ['Dave'] } },
    });
    bWs.close();

    const zh = (await rowsOf(bob, gid, 'zh-CN')).filter((r) => r.type === 'event').map((r) => r.content);
    expect(zh).toEqual(['Alice创建了群聊', 'Alice邀请Dave加入了群聊']);
    const en = (await rowsOf(bob, gid, 'en')).filter((r) => r.type === 'event').map((r) => r.content);
    expect(en).toEqual(['Alice created the group', 'Alice invited Dave to the group']);

    const contacts = await s.api.post('/enterprise/im/getContacts', {}, { token: carol.token, lang: 'zh-CN' });
    const listed = (contacts.body.data as Array<{ id: string; lastContent: string }>).find((c) => c.id === gid);
    expect(listed?.lastContent).toBe('Alice邀请Dave加入了群聊');
  });

  it('escapes names in content and shows rows stored before the key as they are', async () => {
    const created = await group(s, 'add', alice, { user_ids: [bob.id, carol.id], name: 'Old' });
    const gid = created.body.data.id as string;
    const groupId = Number(gid.replace('group-', ''));
    const db = s.database.db;
    const now = s.clock.now();
    const base = { chat_identify: gid, from_user: alice.id, to_user: groupId, is_group: 1, type: 'event' };
    await db
      .insertInto('messages')
      .values(messageRow({ ...base, content: '旧的一行', send_time_ms: now + 1 }))
      .execute();
    const line = { line: { key: 'group.eventJoined', params: { name: '<b>Eve</b>' } } };
    await db
      .insertInto('messages')
      .values(messageRow({ ...base, content: 'x', extends: JSON.stringify(line), send_time_ms: now + 2 }))
      .execute();
    const en = (await rowsOf(bob, gid, 'en')).filter((r) => r.type === 'event').map((r) => r.content);
    expect(en.slice(-2)).toEqual(['旧的一行', '&lt;b&gt;Eve&lt;/b&gt; joined the group by scanning the QR code']);
  });

  it("names the sender of others' messages in group previews, with my remark or their card", async () => {
    const created = await group(s, 'add', alice, { user_ids: [bob.id, carol.id], name: 'Names' });
    const gid = created.body.data.id as string;
    const listed = async (u: TestUser) => {
      const res = await s.api.post('/enterprise/im/getContacts', {}, { token: u.token, lang: 'en' });
      return res.body.data as Array<{ id: string; lastSenderName?: string; lastSendTime: number }>;
    };
    expect((await listed(carol)).find((c) => c.id === gid)?.lastSenderName).toBe('');
    expect((await send(s, bob, gid, 'hello all')).body.code).toBe(0);
    expect((await listed(bob)).find((c) => c.id === gid)?.lastSenderName).toBe('');
    expect((await listed(carol)).find((c) => c.id === gid)?.lastSenderName).toBe(bob.realname);
    const card = await s.api.post('/enterprise/im/updateCard', { id: gid, nickname: 'Bobby' }, { token: bob.token });
    expect(card.body.code, card.body.msg).toBe(0);
    expect((await listed(carol)).find((c) => c.id === gid)?.lastSenderName).toBe('Bobby');
    // No notices and no favourites yet: no news, so no time (listed last, no "just now").
    const dl = await listed(dave);
    expect(dl.find((c) => c.id === 'admin_notice')?.lastSendTime).toBe(0);
  });
});
