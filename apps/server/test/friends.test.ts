import { beforeAll, describe, expect, it } from 'vitest';
import {
  connectSocket,
  connectSockets,
  registerAndLogin,
  seedPeople,
  startTestServer,
  type TestUser,
} from './helpers/index';
import { assertNothing, makeFriends, patchConfig, send, serverWithPeople } from './chat-fixtures';

/**
 * PROTOCOL §7: requests, answers, removal and remark names, with their pushes. alice is a
 * system admin (she may message anyone), so the friendship journeys use ordinary users.
 */

const { s, alice, bob, carol } = await serverWithPeople();
let dave: TestUser;
let erin: TestUser;

beforeAll(async () => {
  dave = await registerAndLogin(s.api, { account: 'dave01', realname: 'Dave', password: 'dave-pw1' });
  erin = await registerAndLogin(s.api, { account: 'erin01', realname: 'Erin', password: 'erin-pw1' });
});

const friend = (action: string, u: TestUser, body: Record<string, unknown> = {}, form = false, lang = 'en') =>
  s.api.post(`/enterprise/friend/${action}`, body, { token: u.token, lang, form });
const im = (action: string, u: TestUser, body: Record<string, unknown> = {}) =>
  s.api.post(`/enterprise/im/${action}`, body, { token: u.token, lang: 'en' });
type Row = { friend_id: number; create_user: number; friend_user_id: number; status: number };
/** The request row from `from` among those `to` received (fails the test when absent). */
const requestFrom = async (to: TestUser, from: TestUser): Promise<Row> => {
  const row = (await requestsTo(to)).data.find((r) => r.create_user === from.id);
  if (!row) throw new Error(`no request from ${from.account} to ${to.account}`);
  return row;
};
const requestsTo = async (u: TestUser, isMine: 0 | 1 = 0) => {
  const res = await friend('index', u, { is_mine: isMine });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body as { data: Row[]; count: number; page: number };
};
const contactIds = async (u: TestUser) => {
  const res = await im('getContacts', u);
  return { ids: (res.body.data as Array<{ id: number | string }>).map((c) => c.id), count: res.body.count as number };
};

describe('a friendship in runMode 2, end to end', () => {
  it('request → count → accept → both listed and chatting → delete → both dropped', async () => {
    const [bWs, cWs, dWs] = await connectSockets(s.url, [bob, carol, dave]);
    expect((await send(s, bob, carol.id, 'too early')).body.msg).toBe('They have not added you as a friend');

    const t0 = s.clock.now();
    expect((await friend('add', bob, { user_id: carol.id, remark: 'Hi Carol, Bob here' })).body).toMatchObject({
      code: 0,
      data: '',
    });
    const push = await cWs.next<Record<string, unknown>>('simple');
    expect(push.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      type: 'event',
      toContactId: 'system',
      is_group: 2,
      content: 'wants to add you as a friend',
      status: 'succeed',
      sendTime: t0,
      at: [],
      fileSize: 0,
      fileName: '',
      fromUser: { id: 'system', displayName: 'New friend', avatar: '' },
    });
    await assertNothing(s, bWs, 'simple');
    await assertNothing(s, dWs, 'simple');

    expect(await contactIds(carol)).toMatchObject({ count: 1 });
    expect((await friend('getApplyMsg', carol)).body).toMatchObject({ code: 0, data: 1 });
    const received = await requestsTo(carol);
    expect(received.count).toBe(1);
    expect(received.data[0]).toEqual({
      friend_id: expect.any(Number),
      create_user: bob.id,
      friend_user_id: carol.id,
      status: 2,
      remark: 'Hi Carol, Bob here',
      create_time: Math.floor(t0 / 1000),
      is_group: 0,
      create_user_info: {
        id: bob.id,
        user_id: bob.id,
        realname: 'Bob',
        displayName: 'Bob',
        account: 'bob******01',
        avatar: `${s.url}/static/img/avatar.png`,
        name_py: 'bob',
      },
      user_id_info: expect.objectContaining({
        id: carol.id,
        account: 'carol',
        displayName: '张卡罗',
        name_py: 'zhangkaluo',
      }),
    });
    expect((await requestsTo(bob, 1)).data.map((r) => r.friend_user_id)).toEqual([carol.id]);
    expect((await friend('add', bob, { user_id: carol.id })).body).toMatchObject({ code: 400, msg: 'Request pending' });

    const friendId = received.data[0]?.friend_id;
    expect((await friend('update', carol, { friend_id: String(friendId), status: '1' }, true)).body).toMatchObject({
      code: 0,
    });
    const [toBob, toCarol] = await Promise.all([
      bWs.next<Record<string, unknown>>('appendContact'),
      cWs.next<Record<string, unknown>>('appendContact'),
    ]);
    expect(toBob.data).toMatchObject({
      id: carol.id,
      is_group: 0,
      displayName: '张卡罗',
      lastContent: 'You are now friends. Say hello!',
      type: 'event',
      account: 'carol',
    });
    expect(toCarol.data).toMatchObject({
      id: bob.id,
      is_group: 0,
      displayName: 'Bob',
      lastContent: 'You are now friends. Say hello!',
      type: 'event',
      account: 'bob01',
    });
    await assertNothing(s, dWs, 'appendContact');

    expect(await contactIds(bob)).toMatchObject({ ids: expect.arrayContaining([carol.id]) });
    expect(await contactIds(carol)).toMatchObject({ ids: expect.arrayContaining([bob.id]), count: 0 });
    expect((await requestsTo(bob, 1)).data[0]).toMatchObject({ status: 1, create_user_info: { account: 'bob01' } });
    expect((await send(s, bob, carol.id, 'hello friend')).body.code).toBe(0);
    expect((await send(s, carol, bob.id, 'hello back')).body.code).toBe(0);
    expect((await friend('update', carol, { friend_id: friendId, status: 1 })).body.msg).toBe('Request not found');
    expect((await friend('add', carol, { user_id: bob.id })).body.msg).toBe('Already friends');

    expect((await friend('del', bob, { id: String(carol.id) }, true)).body).toMatchObject({ code: 0 });
    expect((await cWs.next('removeGroup')).data).toEqual({ group_id: bob.id });
    expect((await bWs.next('removeGroup')).data).toEqual({ group_id: carol.id });
    await assertNothing(s, dWs, 'removeGroup');
    expect((await contactIds(bob)).ids).not.toContain(carol.id);
    expect((await contactIds(carol)).ids).not.toContain(bob.id);
    expect((await send(s, carol, bob.id, 'still there?')).body.msg).toBe('They have not added you as a friend');
    expect((await friend('del', bob, { id: carol.id })).body).toMatchObject({ code: 400, msg: 'Not in your friends' });
    for (const ws of [bWs, cWs, dWs]) ws.close();
  });
});

