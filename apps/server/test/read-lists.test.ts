import { describe, expect, it } from 'vitest';
import { GROUP_READ_PUSH_MS, GROUP_READ_PUSH_ROWS, paths } from '@parley/protocol';
import { connectSocket, login, pushesReached, registerAndLogin, type TestSocket, type TestUser } from './helpers/index';
import { makeFriends, patchConfig, send, serverWithPeople, uuid } from './chat-fixtures';
import { createGroup, group } from './group-fixtures';

/** PROTOCOL §17: read counts on my group rows, readList, groupRead pushes, announcements, the switch. */

const { s, alice, bob, carol } = await serverWithPeople(['alice-bob', 'alice-carol']);
const dave = await registerAndLogin(s.api, { account: 'dave1', realname: 'Dave', password: 'dave-pw01' });
await makeFriends(s, alice, dave);

const im = (path: string, u: TestUser, body: Record<string, unknown>, lang = 'en') =>
  s.api.post(`/enterprise/im/${path}`, body, { token: u.token, lang });
const counts = (m: { readCount?: number; unreadCount?: number }) => [m.readCount, m.unreadCount];
type Row = { id: string; readCount?: number; unreadCount?: number };
type Reader = { user_id: number; displayName: string; avatar: string; read_time: number };

async function say(u: TestUser, groupId: number, content: string): Promise<Row & { msg_id: number }> {
  const res = await send(s, u, `group-${groupId}`, content);
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data;
}
/** Opening the chat (§4.5 chat mode, no cursor) is what moves a member's read mark. */
async function open(u: TestUser, groupId: number | string): Promise<void> {
  const to = typeof groupId === 'number' ? `group-${groupId}` : groupId;
  const res = await im('getMessageList', u, { toContactId: to, limit: 20 });
  expect(res.body.code, res.body.msg).toBe(0);
}
async function info(u: TestUser, id: string): Promise<Row> {
  const res = await im('getMessageInfo', u, { id });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data;
}
async function readList(u: TestUser, id: string, type: 'read' | 'unread', extra: Record<string, unknown> = {}) {
  const res = await im('readList', u, { id, type, ...extra });
  expect(res.body.code, res.body.msg).toBe(0);
  return { rows: res.body.data as Reader[], count: res.body.count };
}
/** `groupRead` frames of message `id` that arrived and were not taken by `next` yet. */
const groupReads = (ws: TestSocket, id: string) =>
  ws.frames.filter((f) => f.type === 'groupRead' && (f.data as { id: string }).id === id);

