import { beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, connectSockets, type TestUser } from './helpers/index';
import { assertNothing, send, serverWithPeople } from './chat-fixtures';
import { befriendAll, createGroup, expectFail, group, seedDave } from './group-fixtures';

/** PROTOCOL §6 management actions, §3.2 updateCard, and what members see afterwards. */

const { s, alice, bob, carol } = await serverWithPeople();
let dave: TestUser;
let id: number;
let gid: string;

beforeAll(async () => {
  dave = await seedDave(s);
  await befriendAll(s, alice, bob, carol, dave);
});

async function fresh(): Promise<void> {
  id = await createGroup(s, alice, [bob, carol]);
  gid = `group-${id}`;
  expect((await group(s, 'setManager', alice, { id, user_id: bob.id, role: 2 })).body.code).toBe(0);
}

describe('setManager and setNoSpeak', () => {
  it('checks the owner, the roles and the timer values', async () => {
    await fresh();
    await expectFail(group(s, 'setManager', bob, { id, user_id: carol.id, role: 2 }), 'Only the owner can do this');
    await expectFail(group(s, 'setManager', alice, { id, user_id: carol.id, role: 5 }), 'Invalid parameter: role');
    await expectFail(
      group(s, 'setManager', alice, { id, user_id: alice.id, role: 2 }),
      'You are not allowed to do this',
    );
    await expectFail(
      group(s, 'setManager', dave, { id, user_id: carol.id, role: 2 }),
      'You are not a member of this group',
    );
    await expectFail(group(s, 'setManager', alice, { id: 99999, user_id: carol.id, role: 2 }), 'Group not found');

    await expectFail(
      group(s, 'setNoSpeak', carol, { id, user_id: bob.id, noSpeakTimer: 1 }),
      'Only the owner and managers can do this',
    );
    await expectFail(
      group(s, 'setNoSpeak', bob, { id, user_id: alice.id, noSpeakTimer: 1 }),
      'You are not allowed to do this',
    );
    await expectFail(
      group(s, 'setNoSpeak', bob, { id, user_id: carol.id, noSpeakTimer: 7 }),
      'Invalid parameter: noSpeakTimer',
    );
    await expectFail(
      group(s, 'setNoSpeak', bob, { id, user_id: carol.id, noSpeakTimer: 0, noSpeakDay: 400 }),
      'Invalid parameter: noSpeakDay',
    );
    const cWs = await connectSocket(s.url, { token: carol.token });
    expect(
      (await group(s, 'setNoSpeak', bob, { id: gid, user_id: carol.id, noSpeakTimer: '0', noSpeakDay: '2' }, true)).body
        .code,
    ).toBe(0);
    const now = Math.floor(s.clock.now() / 1000);
    expect((await cWs.next('setNoSpeak')).data).toEqual({
      group_id: gid,
      user_id: carol.id,
      no_speak_time: now + 2 * 86400,
    });
    expect(
      (await group(s, 'setNoSpeak', bob, { id, user_id: carol.id, noSpeakTimer: 0, noSpeakDay: 0 })).body.code,
    ).toBe(0);
    expect((await cWs.next('setNoSpeak')).data).toEqual({ group_id: gid, user_id: carol.id, no_speak_time: 0 });
    expect((await send(s, carol, gid, 'unmuted')).body.code).toBe(0);
    cWs.close();
  });
});

describe('setNotice', () => {
  it('saves a sanitised notice and announces it to everyone with an @all mention', async () => {
    await fresh();
    await expectFail(group(s, 'setNotice', carol, { id, notice: 'mine' }), 'Only the owner and managers can do this');
    await expectFail(group(s, 'setNotice', alice, { id, notice: '<p></p>' }), 'Invalid parameter: notice');
    await expectFail(
      group(s, 'setNotice', alice, { id, notice: 'x'.repeat(2049) }),
      'Messages are limited to 2048 characters',
    );
    const [cWs, dWs] = await connectSockets(s.url, [carol, dave]);
    const res = await group(s, 'setNotice', bob, { id: gid, notice: 'Ship <b>Friday</b><script>x()</script>' }, true);
    expect(res.body.code, res.body.msg).toBe(0);
    expect((await cWs.next('setNotice')).data).toEqual({ group_id: gid, notice: 'Ship <b>Friday</b>' });
    const msg = await cWs.next<{ type: string; content: string; at: number[]; from_user: number }>('group');
    expect(msg.data).toMatchObject({
      type: 'text',
      content: 'Group notice: @all Ship <b>Friday</b>',
      from_user: bob.id,
    });
    expect([...msg.data.at].sort()).toEqual([alice.id, carol.id].sort());
    await assertNothing(s, dWs, 'setNotice');
    const info = await group(s, 'groupInfo', carol, { group_id: gid });
    expect(info.body.data.notice).toBe('Ship <b>Friday</b>');
    cWs.close();
    dWs.close();
  });
});