describe('add', () => {
  it('refuses myself, unknown people, long texts and missing targets', async () => {
    expect((await friend('add', bob, { user_id: bob.id })).body).toMatchObject({
      code: 400,
      msg: 'You cannot add yourself',
    });
    expect((await friend('add', bob, { user_id: 99999 }, true)).body).toMatchObject({
      code: 400,
      msg: 'Contact does not exist',
    });
    expect((await friend('add', bob, { user_id: dave.id, remark: 'x'.repeat(101) })).body.msg).toBe(
      'Invalid parameter: remark',
    );
    expect((await friend('add', bob, {})).body.msg).toBe('Invalid parameter: user_id');
    expect((await friend('add', bob, { user_id: 'abc' }, true)).body.msg).toBe('Invalid parameter: user_id');
    expect((await requestsTo(dave)).count).toBe(0);
  });

  it('keeps ordinary users within friend_limit (0 = unlimited)', async () => {
    await makeFriends(s, dave, erin);
    await s.database.db.updateTable('users').set({ friend_limit: 1 }).where('id', '=', dave.id).execute();
    s.services.users.invalidate(dave.id);
    expect((await friend('add', dave, { user_id: bob.id })).body).toMatchObject({
      code: 400,
      msg: 'Friend limit reached',
    });
    await s.database.db.updateTable('users').set({ friend_limit: 0 }).where('id', '=', dave.id).execute();
    s.services.users.invalidate(dave.id);
    await friend('del', dave, { id: erin.id });
  });

  it('writes the request text in the requester language', async () => {
    const eWs = await connectSocket(s.url, { token: erin.token });
    expect((await friend('add', dave, { user_id: erin.id }, false, 'zh-CN')).body).toMatchObject({ code: 0, msg: '' });
    expect((await eWs.next('simple')).data).toMatchObject({
      content: '请求添加你为好友',
      fromUser: { id: 'system', displayName: '新朋友', avatar: '' },
    });
    eWs.close();
  });

  it('starts the friendship at once when the target already lists me', async () => {
    const t = Math.floor(s.clock.now() / 1000);
    await s.database.db
      .insertInto('friends')
      .values({
        create_user: carol.id,
        friend_user_id: erin.id,
        status: 1,
        is_invite: 0,
        remark: '',
        nickname: '',
        create_time: t,
        update_time: t,
      })
      .execute();
    const [cWs, eWs] = await connectSockets(s.url, [carol, erin]);
    expect((await friend('add', erin, { user_id: carol.id })).body.code).toBe(0);
    expect((await eWs.next('appendContact')).data).toMatchObject({ id: carol.id });
    expect((await cWs.next('appendContact')).data).toMatchObject({ id: erin.id });
    await assertNothing(s, cWs, 'simple');
    expect((await send(s, erin, carol.id, 'friends already')).body.code).toBe(0);
    await friend('del', carol, { id: erin.id });
    cWs.close();
    eWs.close();
  });
});

