import { beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, connectSockets, type TestUser } from './helpers/index';
import { assertNothing, patchConfig, send, serverWithPeople } from './chat-fixtures';
import { befriendAll, createGroup, expectFail, group, seedDave } from './group-fixtures';

/** PROTOCOL §6: creating groups, roles, mute, inviting and removing — the server-side story. */

const { s, alice, bob, carol } = await serverWithPeople();
let dave: TestUser;

beforeAll(async () => {
  dave = await seedDave(s);
  await befriendAll(s, alice, bob, carol, dave);
});

describe('the story: roles, mute mode, a muted member, removal', () => {
  it('runs from creating the group to removing carol, each push to exactly the members', async () => {
    const [aWs, bWs, cWs, dWs] = await connectSockets(s.url, [alice, bob, carol, dave]);
    const created = await group(s, 'add', alice, { user_ids: [bob.id, carol.id], name: 'Launch' });
    expect(created.body.code, created.body.msg).toBe(0);
    const gid = created.body.data.id as string;
    expect(created.body.data).toMatchObject({
      is_group: 1,
      displayName: 'Launch',
      role: 1,
      owner_id: alice.id,
      group_id: gid,
    });
    expect(created.body.data.setting).toEqual({ manage: '0', invite: '1', profile: '0', history: '0', nospeak: '0' });
    expect((await aWs.next<{ id: string; role: number }>('addGroup')).data).toMatchObject({ id: gid, role: 1 });
    const toBob = await bWs.next<{ id: string; role: number; lastContent: string }>('addGroup');
    expect(toBob.data).toMatchObject({ id: gid, role: 3, lastContent: 'Alice created the group' });
    await cWs.next('addGroup');
    await assertNothing(s, dWs, 'addGroup');

    const mgr = await group(s, 'setManager', alice, { id: gid, user_id: bob.id, role: 2 }, true);
    expect(mgr.body.code, mgr.body.msg).toBe(0);
    expect((await cWs.next('setManager')).data).toMatchObject({ group_id: gid, user_id: bob.id, role: 2 });
    await bWs.next('setManager');
    await assertNothing(s, dWs, 'setManager');

    const mute = await s.api.post(
      '/enterprise/group/groupSetting',
      { id: gid, setting: { nospeak: '1' } },
      { token: alice.token, form: true },
    );
    expect(mute.body.code, mute.body.msg).toBe(0);
    expect((await cWs.next('groupSetting')).data).toMatchObject({ group_id: gid, setting: { nospeak: '1' } });
    await expectFail(send(s, carol, gid, 'may I?'), 'The group has enabled mute mode and cannot send messages', 401);
    expect((await send(s, bob, gid, 'managers may')).body.code).toBe(0);
    expect((await cWs.next<{ content: string }>('group')).data.content).toBe('managers may');

    expect(
      (await group(s, 'groupSetting', alice, { id: gid, setting: JSON.stringify({ nospeak: 0 }) })).body.code,
    ).toBe(0);
    const muteCarol = await group(s, 'setNoSpeak', alice, { id: gid, user_id: carol.id, noSpeakTimer: 1 });
    expect(muteCarol.body.code, muteCarol.body.msg).toBe(0);
    const until = Math.floor(s.clock.now() / 1000) + 600;
    expect((await bWs.next('setNoSpeak')).data).toEqual({ group_id: gid, user_id: carol.id, no_speak_time: until });
    await expectFail(send(s, carol, gid, 'still muted?'), /^You are muted until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    s.clock.advance(601_000);
    expect((await send(s, carol, gid, 'free again')).body.code).toBe(0);

    const removed = await group(s, 'removeUser', alice, { id: gid, user_id: carol.id });
    expect(removed.body.code, removed.body.msg).toBe(0);
    expect((await cWs.next('removeUser')).data).toMatchObject({ group_id: gid, user_id: carol.id });
    expect((await bWs.next('removeUser')).data).toMatchObject({ group_id: gid, user_id: carol.id });
    const line = await bWs.next<{ type: string; content: string }>('group', (d) => d.type === 'event');
    expect(line.data.content).toBe('Alice removed 张卡罗 from the group');
    await assertNothing(s, dWs, 'removeUser');
    await expectFail(send(s, carol, gid, 'hello?'), 'You are not a member of this group');
    for (const ws of [aWs, bWs, cWs, dWs]) ws.close();
  });
});

describe('add', () => {
  it('needs two others for ordinary users, contacts only, within the limits', async () => {
    await expectFail(group(s, 'add', bob, { user_ids: [carol.id] }), 'Choose at least two people');
    await expectFail(group(s, 'add', bob, { user_ids: [carol.id, dave.id] }), 'Contact does not exist');
    await patchConfig(s, 'chatInfo', { groupChat: 0 });
    await expectFail(group(s, 'add', bob, { user_ids: [carol.id, alice.id] }), 'Creating groups is turned off');
    expect((await group(s, 'add', alice, { user_ids: [bob.id] })).body.code).toBe(0);
    await patchConfig(s, 'chatInfo', { groupChat: 1, groupUserMax: 2 });
    await expectFail(group(s, 'add', alice, { user_ids: [bob.id, carol.id] }), 'At most 2 members');
    await patchConfig(s, 'chatInfo', { groupUserMax: 0 });
    await s.database.db.updateTable('users').set({ group_limit: -1 }).where('id', '=', bob.id).execute();
    s.clock.advance(6000);
    await expectFail(group(s, 'add', bob, { user_ids: [carol.id, alice.id] }), 'Group limit reached');
    await s.database.db.updateTable('users').set({ group_limit: 0 }).where('id', '=', bob.id).execute();
    s.clock.advance(6000);
  });

  it('accepts form bodies and names the group by default in the caller language', async () => {
    const res = await s.api.post(
      '/enterprise/group/add',
      { user_ids: [carol.id, alice.id] },
      { token: bob.token, form: true, lang: 'zh-CN' },
    );
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({ displayName: '群聊', role: 1, owner_id: bob.id });
  });
});

describe('editGroupName and addGroupUser', () => {
  it('lets owner and managers rename; members may invite only while invite is "1"', async () => {
    const id = await createGroup(s, alice, [bob, carol]);
    const gid = `group-${id}`;
    await expectFail(
      group(s, 'editGroupName', carol, { id: gid, displayName: 'Mine' }),
      'Only the owner and managers can do this',
    );
    await expectFail(
      group(s, 'editGroupName', alice, { id: gid, displayName: 'x'.repeat(33) }),
      'Invalid parameter: displayName',
    );
    const [bWs, dWs] = await connectSockets(s.url, [bob, dave]);
    expect((await group(s, 'editGroupName', alice, { id, displayName: 'Renamed' }, true)).body.code).toBe(0);
    expect((await bWs.next('editGroupName')).data).toEqual({ id: gid, displayName: 'Renamed', editUserName: 'Alice' });

    await expectFail(group(s, 'addGroupUser', carol, { id: gid, user_ids: [dave.id] }), 'Contact does not exist');
    await expectFail(
      group(s, 'addGroupUser', alice, { id: gid, user_ids: Array.from({ length: 21 }, (_, i) => i + 100) }),
      'Invite at most 20 at a time',
    );
    await group(s, 'groupSetting', alice, { id: gid, setting: { invite: 0 } });
    await expectFail(group(s, 'addGroupUser', carol, { id: gid, user_ids: [alice.id] }), 'Members may not invite here');
    await group(s, 'setManager', alice, { id: gid, user_id: bob.id, role: 2 });
    // Managers invite whatever the setting; someone already in is skipped without a push.
    expect((await group(s, 'addGroupUser', bob, { id: gid, user_ids: [carol.id] })).body.code).toBe(0);

    const added = await group(s, 'addGroupUser', alice, { id: gid, user_ids: `${dave.id},${bob.id}` }, true);
    expect(added.body.code, added.body.msg).toBe(0);
    const toDave = await dWs.next<{ id: string; lastContent: string; role: number }>('addGroup');
    expect(toDave.data).toMatchObject({ id: gid, role: 3, lastContent: 'Alice invited you to the group' });
    expect((await bWs.next('addGroupUser')).data).toMatchObject({
      group_id: gid,
      user_ids: [dave.id],
      invite_id: alice.id,
    });
    await assertNothing(s, dWs, 'addGroupUser');
    const line = await dWs.next<{ type: string; content: string }>('group');
    expect(line.data).toMatchObject({ type: 'event', content: 'Alice invited Dave to the group' });
    await bWs.next('group');
    bWs.close();
    dWs.close();
  });
});

describe('removeUser', () => {
  it('keeps the owner in, and lets only higher roles remove', async () => {
    const id = await createGroup(s, alice, [bob, carol]);
    await group(s, 'setManager', alice, { id, user_id: bob.id, role: 2 });
    await expectFail(group(s, 'removeUser', alice, { id, user_id: alice.id }), 'Transfer ownership first');
    await expectFail(group(s, 'removeUser', carol, { id, user_id: bob.id }), 'Only the owner and managers can do this');
    await expectFail(group(s, 'removeUser', bob, { id, user_id: alice.id }), 'You are not allowed to do this');
    await expectFail(group(s, 'removeUser', bob, { id, user_id: dave.id }), 'Not found');
    const bWs = await connectSocket(s.url, { token: bob.token });
    expect((await group(s, 'removeUser', carol, { id, user_id: carol.id }, true)).body.code).toBe(0);
    expect((await bWs.next('removeUser')).data).toMatchObject({ group_id: `group-${id}`, user_id: carol.id });
    expect((await bWs.next<{ content: string }>('group')).data.content).toBe('张卡罗 left the group');
    bWs.close();
  });
});
