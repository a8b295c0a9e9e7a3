import { beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, connectSockets, registerAndLogin, type TestUser } from './helpers/index';
import {
  addMember,
  assertNothing,
  makeFriends,
  makeGroup,
  patchConfig,
  send,
  storedIds,
  uuid,
  serverWithPeople,
} from './chat-fixtures';

/** PROTOCOL §4.4: sendMessage — checks in order, one transaction, pushes to exactly the recipients. */

const { s, alice, bob, carol } = await serverWithPeople(['alice-bob']);

const post = (path: string, u: TestUser, body: Record<string, unknown>, form = false) =>
  s.api.post(`/enterprise/im/${path}`, body, { token: u.token, lang: 'en', form });

describe('sendMessage to a person', () => {
  it('stores the message and pushes simple to receiver and sender, and to nobody else', async () => {
    const [aWs, bWs, cWs] = await connectSockets(s.url, [alice, bob, carol]);
    const id = uuid();
    const res = await post('sendMessage', alice, {
      id,
      type: 'text',
      content: 'Hi <b>Bob</b> <script>x()</script>',
      toContactId: bob.id,
      is_group: 1,
      sendTime: 1,
    });
    expect(res.body.code, res.body.msg).toBe(0);
    const m = res.body.data;
    expect(m).toMatchObject({
      id,
      type: 'text',
      content: 'Hi <b>Bob</b> ',
      sendTime: s.clock.now(),
      status: 'succeed',
      is_group: 0,
      is_read: 0,
      is_undo: 0,
      is_last: 1,
      toContactId: bob.id,
      toUser: bob.id,
      to_user: bob.id,
      from_user: alice.id,
      at: [],
      pid: 0,
      extends: null,
      role: 3,
    });
    expect(m.fromUser).toMatchObject({
      id: alice.id,
      user_id: alice.id,
      realname: 'Alice',
      displayName: 'Alice',
      account: 'alice',
    });
    expect(m.fromUser.avatar).toMatch(/^http:\/\/.+\/static\/img\/avatar\.png$/);
    expect(typeof m.msg_id).toBe('number');
    expect(m.contactInfo).toMatchObject({ id: bob.id, is_group: 0, lastContent: 'Hi <b>Bob</b> ' });

    const toBob = await bWs.next<{
      id: string;
      toContactId: number;
      toUser: number;
      contactInfo: { id: number; lastContent: string; unread: number };
    }>('simple');
    expect(toBob.data).toMatchObject({ id, msg_id: m.msg_id, toContactId: alice.id, toUser: bob.id });
    expect(toBob.data.contactInfo).toMatchObject({
      id: alice.id,
      is_group: 0,
      displayName: 'Alice',
      lastContent: 'Hi <b>Bob</b> ',
    });
    const toAlice = await aWs.next<{ toContactId: number; toUser: number; contactInfo: { id: number } }>('simple');
    expect(toAlice.data).toMatchObject({
      toContactId: alice.id,
      toUser: bob.id,
      contactInfo: { id: bob.id, displayName: 'Bob' },
    });
    await assertNothing(s, cWs, 'simple');
    for (const ws of [aWs, bWs, cWs]) ws.close();
  });

  it('accepts form bodies', async () => {
    const id = uuid();
    const res = await s.api.post(
      '/enterprise/im/sendMessage',
      {
        id,
        type: 'text',
        content: 'form hello',
        toContactId: String(alice.id),
        extends: JSON.stringify({ quote: 'x' }),
      },
      { token: bob.token, form: true },
    );
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({ id, toContactId: alice.id, content: 'form hello', extends: { quote: 'x' } });
  });

  it('refuses bad input with the protocol keys and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, TestUser, { code: number; msg: string }]> = [
      [
        { type: 'text', content: 'x'.repeat(2049), toContactId: bob.id },
        alice,
        { code: 400, msg: 'Messages are limited to 2048 characters' },
      ],
      [{ type: 'text', content: '', toContactId: bob.id }, alice, { code: 400, msg: 'Invalid parameter: content' }],
      [
        { type: 'text', content: '<script>x</script>', toContactId: bob.id },
        alice,
        { code: 400, msg: 'Invalid parameter: content' },
      ],
      [{ type: 'event', content: 'x', toContactId: bob.id }, alice, { code: 400, msg: 'Invalid parameter: type' }],
      [{ type: 'webrtc', content: 'x', toContactId: bob.id }, alice, { code: 400, msg: 'Invalid parameter: type' }],
      [
        { type: 'image', content: 'x', toContactId: bob.id, file_id: 999 },
        alice,
        { code: 400, msg: 'Invalid parameter: file_id' },
      ],
      [
        { type: 'emoji', content: 'https://evil.example/x.png', toContactId: bob.id },
        alice,
        { code: 400, msg: 'Invalid parameter: content' },
      ],
      [{ type: 'text', content: 'x', toContactId: 99999 }, alice, { code: 400, msg: 'Contact does not exist' }],
      [
        { type: 'text', content: 'x', toContactId: 'admin_notice' },
        alice,
        { code: 400, msg: 'System conversations are read-only' },
      ],
      [
        { type: 'text', content: 'x', toContactId: 'system' },
        alice,
        { code: 400, msg: 'System conversations are read-only' },
      ],
      [
        { type: 'text', content: 'x', toContactId: bob.id },
        carol,
        { code: 400, msg: 'They have not added you as a friend' },
      ],
      [{ type: 'text', content: 'x', toContactId: 'group-9999' }, alice, { code: 400, msg: 'Group not found' }],
    ];
    const ids: string[] = [];
    for (const [body, who, want] of cases) {
      const id = uuid();
      ids.push(id);
      const res = await post('sendMessage', who, { id, ...body });
      expect(res.body, JSON.stringify(body).slice(0, 80)).toMatchObject({ ...want, data: '', page: 0 });
    }
    expect((await post('sendMessage', alice, { type: 'text', content: 'x', toContactId: bob.id })).body.msg).toBe(
      'Invalid parameter: id',
    );
    expect(await storedIds(s, ids)).toEqual([]);
    const info = await post('getMessageInfo', alice, { id: ids[0] });
    expect(info.body).toMatchObject({ code: 400, msg: 'Message not found' });
  });

  it('checks friendship in both directions in runMode 2', async () => {
    // bob lists carol, carol does not list bob.
    const now = Math.floor(s.clock.now() / 1000);
    await s.database.db
      .insertInto('friends')
      .values({
        create_user: bob.id,
        friend_user_id: carol.id,
        status: 1,
        is_invite: 0,
        remark: '',
        nickname: '',
        create_time: now,
        update_time: now,
      })
      .execute();
    expect((await send(s, carol, bob.id, 'x')).body.msg).toBe('They are not your friend');
    // A system admin is privileged: alice may write to carol without a friendship.
    expect((await send(s, alice, carol.id, 'hello carol')).body.code).toBe(0);
    await s.database.db
      .deleteFrom('friends')
      .where('create_user', '=', bob.id)
      .where('friend_user_id', '=', carol.id)
      .execute();
  });

  it('answers a resend of the same id with the stored message and pushes nothing', async () => {
    const id = uuid();
    const first = await post('sendMessage', alice, { id, type: 'text', content: 'once', toContactId: bob.id });
    const bWs = await connectSocket(s.url, { token: bob.token });
    s.clock.advance(1000);
    const again = await post('sendMessage', alice, { id, type: 'text', content: 'twice', toContactId: bob.id });
    expect(again.body.code).toBe(0);
    expect(again.body.data).toMatchObject({
      id,
      msg_id: first.body.data.msg_id,
      content: 'once',
      sendTime: first.body.data.sendTime,
      toContactId: bob.id,
    });
    await assertNothing(s, bWs, 'simple');
    const stolen = await post('sendMessage', bob, { id, type: 'text', content: 'mine', toContactId: alice.id });
    expect(stolen.body).toMatchObject({ code: 400, msg: 'Invalid parameter: id' });
    bWs.close();
  });

  it('answers a resend as stored even where a check would now refuse a new message, and stores a doubled send once', async () => {
    await patchConfig(s, 'chatInfo', { sendInterval: 5 });
    const id = uuid();
    const first = await post('sendMessage', alice, { id, type: 'text', content: 'kept', toContactId: bob.id });
    expect(first.body.code).toBe(0);
    // Within sendInterval a new message is refused; the resend of a stored one is answered as it was.
    const again = await post('sendMessage', alice, { id, type: 'text', content: 'kept', toContactId: bob.id });
    expect(again.body).toMatchObject({ code: 0, data: { id, msg_id: first.body.data.msg_id } });
    await patchConfig(s, 'chatInfo', { sendInterval: 0 });
    // The same new id sent twice at once (a retry racing its original): one row, one answer for both.
    const twin = uuid();
    const body = { id: twin, type: 'text', content: 'twin', toContactId: bob.id };
    const [a, b] = await Promise.all([post('sendMessage', alice, body), post('sendMessage', alice, body)]);
    expect([a.body.code, b.body.code]).toEqual([0, 0]);
    expect(a.body.data.msg_id).toBe(b.body.data.msg_id);
    const rows = await s.database.db.selectFrom('messages').select('msg_id').where('id', '=', twin).execute();
    expect(rows).toHaveLength(1);
  });

  it('enforces sendInterval and simpleChat', async () => {
    const marks = () => s.database.db.selectFrom('send_marks').selectAll().execute();
    // While the interval is off, sends leave no mark (no send pays for it): turning it on counts
    // from the next message.
    const before = (await marks()).length;
    expect((await send(s, alice, bob.id, 'zero')).body.code).toBe(0);
    expect(await marks()).toHaveLength(before);
    await patchConfig(s, 'chatInfo', { sendInterval: 5 });
    expect((await send(s, alice, bob.id, 'one')).body.code).toBe(0);
    expect(await marks()).toContainEqual({ user_id: alice.id, last_ms: s.clock.now() });
    expect((await send(s, alice, bob.id, 'two')).body).toMatchObject({ code: 400, msg: 'Wait 5 s between messages' });
    s.clock.advance(5000);
    expect((await send(s, alice, bob.id, 'three')).body.code).toBe(0);
    await patchConfig(s, 'chatInfo', { sendInterval: 0, simpleChat: 0 });
    await makeFriends(s, bob, carol);
    expect((await send(s, bob, carol.id, 'x')).body).toMatchObject({
      code: 400,
      msg: 'Private chat has been disabled by the system',
    });
    expect((await send(s, bob, alice.id, 'to the admin')).body.code).toBe(0);
    await patchConfig(s, 'chatInfo', { simpleChat: 1 });
    await s.database.db
      .deleteFrom('friends')
      .where((eb) => eb.or([eb('create_user', '=', carol.id), eb('friend_user_id', '=', carol.id)]))
      .execute();
  });

  it('sends to favourites: only my connections get it', async () => {
    const [aWs, bWs] = await connectSockets(s.url, [alice, bob]);
    const res = await send(s, alice, -1, 'note to self');
    expect(res.body.data).toMatchObject({ toContactId: -1, toUser: -1, to_user: -1, is_group: 3 });
    const push = await aWs.next<{
      toContactId: number;
      toUser: number;
      contactInfo: { id: number; is_group: number; lastContent: string };
    }>('simple');
    expect(push.data).toMatchObject({
      toContactId: alice.id,
      toUser: -1,
      contactInfo: { id: -1, is_group: 3, lastContent: 'note to self' },
    });
    await assertNothing(s, bWs, 'simple');
    aWs.close();
    bWs.close();
  });

  it('sends a sticker stored as a path and read back as an absolute URL', async () => {
    const res = await post('sendMessage', alice, {
      id: uuid(),
      type: 'emoji',
      content: `${s.url}/static/img/emoji/a/b.png`,
      toContactId: bob.id,
      extends: { width: 20, height: '30', x: 1 },
    });
    expect(res.body.data).toMatchObject({
      type: 'emoji',
      content: `${s.url}/static/img/emoji/a/b.png`,
      extends: { width: 20, height: 30 },
    });
    const row = await s.database.db
      .selectFrom('messages')
      .select('content')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.content).toBe('/static/img/emoji/a/b.png');
  });
});