describe('update', () => {
  it('refuses a request: no friendship, nothing pushed, and a new request may follow', async () => {
    const [bWs, dWs] = await connectSockets(s.url, [bob, dave]);
    await friend('add', dave, { user_id: bob.id, remark: 'first try' });
    await bWs.next('simple');
    const row = await requestFrom(bob, dave);
    expect((await friend('update', bob, { friend_id: row.friend_id, status: 0 })).body.code).toBe(0);
    await assertNothing(s, dWs, 'appendContact');
    await assertNothing(s, bWs, 'appendContact');
    expect((await requestsTo(dave, 1)).data.find((r) => r.friend_user_id === bob.id)).toMatchObject({ status: 0 });
    expect((await contactIds(bob)).count).toBe(0);
    expect((await send(s, dave, bob.id, 'please?')).body.code).toBe(400);

    s.clock.advance(1000);
    expect((await friend('add', dave, { user_id: bob.id, remark: 'second try' })).body.code).toBe(0);
    const again = (await requestsTo(bob)).data.find((r) => r.create_user === dave.id);
    expect(again).toMatchObject({ status: 2, remark: 'second try', create_time: Math.floor(s.clock.now() / 1000) });
    expect((await contactIds(bob)).count).toBe(1);
    bWs.close();
    dWs.close();
  });

  it('only answers pending requests addressed to me, with a valid status', async () => {
    const row = await requestFrom(bob, dave);
    expect((await friend('update', carol, { friend_id: row.friend_id, status: 1 })).body).toMatchObject({
      code: 400,
      msg: 'Request not found',
    });
    expect((await friend('update', dave, { friend_id: row.friend_id, status: 1 })).body.msg).toBe('Request not found');
    expect((await friend('update', bob, { friend_id: 99999, status: 1 })).body.msg).toBe('Request not found');
    expect((await friend('update', bob, { friend_id: row.friend_id, status: 5 })).body.msg).toBe(
      'Invalid parameter: status',
    );
    expect((await friend('update', bob, { friend_id: row.friend_id })).body.msg).toBe('Invalid parameter: status');
    expect((await friend('update', bob, { status: 1 })).body.msg).toBe('Invalid parameter: friend_id');
    expect((await friend('update', bob, { friend_id: row.friend_id, status: 1 })).body.code).toBe(0);
    expect((await friend('getApplyMsg', bob)).body.data).toBe(0);
  });
});

describe('setNickname', () => {
  it('sets my remark name, shown wherever I see that person', async () => {
    const card = (await im('getUserInfo', bob, { user_id: dave.id })).body.data;
    expect(card.friend).toMatchObject({ nickname: '', status: 1 });
    expect(
      (await friend('setNickname', bob, { friend_id: card.friend.friend_id, nickname: ' Davey ' }, true)).body.code,
    ).toBe(0);
    expect((await im('getUserInfo', bob, { user_id: dave.id })).body.data).toMatchObject({
      displayName: 'Davey',
      friend: { nickname: 'Davey' },
    });
    const list = (await im('getContacts', bob)).body.data as Array<{ id: number; displayName: string; index: string }>;
    expect(list.find((c) => c.id === dave.id)).toMatchObject({ displayName: 'Davey', index: 'D' });
    expect((await im('userList', bob)).body.data).toContainEqual(
      expect.objectContaining({ id: dave.id, displayName: 'Davey' }),
    );
    const bWs = await connectSocket(s.url, { token: bob.token });
    await send(s, dave, bob.id, 'who am I?');
    expect((await bWs.next<{ fromUser: { displayName: string } }>('simple')).data.fromUser.displayName).toBe('Davey');
    // Dave still sees his own name for himself, and his view of bob is untouched.
    expect((await im('getUserInfo', dave, { user_id: bob.id })).body.data.displayName).toBe('Bob');
    bWs.close();
  });

  it('tells every device of mine, and nobody else, the name I gave', async () => {
    const [phone, laptop, davesWs] = await connectSockets(s.url, [bob, bob, dave]);
    const friendId = (await im('getUserInfo', bob, { user_id: dave.id })).body.data.friend.friend_id as number;
    expect((await friend('setNickname', bob, { friend_id: friendId, nickname: ' Dave at work ' })).body.code).toBe(0);
    for (const ws of [phone, laptop])
      expect((await ws.next('setNickname')).data).toEqual({
        friend_id: friendId,
        user_id: dave.id,
        nickname: 'Dave at work',
      });
    await assertNothing(s, davesWs, 'setNickname');
    // A refused change tells nobody.
    expect((await friend('setNickname', bob, { friend_id: friendId, nickname: '' })).body.code).toBe(400);
    await assertNothing(s, phone, 'setNickname');
    expect((await friend('setNickname', bob, { friend_id: friendId, nickname: 'Davey' })).body.code).toBe(0);
    expect((await phone.next('setNickname')).data).toMatchObject({ nickname: 'Davey' });
    for (const ws of [phone, laptop, davesWs]) ws.close();
  });

  it('refuses other people’s rows and names outside 1–32 characters', async () => {
    const mine = (await im('getUserInfo', bob, { user_id: dave.id })).body.data.friend.friend_id as number;
    expect((await friend('setNickname', dave, { friend_id: mine, nickname: 'Bobby' })).body).toMatchObject({
      code: 400,
      msg: 'Not in your friends',
    });
    expect((await friend('setNickname', bob, { friend_id: mine, nickname: '' })).body.msg).toBe(
      'Invalid parameter: nickname',
    );
    expect((await friend('setNickname', bob, { friend_id: mine, nickname: 'n'.repeat(33) })).body.msg).toBe(
      'Invalid parameter: nickname',
    );
    expect((await im('getUserInfo', bob, { user_id: dave.id })).body.data.displayName).toBe('Davey');
  });
});