describe('groupSetting', () => {
  it('is for the owner, keeps only known keys and allowed values, as strings', async () => {
    await fresh();
    await expectFail(group(s, 'groupSetting', bob, { id, setting: { invite: '0' } }), 'Only the owner can do this');
    await expectFail(
      group(s, 'groupSetting', alice, { id, setting: { nospeak: '3' } }),
      'Invalid parameter: setting.nospeak',
    );
    const res = await group(s, 'groupSetting', alice, { id, setting: { invite: 0, history: true, colour: 'red' } });
    expect(res.body.code, res.body.msg).toBe(0);
    const info = await group(s, 'groupInfo', bob, { group_id: id });
    expect(info.body.data.setting).toEqual({ manage: '0', invite: '0', profile: '0', history: '1', nospeak: '0' });

    // nospeak "2": only the owner speaks, managers included in the silence.
    expect((await group(s, 'groupSetting', alice, { id, setting: { nospeak: 2 } })).body.code).toBe(0);
    await expectFail(
      send(s, bob, gid, 'manager here'),
      'The group has enabled mute mode and cannot send messages',
      401,
    );
    expect((await send(s, alice, gid, 'owner here')).body.code).toBe(0);
  });
});

describe('changeOwner, clearMessage, removeGroup', () => {
  it('hands the group over, clears it and disbands it', async () => {
    await fresh();
    expect((await send(s, carol, gid, 'before clearing')).body.code).toBe(0);
    await expectFail(group(s, 'changeOwner', bob, { id, user_id: carol.id }), 'Only the owner can do this');
    await expectFail(group(s, 'changeOwner', alice, { id, user_id: dave.id }), 'Not found');
    const [bWs, cWs, dWs] = await connectSockets(s.url, [bob, carol, dave]);
    expect((await group(s, 'changeOwner', alice, { id, user_id: bob.id }, true)).body.code).toBe(0);
    expect((await cWs.next('changeOwner')).data).toEqual({ group_id: gid, user_id: bob.id });
    const list = await group(s, 'groupUserList', alice, { group_id: id });
    expect(list.body.data.map((m: { user_id: number; role: number }) => [m.user_id, m.role])).toEqual([
      [bob.id, 1],
      [alice.id, 3],
      [carol.id, 3],
    ]);

    await expectFail(group(s, 'clearMessage', carol, { id }), 'Only the owner can do this');
    const cleared = await group(s, 'clearMessage', alice, { id }, true); // alice is a system administrator
    expect(cleared.body).toMatchObject({ code: 0, msg: 'Cleared successfully' });
    expect((await cWs.next('clearMessage')).data).toEqual({ group_id: gid });
    const rows = await s.api.post('/enterprise/im/getMessageList', { toContactId: gid }, { token: carol.token });
    expect(rows.body.data).toEqual([]);

    await expectFail(group(s, 'removeGroup', alice, { id }), 'Only the owner can do this');
    expect((await group(s, 'removeGroup', bob, { id: gid }, true)).body.code).toBe(0);
    expect((await cWs.next('removeGroup')).data).toEqual({ group_id: gid });
    await bWs.next('removeGroup');
    await assertNothing(s, dWs, 'removeGroup');
    await expectFail(group(s, 'groupInfo', carol, { group_id: id }), 'Group not found');
    for (const ws of [bWs, cWs, dWs]) ws.close();
  });
});