describe('read counts on my group messages', () => {
  it('count the members at sending time who are still members, and reach only the sender', async () => {
    const g = await createGroup(s, alice, [bob, carol]);
    const [aliceWs, bobWs] = await Promise.all([
      connectSocket(s.url, { token: alice.token }),
      connectSocket(s.url, { token: bob.token }),
    ]);
    const first = await say(alice, g, 'the release moves to Thursday');
    expect(counts(first)).toEqual([0, 2]);
    // My own push carries the counts; the members' pushes do not.
    const mine = await aliceWs.next<Row>('group', (m) => m.id === first.id);
    expect(counts(mine.data)).toEqual([0, 2]);
    const theirs = await bobWs.next<Row>('group', (m) => m.id === first.id);
    expect(theirs.data).not.toHaveProperty('readCount');
    expect(theirs.data).not.toHaveProperty('unreadCount');

    // dave joins after the first message: not counted for it, counted for the next.
    expect((await group(s, 'addGroupUser', alice, { id: g, user_ids: [dave.id] })).body.code).toBe(0);
    const second = await say(alice, g, 'and the demo to Friday');
    expect(counts(second)).toEqual([0, 3]);
    expect(counts(await info(alice, first.id))).toEqual([0, 2]);

    s.clock.advance(5_000);
    await open(bob, g);
    expect(counts(await info(alice, first.id))).toEqual([1, 1]);
    expect(counts(await info(alice, second.id))).toEqual([1, 2]);
    // Another's rows carry no counts, for them or for me.
    const bobsView = (await im('getMessageList', bob, { toContactId: `group-${g}` })).body.data as Row[];
    expect(bobsView.find((r) => r.id === first.id)).not.toHaveProperty('readCount');
    const bobsOwn = await say(bob, g, 'noted');
    const aliceView = (await im('getMessageList', alice, { toContactId: `group-${g}` })).body.data as Row[];
    expect(aliceView.find((r) => r.id === bobsOwn.id)).not.toHaveProperty('readCount');
    expect(counts(aliceView.find((r) => r.id === second.id) ?? {})).toEqual([1, 2]);

    // carol leaves: she no longer counts, read or not.
    expect((await group(s, 'removeUser', carol, { id: g, user_id: carol.id })).body.code).toBe(0);
    expect(counts(await info(alice, first.id))).toEqual([1, 0]);
    expect(counts(await info(alice, second.id))).toEqual([1, 1]);
    expect((await readList(alice, second.id, 'unread')).rows.map((r) => r.displayName)).toEqual(['Dave']);
    const read = await readList(alice, second.id, 'read');
    expect(read.rows).toEqual([
      { user_id: bob.id, displayName: 'Bob', avatar: expect.stringMatching(/^http/), read_time: s.clock.now() },
    ]);
    aliceWs.close();
    bobWs.close();
  });

  it('count a reader once, whichever of their devices reads, and tell every device of the sender', async () => {
    const g = await createGroup(s, alice, [bob, carol]);
    const m = await say(alice, g, 'who has seen this?');
    const bobPhone = await login(s.api, bob.account, bob.password, { terminal: 'mobile' });
    const phone = { ...bob, token: bobPhone.authToken };
    const aliceWeb = await connectSocket(s.url, { token: alice.token });
    const alicePhone = await login(s.api, alice.account, alice.password, { terminal: 'mobile' });
    const alicePhoneWs = await connectSocket(s.url, { token: alicePhone.authToken });
    s.clock.advance(GROUP_READ_PUSH_MS);
    await open(phone, g);
    for (const ws of [aliceWeb, alicePhoneWs]) {
      const ev = await ws.next<Row & { group_id: string }>('groupRead', (d) => d.id === m.id);
      expect(ev.data).toEqual({ group_id: `group-${g}`, id: m.id, readCount: 1, unreadCount: 1 });
    }
    s.clock.advance(GROUP_READ_PUSH_MS);
    await open(bob, g); // the web tab: the mark is already there
    expect(counts(await info(alice, m.id))).toEqual([1, 1]);
    await pushesReached(s, aliceWeb);
    expect(groupReads(aliceWeb, m.id)).toEqual([]);
    aliceWeb.close();
    alicePhoneWs.close();
  });
  it('count a member who left and came back only from the return on', async () => {
    const g = await createGroup(s, alice, [bob, carol]);
    const before = await say(alice, g, 'before carol left');
    expect((await group(s, 'removeUser', carol, { id: g, user_id: carol.id })).body.code).toBe(0);
    expect((await group(s, 'addGroupUser', alice, { id: g, user_ids: [carol.id] })).body.code).toBe(0);
    const after = await say(alice, g, 'after carol came back');
    // Her reading the whole chat now does not make her a reader of what her old membership saw.
    await open(carol, g);
    expect(counts(await info(alice, before.id))).toEqual([0, 1]);
    expect(counts(await info(alice, after.id))).toEqual([1, 1]);
    expect((await readList(alice, before.id, 'unread')).rows.map((r) => r.displayName)).toEqual(['Bob']);
    expect((await readList(alice, before.id, 'read')).count).toBe(0);
  });
});