describe('index paging', () => {
  it('lists newest first with count and page', async () => {
    const t = Math.floor(s.clock.now() / 1000);
    const rows = [carol, dave, erin].map((u, i) => ({
      create_user: u.id,
      friend_user_id: alice.id,
      status: 2,
      is_invite: 1,
      remark: `r${i}`,
      nickname: '',
      create_time: t + i,
      update_time: t + i,
    }));
    await s.database.db.insertInto('friends').values(rows).execute();
    const page1 = await friend('index', alice, { page: 1, limit: 2 });
    expect(page1.body).toMatchObject({ code: 0, count: 3, page: 1 });
    expect(page1.body.data.map((r: Row) => r.create_user)).toEqual([erin.id, dave.id]);
    // alice is a system admin: she sees full accounts of strangers.
    expect(page1.body.data[0].create_user_info.account).toBe('erin01');
    const page2 = await friend('index', alice, { page: '2', limit: '2', is_mine: '0' }, true);
    expect(page2.body).toMatchObject({ count: 3, page: 2 });
    expect(page2.body.data.map((r: Row) => r.create_user)).toEqual([carol.id]);
    expect((await friend('index', alice, { is_mine: 1 })).body).toMatchObject({ count: 0, data: [] });
  });
});

describe('runMode 1 (enterprise)', () => {
  it('still takes requests and answers; everyone stays a contact', async () => {
    await patchConfig(s, 'sysInfo', { runMode: 1 });
    try {
      const cWs = await connectSocket(s.url, { token: carol.token });
      expect((await send(s, erin, carol.id, 'no friendship needed')).body.code).toBe(0);
      expect((await friend('add', erin, { user_id: carol.id })).body.code).toBe(0);
      await cWs.next('simple', (d: { toContactId: string }) => d.toContactId === 'system');
      const row = await requestFrom(carol, erin);
      expect((await friend('update', carol, { friend_id: row.friend_id, status: 1 })).body.code).toBe(0);
      expect((await cWs.next('appendContact')).data).toMatchObject({ id: erin.id });
      expect((await contactIds(carol)).ids).toEqual(expect.arrayContaining([alice.id, bob.id, dave.id, erin.id]));
      cWs.close();
    } finally {
      await patchConfig(s, 'sysInfo', { runMode: 2 });
    }
  });
});

describe('two nodes over Redis', () => {
  it('delivers a request made on node A to its target on node B', async () => {
    const a = await startTestServer({ fanout: 'redis' });
    const b = await startTestServer({ sameDatabaseAs: a });
    try {
      const { bob: b1, carol: c1 } = await seedPeople(a.api);
      const onB = await connectSocket(b.url, { token: c1.token });
      const res = await a.api.post('/enterprise/friend/add', { user_id: c1.id }, { token: b1.token, lang: 'en' });
      expect(res.body.code, res.body.msg).toBe(0);
      expect((await onB.next('simple')).data).toMatchObject({
        toContactId: 'system',
        content: 'wants to add you as a friend',
      });
      onB.close();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
