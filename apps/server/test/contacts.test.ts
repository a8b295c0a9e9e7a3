import { beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, connectSockets, type TestUser } from './helpers/index';
import { assertNothing, makeGroup, messageRow, patchConfig, send, serverWithPeople } from './chat-fixtures';

/** PROTOCOL §3: the conversation list, one contact, user search and per-conversation prefs. */

const { s, alice, bob, carol } = await serverWithPeople(['alice-bob']);
let gid: number;

beforeAll(async () => {
  gid = await makeGroup(s, alice, [bob], {}, '研发组');
});

const post = (path: string, u: TestUser, body: Record<string, unknown> = {}, form = false) =>
  s.api.post(`/enterprise/im/${path}`, body, { token: u.token, lang: 'en', form });
type C = Record<string, unknown> & { id: number | string };
const contacts = async (u: TestUser, form = false) => {
  const res = await post('getContacts', u, {}, form);
  expect(res.body.code, res.body.msg).toBe(0);
  return {
    ...res.body,
    list: res.body.data as C[],
    byId: (id: number | string) => (res.body.data as C[]).find((c) => c.id === id),
  };
};

describe('getContacts', () => {
  it('lists my contact set, my groups, announcements and favourites with every field', async () => {
    const now = s.clock.now();
    const { list, byId, count, page } = await contacts(bob);
    expect(list.map((c) => c.id)).toEqual([alice.id, `group-${gid}`, 'admin_notice', -1]);
    expect(byId(alice.id)).toEqual({
      id: alice.id,
      is_group: 0,
      displayName: 'Alice',
      avatar: `${s.url}/static/img/avatar.png`,
      lastContent: '',
      type: '',
      lastSendTime: now,
      unread: 0,
      is_top: 0,
      is_notice: 1,
      is_at: 0,
      is_online: 0,
      index: 'A',
      setting: [],
      user_id: alice.id,
      realname: 'Alice',
      account: 'alice',
      name_py: 'alice',
      email: '',
      dep_id: 0,
      dep_name: '',
      position: '',
      location: 'Unknown',
      last_login_ip: expect.any(String),
    });
    expect(byId(`group-${gid}`)).toMatchObject({
      is_group: 1,
      displayName: '研发组',
      avatar: `${s.url}/static/img/group.png`,
      is_online: 1,
      index: '[2]Group chat',
      setting: { manage: '0', invite: '1', profile: '0', history: '0', nospeak: '0' },
      group_id: `group-${gid}`,
      owner_id: alice.id,
      role: 3,
      realname: '研发组',
      account: `group-${gid}`,
      unread: 0,
      is_at: 0,
    });
    expect(byId('admin_notice')).toMatchObject({
      is_group: 2,
      displayName: 'System notices',
      avatar: `${s.url}/static/common/img/notice.png`,
      lastContent: '0 announcements',
      type: 'text',
      index: '[1]System messages',
      unread: 0,
      is_top: 0,
      is_notice: 1,
    });
    expect(byId(-1)).toMatchObject({
      is_group: 3,
      displayName: 'My favourites',
      lastContent: 'Send files to yourself',
      avatar: `${s.url}/static/common/img/file_transfer.png`,
    });
    expect({ count, page }).toEqual({ count: 0, page: 0 });
  });

  it('counts pending friend requests in count and page', async () => {
    const t = Math.floor(s.clock.now() / 1000);
    await s.database.db
      .insertInto('friends')
      .values({
        create_user: carol.id,
        friend_user_id: bob.id,
        status: 2,
        is_invite: 1,
        remark: 'hi',
        nickname: '',
        create_time: t,
        update_time: t,
      })
      .execute();
    const { count, page } = await contacts(bob, true);
    expect({ count, page }).toEqual({ count: 1, page: t * 1000 });
    await s.database.db.deleteFrom('friends').where('create_user', '=', carol.id).execute();
  });

  it('shows unread, mentions, last content and presence', async () => {
    const bWs = await connectSocket(s.url, { token: bob.token });
    s.clock.advance(1000);
    await send(s, alice, bob.id, 'one');
    const last = await send(s, alice, bob.id, 'two');
    await send(s, alice, `group-${gid}`, 'hey @bob', { at: [bob.id] });
    await send(s, alice, `group-${gid}`, 'plain');
    await send(s, bob, `group-${gid}`, 'mine do not count');
    const { byId } = await contacts(bob);
    expect(byId(alice.id)).toMatchObject({
      lastContent: 'two',
      type: 'text',
      lastSendTime: last.body.data.sendTime,
      unread: 2,
    });
    expect(byId(`group-${gid}`)).toMatchObject({ lastContent: 'mine do not count', unread: 2, is_at: 1 });
    const forAlice = await contacts(alice);
    expect(forAlice.byId(bob.id)).toMatchObject({ is_online: 1, unread: 0 });
    await patchConfig(s, 'chatInfo', { online: 0 });
    expect((await contacts(alice)).byId(bob.id)?.is_online).toBe(0);
    await patchConfig(s, 'chatInfo', { online: 1 });
    await post('setMsgIsRead', bob, { toContactId: alice.id });
    await post('setMsgIsRead', bob, { toContactId: `group-${gid}` });
    await post('readAtMsg', bob, { toContactId: `group-${gid}` });
    const after = await contacts(bob);
    expect(after.byId(alice.id)?.unread).toBe(0);
    expect(after.byId(`group-${gid}`)).toMatchObject({ unread: 0, is_at: 0 });
    bWs.close();
  });

  it('stores pin and notify prefs and tells my connections only', async () => {
    const [bWs, aWs] = await connectSockets(s.url, [bob, alice]);
    expect((await post('setChatTop', bob, { id: alice.id, is_top: 1, is_group: 0 })).body.code).toBe(0);
    expect((await bWs.next('setChatTop')).data).toEqual({ id: alice.id, is_top: 1, is_group: 0 });
    expect((await post('isNotice', bob, { id: `group-${gid}`, is_notice: '0', is_group: '1' }, true)).body.code).toBe(
      0,
    );
    expect((await bWs.next('setIsNotice')).data).toEqual({ id: `group-${gid}`, is_notice: 0, is_group: 1 });
    await assertNothing(s, aWs, 'setChatTop');
    await assertNothing(s, aWs, 'setIsNotice');
    const { byId } = await contacts(bob);
    expect(byId(alice.id)).toMatchObject({ is_top: 1, is_notice: 1 });
    expect(byId(`group-${gid}`)).toMatchObject({ is_top: 0, is_notice: 0 });
    expect((await contacts(alice)).byId(bob.id)).toMatchObject({ is_top: 0 });
    expect((await post('setChatTop', bob, { id: 'group-9999', is_top: 1 })).body.code).toBe(400);
    expect((await post('setChatTop', bob, { id: alice.id })).body.msg).toBe('Invalid parameter: is_top');
    bWs.close();
    aWs.close();
  });

  it('delChat hides a conversation for me until a newer message', async () => {
    await send(s, alice, bob.id, 'before hiding');
    expect((await post('delChat', bob, { id: alice.id, is_group: 0 })).body.code).toBe(0);
    expect((await post('delChat', bob, { id: `group-${gid}` }, true)).body.code).toBe(0);
    let c = await contacts(bob);
    expect(c.byId(alice.id)).toMatchObject({ lastContent: '', unread: 0 });
    expect(c.byId(`group-${gid}`)).toMatchObject({ lastContent: '', unread: 0 });
    expect((await contacts(alice)).byId(bob.id)?.lastContent).toBe('before hiding');
    // Messages are kept.
    expect((await post('getMessageList', bob, { toContactId: alice.id, type: 'all' })).body.count).toBeGreaterThan(0);
    await send(s, alice, bob.id, 'after hiding');
    c = await contacts(bob);
    expect(c.byId(alice.id)).toMatchObject({ lastContent: 'after hiding', unread: 1 });
  });
});