describe('groupRead pushes', () => {
  it('come at most once a second per message and always end with the last state', async () => {
    const g = await createGroup(s, alice, [bob, carol, dave]);
    const aliceWs = await connectSocket(s.url, { token: alice.token });
    const m = await say(alice, g, 'please confirm');
    s.clock.advance(GROUP_READ_PUSH_MS);
    await open(bob, g);
    const firstPush = await aliceWs.next<Row>('groupRead', (d) => d.id === m.id);
    expect(counts(firstPush.data)).toEqual([1, 2]);
    // Two more reads within the same second: held back, not dropped.
    await open(carol, g);
    await open(dave, g);
    await pushesReached(s, aliceWs);
    expect(groupReads(aliceWs, m.id)).toEqual([]);
    s.clock.advance(GROUP_READ_PUSH_MS - 1);
    await pushesReached(s, aliceWs);
    expect(groupReads(aliceWs, m.id)).toEqual([]);
    s.clock.advance(1);
    const last = await aliceWs.next<Row>('groupRead', (d) => d.id === m.id && d.readCount === 3);
    expect(counts(last.data)).toEqual([3, 0]);
    await pushesReached(s, aliceWs);
    expect(groupReads(aliceWs, m.id)).toEqual([]);
    // Nobody else heard of it.
    const bobWs = await connectSocket(s.url, { token: bob.token });
    await pushesReached(s, bobWs);
    expect(bobWs.frames.filter((f) => f.type === 'groupRead')).toEqual([]);
    aliceWs.close();
    bobWs.close();
  });

  it('cover the newest messages of a catch-up read, and the older rows still count it', async () => {
    const g = await createGroup(s, alice, [bob, carol]);
    const sent: Row[] = [];
    for (let i = 0; i < GROUP_READ_PUSH_ROWS + 5; i++) sent.push(await say(alice, g, `update ${i}`));
    s.clock.advance(GROUP_READ_PUSH_MS);
    const aliceWs = await connectSocket(s.url, { token: alice.token });
    await open(bob, g);
    const newest = sent.at(-1) as Row;
    const first = await aliceWs.next<Row>('groupRead', (d) => d.id === newest.id);
    await pushesReached(s, aliceWs);
    const pushed = [first.data, ...aliceWs.frames.filter((f) => f.type === 'groupRead').map((f) => f.data as Row)];
    expect(pushed.map((d) => d.id).sort()).toEqual(
      sent
        .slice(-GROUP_READ_PUSH_ROWS)
        .map((m) => m.id)
        .sort(),
    );
    // The oldest rows got no push, yet read as read when fetched.
    expect(counts(await info(alice, (sent[0] as Row).id))).toEqual([1, 1]);
    aliceWs.close();
  });

  it('are not sent for messages older than 7 days, whose counts still change', async () => {
    const g = await createGroup(s, alice, [bob, carol]);
    const old = await say(alice, g, 'last week');
    s.clock.advance(8 * 86_400_000);
    const aliceWs = await connectSocket(s.url, { token: alice.token });
    await open(bob, g);
    await pushesReached(s, aliceWs);
    expect(groupReads(aliceWs, old.id)).toEqual([]);
    expect(counts(await info(alice, old.id))).toEqual([1, 1]);
    aliceWs.close();
  });
});

describe('readList', () => {
  it('pages the unread by name and the read newest first, with read times', async () => {
    const more = [];
    for (const [i, name] of ['Zed', 'amy', '陈晨', 'Bea'].entries())
      more.push(await registerAndLogin(s.api, { account: `reader${i}`, realname: name, password: 'reader-pw1' }));
    for (const u of more) await makeFriends(s, alice, u);
    const g = await createGroup(s, alice, [bob, carol, ...more]);
    const m = await say(alice, g, 'the list');
    const unread = await readList(alice, m.id, 'unread', { limit: 4 });
    expect(unread.count).toBe(6);
    // By pinyin: amy, Bea, Bob, chenchen (陈晨), then page 2: Zed, zhangkaluo (张卡罗).
    expect(unread.rows.map((r) => r.displayName)).toEqual(['amy', 'Bea', 'Bob', '陈晨']);
    expect(unread.rows.every((r) => r.read_time === 0)).toBe(true);
    const page2 = await readList(alice, m.id, 'unread', { limit: 4, page: 2 });
    expect(page2.rows.map((r) => r.displayName)).toEqual(['Zed', '张卡罗']);
    s.clock.advance(60_000);
    await open(carol, g);
    const carolAt = s.clock.now();
    s.clock.advance(60_000);
    await open(more[0] as TestUser, g);
    const zedAt = s.clock.now();
    const read = await readList(alice, m.id, 'read');
    expect(read.count).toBe(2);
    expect(read.rows.map((r) => [r.displayName, r.read_time])).toEqual([
      ['Zed', zedAt],
      ['张卡罗', carolAt],
    ]);
    // A later message: carol's read time for the first one stays when she reads again.
    await say(alice, g, 'and another');
    s.clock.advance(60_000);
    await open(carol, g);
    expect((await readList(alice, m.id, 'read')).rows.map((r) => r.read_time)).toEqual([zedAt, carolAt]);
    expect((await readList(alice, m.id, 'unread')).count).toBe(4);
  });

  it('refuses what is not my group message, in both languages', async () => {
    const g = await createGroup(s, alice, [bob, carol]);
    const m = await say(alice, g, 'mine');
    const single = (await send(s, alice, bob.id, 'one to one')).body.data as { id: string };
    for (const [u, id] of [
      [bob, m.id],
      [alice, single.id],
      [alice, uuid()],
    ] as const) {
      const en = await im('readList', u, { id }, 'en');
      expect(en.body).toMatchObject({ code: 400, msg: 'Read receipts are not available for this message', data: '' });
      const zh = await im('readList', u, { id }, 'zh-CN');
      expect(zh.body.msg).toBe('无法查看这条消息的已读情况');
    }
    const bad = await im('readList', alice, { id: m.id, type: 'everyone' });
    expect(bad.body.code).toBe(400);
  });
});