describe('sendMessage to a group', () => {
  let dave: TestUser;
  let gid: number;
  beforeAll(async () => {
    dave = await registerAndLogin(s.api, { account: 'dave01', realname: 'Dave', password: 'dave-pw01' });
    gid = await makeGroup(s, alice, [bob, dave]);
  });

  it('pushes group to the members only, expanding @everyone to the other members', async () => {
    const [aWs, bWs, cWs] = await connectSockets(s.url, [alice, bob, carol]);
    const res = await post('sendMessage', alice, {
      id: uuid(),
      type: 'text',
      content: 'hello team',
      toContactId: `group-${gid}`,
      at: [0, carol.id],
    });
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({
      toContactId: `group-${gid}`,
      toUser: `group-${gid}`,
      to_user: gid,
      is_group: 1,
      role: 1,
    });
    expect([...res.body.data.at].sort()).toEqual([bob.id, dave.id].sort());
    expect(res.body.data.contactInfo).toMatchObject({ id: `group-${gid}`, role: 1 });
    const toBob = await bWs.next<{
      toContactId: string;
      is_read: number;
      contactInfo: { id: string; role: number; is_group: number };
    }>('group');
    expect(toBob.data).toMatchObject({
      toContactId: `group-${gid}`,
      is_read: 0,
      contactInfo: { id: `group-${gid}`, is_group: 1, role: 3 },
    });
    const toAlice = await aWs.next<{ contactInfo: { role: number } }>('group');
    expect(toAlice.data.contactInfo.role).toBe(1);
    await assertNothing(s, cWs, 'group');
    for (const ws of [aWs, bWs, cWs]) ws.close();
  });

  it('refuses non-members, group mute (401) and muted members', async () => {
    expect((await send(s, carol, `group-${gid}`, 'let me in')).body).toMatchObject({
      code: 400,
      msg: 'You are not a member of this group',
    });
    await s.database.db
      .updateTable('groups')
      .set({ setting: JSON.stringify({ nospeak: '1' }) })
      .where('id', '=', gid)
      .execute();
    expect((await send(s, bob, `group-${gid}`, 'x')).body).toMatchObject({
      code: 401,
      msg: 'The group has enabled mute mode and cannot send messages',
    });
    expect((await send(s, alice, `group-${gid}`, 'owner may speak')).body.code).toBe(0);
    await s.database.db.updateTable('groups').set({ setting: '{}' }).where('id', '=', gid).execute();
    const until = Math.floor(s.clock.now() / 1000) + 600;
    await s.database.db
      .updateTable('group_members')
      .set({ no_speak_time: until })
      .where('group_id', '=', gid)
      .where('user_id', '=', bob.id)
      .execute();
    const muted = await send(s, bob, `group-${gid}`, 'x');
    expect(muted.body.code).toBe(400);
    expect(muted.body.msg).toMatch(/^You are muted until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await s.database.db.updateTable('group_members').set({ no_speak_time: 0 }).where('group_id', '=', gid).execute();
  });

  it('lets a late member read only from their join on, unless history is open', async () => {
    const gid2 = await makeGroup(s, alice, [bob]);
    await send(s, alice, `group-${gid2}`, 'before carol');
    await addMember(s, gid2, carol);
    await send(s, alice, `group-${gid2}`, 'after carol');
    const list = await post('getMessageList', carol, { toContactId: `group-${gid2}` });
    expect(list.body.data.map((m: { content: string }) => m.content)).toEqual(['after carol']);
    await s.database.db
      .updateTable('groups')
      .set({ setting: JSON.stringify({ history: '1' }) })
      .where('id', '=', gid2)
      .execute();
    const all = await post('getMessageList', carol, { toContactId: `group-${gid2}` });
    expect(all.body.data.map((m: { content: string }) => m.content)).toEqual(['before carol', 'after carol']);
  });
});