describe('getContactInfo and search', () => {
  it('answers one conversation as a contact', async () => {
    expect((await post('getContactInfo', bob, { id: alice.id })).body.data).toMatchObject({
      id: alice.id,
      is_group: 0,
      account: 'alice',
    });
    expect((await post('getContactInfo', bob, { id: `group-${gid}` }, true)).body.data).toMatchObject({
      id: `group-${gid}`,
      role: 3,
    });
    expect((await post('getContactInfo', alice, { id: `group-${gid}` })).body.data).toMatchObject({ role: 1 });
    expect((await post('getContactInfo', bob, { id: -1 })).body.data).toMatchObject({ id: -1, is_group: 3 });
    expect((await post('getContactInfo', bob, { id: 'admin_notice' })).body.data).toMatchObject({
      id: 'admin_notice',
      is_group: 2,
    });
    // Any active user, masked outside my contact set.
    expect((await post('getContactInfo', carol, { id: bob.id })).body.data).toMatchObject({
      id: bob.id,
      account: 'bob******01',
      email: '',
    });
    expect((await post('getContactInfo', carol, { id: 99999 })).body).toMatchObject({
      code: 400,
      msg: 'Contact does not exist',
    });
    expect((await post('getContactInfo', carol, { id: `group-${gid}` })).body).toMatchObject({
      code: 400,
      msg: 'You are not a member of this group',
    });
    expect((await post('getContactInfo', carol, {})).body.msg).toBe('Invalid parameter: id');
  });

  it('getUserInfo reports real presence and the contact set', async () => {
    const aWs = await connectSocket(s.url, { token: alice.token });
    const card = (await post('getUserInfo', bob, { user_id: alice.id })).body.data;
    expect(card).toMatchObject({ is_online: 1, account: 'alice', friend: { nickname: '', status: 1, is_notice: 1 } });
    expect((await post('getUserInfo', carol, { user_id: alice.id })).body.data).toMatchObject({
      account: 'ali******ce',
      friend: '',
    });
    aWs.close();
  });

  it('searchUser matches the exact account, never me', async () => {
    expect((await post('searchUser', carol, { keywords: 'bob01' })).body.data).toMatchObject([
      { id: bob.id, account: 'bob01' },
    ]);
    expect((await post('searchUser', carol, { keywords: 'bob' }, true)).body.data).toEqual([]);
    expect((await post('searchUser', carol, { keywords: 'carol' })).body.data).toEqual([]);
    expect((await post('searchUser', carol, {})).body.data).toEqual([]);
  });

  it('userList pages my contact set with keywords', async () => {
    expect((await post('userList', bob, {})).body).toMatchObject({
      count: 1,
      data: [{ id: alice.id, user_id: alice.id, realname: 'Alice', displayName: 'Alice' }],
    });
    expect((await post('userList', carol, {})).body).toMatchObject({ count: 0, data: [] });
    await patchConfig(s, 'sysInfo', { runMode: 1 });
    const all = await post('userList', carol, { keywords: 'B', limit: 1 }, true);
    expect(all.body).toMatchObject({ count: 1, page: 1, data: [{ id: bob.id }] });
    const paged = await post('userList', carol, { limit: 1, page: 2 });
    expect(paged.body).toMatchObject({ count: 2, page: 2, data: [{ id: bob.id }] });
    await patchConfig(s, 'sysInfo', { runMode: 2 });
  });
});

describe('getAdminNotice', () => {
  it('is empty without announcements, else the newest one', async () => {
    expect((await post('getAdminNotice', bob)).body.data).toEqual({ title: '', notice: '', create_time: 0 });
    const db = s.database.db;
    const row = await db
      .insertInto('messages')
      .values(
        messageRow({
          chat_identify: 'admin_notice',
          from_user: alice.id,
          to_user: 0,
          is_group: 2,
          content: '<h4>T</h4><p>N</p>',
          extends: JSON.stringify({ title: 'T', notice: 'N' }),
          send_time_ms: 1_700_000_000_000,
        }),
      )
      .returning('msg_id')
      .executeTakeFirstOrThrow();
    await db.insertInto('chats').values({ chat_identify: 'admin_notice', last_msg_id: row.msg_id }).execute();
    expect((await post('getAdminNotice', bob)).body.data).toEqual({
      title: 'T',
      notice: 'N',
      create_time: 1_700_000_000,
    });
    expect((await contacts(carol)).byId('admin_notice')).toMatchObject({
      lastContent: '1 announcements',
      lastSendTime: 1_700_000_000_000,
    });
    expect((await send(s, bob, 'admin_notice', 'reply?')).body.msg).toBe('System conversations are read-only');
  });
});