describe('announcements', () => {
  it('keep their read lists for the admin who published them', async () => {
    const aliceWs = await connectSocket(s.url, { token: alice.token });
    const pub = await s.api.post(
      paths.adminPublishNotice,
      { title: 'Office closed Monday', content: 'The office is closed on Monday.' },
      { token: alice.token, lang: 'en' },
    );
    expect(pub.body.code, pub.body.msg).toBe(0);
    const notice = pub.body.data as { id: string; msg_id: number };
    const users = (await s.database.db.selectFrom('users').select('id').where('status', '=', 1).execute()).length;
    const listed = async () => {
      const res = await s.api.post(paths.adminNoticeList, {}, { token: alice.token });
      return (res.body.data as Row[]).find((r) => r.id === notice.id) ?? {};
    };
    expect(counts(await listed())).toEqual([0, users - 1]);
    // Someone who registers afterwards is not counted.
    s.clock.advance(2_000);
    const late = await registerAndLogin(s.api, { account: 'late01', realname: 'Late', password: 'late-pw01' });
    s.clock.advance(GROUP_READ_PUSH_MS);
    await open(bob, 'admin_notice');
    const ev = await aliceWs.next<Row & { group_id: string }>('groupRead', (d) => d.id === notice.id);
    expect(ev.data).toEqual({ group_id: 'admin_notice', id: notice.id, readCount: 1, unreadCount: users - 2 });
    await open(late, 'admin_notice');
    expect(counts(await listed())).toEqual([1, users - 2]);
    expect((await readList(alice, notice.id, 'read')).rows.map((r) => r.displayName)).toEqual(['Bob']);
    // Only the publisher sees them.
    expect((await im('readList', bob, { id: notice.id })).body.code).toBe(400);
    aliceWs.close();
  });
});

describe('the installation switch', () => {
  it('turns counts, pushes and lists off, and back on', async () => {
    const g = await createGroup(s, alice, [bob, carol]);
    const before = await say(alice, g, 'counted');
    await patchConfig(s, 'chatInfo', { readList: 0 });
    const aliceWs = await connectSocket(s.url, { token: alice.token });
    const off = await say(alice, g, 'not counted');
    expect(off).not.toHaveProperty('readCount');
    expect(await info(alice, before.id)).not.toHaveProperty('unreadCount');
    await open(bob, g);
    await pushesReached(s, aliceWs);
    // Only this group's messages: the announcement test's throttled push may still land here.
    expect([...groupReads(aliceWs, before.id), ...groupReads(aliceWs, off.id)]).toEqual([]);
    const denied = await im('readList', alice, { id: before.id }, 'zh-CN');
    expect(denied.body).toMatchObject({ code: 400, msg: '无法查看这条消息的已读情况' });
    const sys = await s.api.post(paths.getSystemInfo, {});
    expect(sys.body.data.chatInfo.readList).toBe(0);
    // The marks kept moving meanwhile: switched back on, the counts are right at once.
    await patchConfig(s, 'chatInfo', { readList: 1 });
    expect(counts(await info(alice, off.id))).toEqual([1, 1]);
    aliceWs.close();
  });
});

describe('my remark names for a whole list of readers', () => {
  it('are the same whether a few people or a long list are named', async () => {
    const card = (await im('getUserInfo', alice, { user_id: bob.id })).body.data as { friend: { friend_id: number } };
    const setRemark = (nickname: string) =>
      s.api.post(
        '/enterprise/friend/setNickname',
        { friend_id: card.friend.friend_id, nickname },
        { token: alice.token },
      );
    expect((await setRemark('Bobby')).body.code).toBe(0);
    // A 2,000-member group's list names more people than one statement should carry as parameters.
    const many = [bob.id, carol.id, ...Array.from({ length: 100 }, (_, i) => 900_000 + i)];
    expect([...(await s.services.contacts.remarksOf(alice.id, many))]).toEqual([[bob.id, 'Bobby']]);
    expect([...(await s.services.contacts.remarksOf(alice.id, [bob.id, carol.id]))]).toEqual([[bob.id, 'Bobby']]);
    expect([...(await s.services.contacts.remarksOf(alice.id, many.slice(1)))]).toEqual([]);
  });
});