describe('the owner transfer in the chat (issue 42 #8)', () => {
  it("adds an event line naming the old and the new owner, pushed to the members and in each reader's language", async () => {
    await fresh();
    const [cWs] = await connectSockets(s.url, [carol]);
    expect((await group(s, 'changeOwner', alice, { id, user_id: bob.id }, true)).body.code).toBe(0);
    const pushed = (await cWs.next('group')).data as { type: string; content: string; toContactId: string };
    expect(pushed).toMatchObject({ type: 'event', toContactId: gid });
    expect(pushed.content).toBe(`${alice.realname} made ${bob.realname} the group owner`);
    const rows = await s.api.post('/enterprise/im/getMessageList', { toContactId: gid }, { token: carol.token });
    const last = (rows.body.data as { type: string; content: string }[]).at(-1);
    expect(last).toMatchObject({ type: 'event', content: `${alice.realname}已将群主转让给${bob.realname}` });
    cWs.close();
  });
});

describe('updateCard', () => {
  it('shows my card as my name in that group, in the member list and on my messages', async () => {
    await fresh();
    const card = (u: TestUser, body: Record<string, unknown>, form = false) =>
      s.api.post('/enterprise/im/updateCard', body, { token: u.token, lang: 'en', form });
    await expectFail(card(dave, { id: gid, nickname: 'x' }), 'You are not a member of this group');
    await expectFail(card(carol, { id: gid, nickname: 'x'.repeat(33) }), 'Invalid parameter: nickname');
    const [bWs, dWs] = await connectSockets(s.url, [bob, dave]);
    expect((await card(carol, { id, nickname: 'Caro' }, true)).body.code).toBe(0);
    expect((await bWs.next('updateCard')).data).toEqual({ group_id: gid, user_id: carol.id, nickname: 'Caro' });
    await assertNothing(s, dWs, 'updateCard');
    const list = await group(s, 'groupUserList', bob, { group_id: gid });
    const me = list.body.data.find((m: { user_id: number }) => m.user_id === carol.id);
    expect(me.userInfo).toMatchObject({ displayName: 'Caro', realname: '张卡罗' });
    expect((await send(s, carol, gid, 'hi as Caro')).body.code).toBe(0);
    expect((await bWs.next<{ fromUser: { displayName: string } }>('group')).data.fromUser.displayName).toBe('Caro');
    bWs.close();
    dWs.close();
  });
});

describe('reading: getAllUser, groupUserList, groupInfo', () => {
  it('lists candidates, members in role order with paging, and the QR link for members only', async () => {
    await fresh();
    const all = await group(s, 'getAllUser', alice, { user_ids: [bob.id] });
    expect(all.body.code).toBe(0);
    const byId = new Map(all.body.data.map((u: { id: number; disabled: number }) => [u.id, u.disabled]));
    expect(byId).toEqual(
      new Map([
        [bob.id, 1],
        [carol.id, 0],
        [dave.id, 0],
      ]),
    );
    const members = await group(s, 'getAllUser', carol, { group_id: gid }, true);
    expect(members.body.data.map((u: { id: number }) => u.id).sort()).toEqual([bob.id, carol.id].sort());
    await expectFail(group(s, 'getAllUser', dave, { group_id: gid }), 'You are not a member of this group');

    const page = await group(s, 'groupUserList', carol, { group_id: gid, page: 2, limit: 2 }, true);
    expect(page.body).toMatchObject({ count: 3, page: 2 });
    expect(page.body.data).toEqual([
      expect.objectContaining({ user_id: carol.id, role: 3, group_id: gid, no_speak_time: 0, is_notice: 1, is_top: 0 }),
    ]);
    await expectFail(group(s, 'groupUserList', dave, { group_id: gid }), 'You are not a member of this group');

    const info = await group(s, 'groupInfo', carol, { group_id: gid }, true);
    expect(info.body.data).toMatchObject({
      id: gid,
      group_id: gid,
      name: 'Team',
      displayName: 'Team',
      owner_id: alice.id,
      ownerName: 'Alice',
      groupUserCount: 3,
      isJoin: 3,
    });
    expect(info.body.data.userInfo).toMatchObject({ id: alice.id, realname: 'Alice' });
    expect(info.body.data.qrUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/scan\/g\/[0-9a-z.]+$/);
    expect(info.body.data.qrExpire).toMatch(/^\d\d-\d\d$/);
    await expectFail(group(s, 'groupInfo', dave, { group_id: gid }), 'You are not a member of this group');
  });
});
