import { beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, connectSockets, registerAndLogin, type TestSocket, type TestUser } from './helpers/index';
import { assertNothing, patchConfig, send, storedIds, uuid, serverWithPeople } from './chat-fixtures';
import { befriendAll, createGroup, group, seedDave } from './group-fixtures';
import { makeImage, upload } from './helpers/upload';

/** PROTOCOL §4.6: recall, delete for everyone, hide for me, forward — rights, rows and pushes. */

const { s, alice, bob, carol } = await serverWithPeople();
let dave: TestUser;
let erin: TestUser;
let groupId: number;

beforeAll(async () => {
  dave = await seedDave(s);
  erin = await registerAndLogin(s.api, { account: 'erin1', realname: 'Erin', password: 'erin-pw01' });
  await befriendAll(s, alice, bob, carol, dave);
  // alice owns the group, bob manages it, carol and dave are members.
  groupId = await createGroup(s, alice, [bob, carol, dave]);
  expect((await group(s, 'setManager', alice, { id: groupId, user_id: bob.id, role: 2 })).body.code).toBe(0);
});

const im = (
  action: string,
  u: TestUser,
  body: Record<string, unknown>,
  opts: { lang?: string; form?: boolean; headers?: Record<string, string> } = {},
) =>
  s.api.post(`/enterprise/im/${action}`, body, {
    token: u.token,
    lang: opts.lang ?? 'en',
    form: opts.form,
    headers: opts.headers,
  });

async function sent(from: TestUser, to: number | string, text: string, extra: Record<string, unknown> = {}) {
  const res = await send(s, from, to, text, extra);
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data as { id: string; msg_id: number; sendTime: number };
}

const closeAll = (wss: TestSocket[]) => wss.forEach((ws) => ws.close());

interface UndoEvent {
  id: string;
  content: string;
  toContactId: number | string;
  is_last: number;
  isMobile: boolean;
}

describe('undoMessage in a single chat', () => {
  it('recalls my message: I read "you recalled", the peer "the other person recalled", nobody else hears', async () => {
    const [aWs, bWs, cWs] = await connectSockets(s.url, [alice, bob, carol]);
    const m = await sent(alice, bob.id, 'oops');
    s.clock.advance(60_000);
    const res = await im('undoMessage', alice, { id: m.id });
    expect(res.body).toMatchObject({ code: 0, data: '' });

    const toAlice = await aWs.next<UndoEvent>('undoMessage');
    expect(toAlice.data).toEqual({
      id: m.id,
      msg_id: m.msg_id,
      from_user: alice.id,
      type: 'event',
      is_undo: 1,
      status: 'succeed',
      is_last: 1,
      sendTime: m.sendTime,
      content: 'You recalled a message',
      toContactId: bob.id,
      is_group: 0,
      isMobile: false,
      extends: { undoBy: alice.id },
    });
    const toBob = await bWs.next<UndoEvent>('undoMessage');
    expect(toBob.data).toMatchObject({
      id: m.id,
      content: 'The other person recalled a message',
      toContactId: alice.id,
      is_last: 1,
    });
    await assertNothing(s, cWs, 'undoMessage');

    // The row and both conversation lists read as the recall line, in each reader's language.
    const list = await im('getMessageList', bob, { toContactId: alice.id }, { lang: 'zh-CN' });
    expect(list.body.data.at(-1)).toMatchObject({
      id: m.id,
      type: 'event',
      is_undo: 1,
      content: '对方撤回了一条消息',
      at: [],
    });
    const contacts = await im('getContacts', alice, {}, { lang: 'zh-CN' });
    expect(contacts.body.data.find((c: { id: unknown }) => c.id === bob.id)).toMatchObject({
      lastContent: '你撤回了一条消息',
      type: 'event',
    });
    const stored = await s.database.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      type: 'event',
      is_undo: 1,
      content: '',
      extends: JSON.stringify({ undoBy: alice.id }),
    });
    closeAll([aWs, bWs, cWs]);
  });

  it('writes the recall lines in the language of the recalling request and names a mobile device', async () => {
    const [aWs, bWs] = await connectSockets(s.url, [alice, bob]);
    const m = await sent(alice, bob.id, '再见');
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
    expect(
      (await im('undoMessage', alice, { id: m.id }, { lang: 'zh-CN', headers: { 'user-agent': ua } })).body.code,
    ).toBe(0);
    expect((await aWs.next<UndoEvent>('undoMessage')).data).toMatchObject({
      content: '你撤回了一条消息',
      isMobile: true,
    });
    expect((await bWs.next<UndoEvent>('undoMessage')).data).toMatchObject({
      content: '对方撤回了一条消息',
      isMobile: true,
    });
    closeAll([aWs, bWs]);
  });

  it('refuses after the recall window with the minutes, and keeps the message', async () => {
    await patchConfig(s, 'chatInfo', { redoTime: 120 });
    const m = await sent(alice, bob.id, 'too late');
    s.clock.advance(121_000);
    const res = await im('undoMessage', alice, { id: m.id });
    expect(res.body).toMatchObject({ code: 400, msg: 'Messages older than 2 minutes cannot be recalled' });
    const zh = await im('undoMessage', alice, { id: m.id }, { lang: 'zh-CN' });
    expect(zh.body.msg).toBe('超过2分钟的消息不能撤回');
    const info = await im('getMessageInfo', bob, { id: m.id });
    expect(info.body.data).toMatchObject({ type: 'text', is_undo: 0, content: 'too late' });
    await patchConfig(s, 'chatInfo', { redoTime: 86_400 });
  });

  it('answers with the protocol keys in order: not visible, no right, a system line', async () => {
    const m = await sent(alice, bob.id, 'mine');
    expect((await im('undoMessage', carol, { id: m.id })).body).toMatchObject({ code: 400, msg: 'Message not found' });
    expect((await im('undoMessage', alice, { id: uuid() })).body).toMatchObject({
      code: 400,
      msg: 'Message not found',
    });
    expect((await im('undoMessage', bob, { id: m.id })).body).toMatchObject({
      code: 400,
      msg: 'You cannot recall this message',
    });
    expect((await im('undoMessage', alice, { id: 'nope' })).body).toMatchObject({
      code: 400,
      msg: 'Invalid parameter: id',
    });
    expect((await im('undoMessage', alice, { id: m.id }, { form: true })).body.code).toBe(0);
    // A recalled row is an event line now: a second recall is refused.
    expect((await im('undoMessage', alice, { id: m.id })).body).toMatchObject({
      code: 400,
      msg: 'You cannot recall this message',
    });
  });
});

describe('undoMessage in a group', () => {
  const gid = () => `group-${groupId}`;

  it('lets a member recall their own message; members read the name, the member reads "you"', async () => {
    const [aWs, cWs, eWs] = await connectSockets(s.url, [alice, carol, erin]);
    const m = await sent(carol, gid(), 'hello @Alice', { at: [alice.id] });
    expect((await im('getContacts', alice, {})).body.data.find((c: { id: unknown }) => c.id === gid()).is_at).toBe(1);
    expect((await im('undoMessage', carol, { id: m.id })).body.code).toBe(0);
    expect((await cWs.next<UndoEvent>('undoMessage')).data).toMatchObject({
      content: 'You recalled a message',
      toContactId: gid(),
      is_group: 1,
    });
    expect((await aWs.next<UndoEvent>('undoMessage')).data).toMatchObject({
      content: '张卡罗 recalled a message',
      toContactId: gid(),
    });
    await assertNothing(s, eWs, 'undoMessage');
    // The mention went with the content.
    const row = (await im('getContacts', alice, {})).body.data.find((c: { id: unknown }) => c.id === gid());
    expect(row).toMatchObject({ lastContent: '张卡罗 recalled a message', is_at: 0 });
    closeAll([aWs, cWs, eWs]);
  });

  it('refuses a member recalling someone else, and a member past the window', async () => {
    const fromDave = await sent(dave, gid(), 'dave here');
    expect((await im('undoMessage', carol, { id: fromDave.id })).body).toMatchObject({
      code: 400,
      msg: 'You cannot recall this message',
    });
    s.clock.advance(86_401_000);
    expect((await im('undoMessage', dave, { id: fromDave.id })).body).toMatchObject({
      code: 400,
      msg: 'Messages older than 1440 minutes cannot be recalled',
    });
  });

  it('lets a manager recall members\u2019 and own messages any time, but not the owner\u2019s', async () => {
    const [bWs, dWs, aWs] = await connectSockets(s.url, [bob, dave, alice]);
    const fromDave = await sent(dave, gid(), 'rule breaking');
    const fromOwner = await sent(alice, gid(), 'owner speaks');
    const fromBob = await sent(bob, gid(), 'manager speaks');
    s.clock.advance(90_000_000);
    expect((await im('undoMessage', bob, { id: fromDave.id })).body.code).toBe(0);
    expect((await bWs.next<UndoEvent>('undoMessage')).data.content).toBe('You recalled a message');
    expect((await dWs.next<UndoEvent>('undoMessage')).data.content).toBe('A manager recalled a message');
    expect((await aWs.next<UndoEvent>('undoMessage')).data).toMatchObject({
      content: 'A manager recalled a message',
      is_last: 0,
    });
    expect((await im('undoMessage', bob, { id: fromOwner.id })).body).toMatchObject({
      code: 400,
      msg: 'You cannot recall this message',
    });
    expect((await im('undoMessage', bob, { id: fromBob.id })).body.code).toBe(0);
    closeAll([bWs, dWs, aWs]);
  });

  it('lets the owner recall anyone\u2019s message any time', async () => {
    const [aWs, bWs] = await connectSockets(s.url, [alice, bob]);
    const fromBob = await sent(bob, gid(), 'from the manager');
    s.clock.advance(90_000_000);
    expect((await im('undoMessage', alice, { id: fromBob.id })).body.code).toBe(0);
    expect((await aWs.next<UndoEvent>('undoMessage')).data).toMatchObject({
      content: 'You recalled a message',
      is_last: 1,
    });
    expect((await bWs.next<UndoEvent>('undoMessage')).data.content).toBe('A manager recalled a message');
    const list = await im('getMessageList', carol, { toContactId: gid() });
    expect(list.body.data.at(-1)).toMatchObject({ id: fromBob.id, content: 'A manager recalled a message' });
    closeAll([aWs, bWs]);
  });
});

interface DelEvent {
  id: string;
  msg_id: number;
  toContactId: number | string;
  is_last: number;
}

describe('delMessage', () => {
  it('deletes my message for everyone, moves the last line back, and tells both sides', async () => {
    const [aWs, bWs, cWs] = await connectSockets(s.url, [alice, bob, carol]);
    const first = await sent(alice, bob.id, 'keep me');
    const second = await sent(alice, bob.id, 'delete me');
    expect((await im('delMessage', bob, { id: second.id })).body).toMatchObject({
      code: 400,
      msg: 'You cannot recall this message',
    });
    expect((await im('delMessage', carol, { id: second.id })).body).toMatchObject({
      code: 400,
      msg: 'Message not found',
    });
    expect((await im('delMessage', alice, { id: second.id })).body).toMatchObject({ code: 0, data: '' });
    expect((await aWs.next<DelEvent>('delMessage')).data).toEqual({
      id: second.id,
      msg_id: second.msg_id,
      from_user: alice.id,
      to_user: bob.id,
      toContactId: bob.id,
      is_group: 0,
      is_last: 1,
    });
    expect((await bWs.next<DelEvent>('delMessage')).data).toMatchObject({
      id: second.id,
      toContactId: alice.id,
      is_last: 1,
    });
    await assertNothing(s, cWs, 'delMessage');
    expect(await storedIds(s, [second.id])).toEqual([]);
    const list = await im('getMessageList', bob, { toContactId: alice.id });
    expect(list.body.data.at(-1)).toMatchObject({ id: first.id, is_last: 1 });
    const contact = (await im('getContacts', bob, {})).body.data.find((c: { id: unknown }) => c.id === alice.id);
    expect(contact.lastContent).toBe('keep me');
    closeAll([aWs, bWs, cWs]);
  });

  it('is refused when the administrator turned deleting off', async () => {
    const m = await sent(alice, bob.id, 'stays');
    await patchConfig(s, 'chatInfo', { dbDelMsg: 0 });
    expect((await im('delMessage', alice, { id: m.id })).body).toMatchObject({
      code: 400,
      msg: 'Deleting messages is turned off',
    });
    expect(await storedIds(s, [m.id])).toEqual([m.id]);
    await patchConfig(s, 'chatInfo', { dbDelMsg: 1 });
  });

  it('tells every member of a group', async () => {
    const [bWs, cWs] = await connectSockets(s.url, [bob, carol]);
    const m = await sent(dave, `group-${groupId}`, 'group line');
    expect((await im('delMessage', dave, { id: m.id })).body.code).toBe(0);
    for (const ws of [bWs, cWs])
      expect((await ws.next<DelEvent>('delMessage')).data).toMatchObject({
        id: m.id,
        toContactId: `group-${groupId}`,
        is_group: 1,
      });
    closeAll([bWs, cWs]);
  });
});

describe('removeMessage', () => {
  it('hides a message for me only, and deletes it once both sides hid it, without a push', async () => {
    const [aWs, bWs] = await connectSockets(s.url, [alice, bob]);
    const m = await sent(alice, bob.id, 'hide me');
    await aWs.next('simple');
    await bWs.next('simple');
    expect((await im('removeMessage', carol, { id: m.id })).body).toMatchObject({
      code: 400,
      msg: 'Message not found',
    });
    expect((await im('removeMessage', alice, { id: m.id })).body).toMatchObject({ code: 0, data: '' });
    const mine = await im('getMessageList', alice, { toContactId: bob.id });
    expect(mine.body.data.map((x: { id: string }) => x.id)).not.toContain(m.id);
    const theirs = await im('getMessageList', bob, { toContactId: alice.id });
    expect(theirs.body.data.at(-1)).toMatchObject({ id: m.id });
    expect(await storedIds(s, [m.id])).toEqual([m.id]);
    // Hidden rows are not visible to me any more: a second remove is "not found".
    expect((await im('removeMessage', alice, { id: m.id })).body).toMatchObject({
      code: 400,
      msg: 'Message not found',
    });
    expect((await im('removeMessage', bob, { id: m.id }, { form: true })).body.code).toBe(0);
    expect(await storedIds(s, [m.id])).toEqual([]);
    await assertNothing(s, aWs, 'delMessage');
    await assertNothing(s, bWs, 'delMessage');
    closeAll([aWs, bWs]);
  });
});

interface SimpleEvent {
  id: string;
  content: string;
  from_user: number;
  type: string;
  toContactId: number | string;
}

describe('forwardMessage', () => {
  it('sends a copy to each of up to five targets, as me, and to nobody else', async () => {
    const original = await sent(bob, alice.id, 'worth <b>sharing</b>', { extends: { quote: 'q' } });
    const [bWs, cWs, dWs, eWs] = await connectSockets(s.url, [bob, carol, dave, erin]);
    const targets = [bob.id, carol.id, dave.id, `group-${groupId}`, -1];
    const res = await im('forwardMessage', alice, { user_ids: targets, msg_id: original.msg_id });
    expect(res.body).toMatchObject({ code: 0, msg: 'Forwarded', data: { success: targets, fail: [] } });
    const toCarol = await cWs.next<SimpleEvent>('simple');
    expect(toCarol.data).toMatchObject({
      content: 'worth <b>sharing</b>',
      from_user: alice.id,
      type: 'text',
      toContactId: alice.id,
      extends: { quote: 'q' },
    });
    expect(toCarol.data.id).not.toBe(original.id);
    expect((await dWs.next<SimpleEvent>('simple')).data.content).toBe('worth <b>sharing</b>');
    expect((await dWs.next<SimpleEvent>('group')).data).toMatchObject({
      toContactId: `group-${groupId}`,
      from_user: alice.id,
    });
    expect((await bWs.next<SimpleEvent>('simple')).data).toMatchObject({
      from_user: alice.id,
      content: 'worth <b>sharing</b>',
    });
    await assertNothing(s, eWs, 'simple');
    await assertNothing(s, eWs, 'group');
    closeAll([bWs, cWs, dWs, eWs]);
  });

  it('needs one to five targets', async () => {
    const m = await sent(alice, bob.id, 'x');
    const six = [bob.id, carol.id, dave.id, `group-${groupId}`, -1, erin.id];
    for (const user_ids of [six, [], undefined]) {
      expect((await im('forwardMessage', alice, { user_ids, msg_id: m.msg_id })).body).toMatchObject({
        code: 400,
        msg: 'Choose 1 to 5 recipients',
      });
    }
    expect((await im('forwardMessage', alice, { user_ids: 'abc', msg_id: m.msg_id })).body).toMatchObject({
      code: 400,
      msg: 'Invalid parameter: user_ids',
    });
  });

  it('forwards only visible messages that are not recalled or system lines', async () => {
    const between = await sent(bob, carol.id, 'private');
    expect((await im('forwardMessage', alice, { user_ids: [dave.id], msg_id: between.msg_id })).body).toMatchObject({
      code: 400,
      msg: 'Message not found',
    });
    const recalled = await sent(alice, bob.id, 'gone');
    expect((await im('undoMessage', alice, { id: recalled.id })).body.code).toBe(0);
    expect((await im('forwardMessage', alice, { user_ids: [dave.id], msg_id: recalled.msg_id })).body).toMatchObject({
      code: 400,
      msg: 'Message not found',
    });
    const created = await s.database.db
      .selectFrom('messages')
      .select('msg_id')
      .where('chat_identify', '=', `group-${groupId}`)
      .where('type', '=', 'event')
      .where('is_undo', '=', 0)
      .executeTakeFirstOrThrow();
    expect((await im('forwardMessage', alice, { user_ids: [dave.id], msg_id: created.msg_id })).body).toMatchObject({
      code: 400,
      msg: 'Message not found',
    });
  });

  it('skips failing targets and says how many failed (form body)', async () => {
    // bob is no administrator: erin, a stranger to him, cannot be written to in runMode 2.
    const m = await sent(alice, bob.id, 'partly');
    const eWs = await connectSocket(s.url, { token: erin.token });
    const res = await s.api.post(
      '/enterprise/im/forwardMessage',
      {
        'user_ids[0]': carol.id,
        'user_ids[1]': erin.id,
        'user_ids[2]': 'group-9999',
        'user_ids[3]': 'system',
        msg_id: String(m.msg_id),
      },
      { token: bob.token, form: true, lang: 'en' },
    );
    expect(res.body).toMatchObject({
      code: 0,
      msg: 'Forwarded; 3 failed',
      data: { success: [carol.id], fail: [erin.id, 'group-9999', 'system'] },
    });
    await assertNothing(s, eWs, 'simple');
    eWs.close();
    const zh = await im('forwardMessage', bob, { user_ids: [erin.id], msg_id: m.msg_id }, { lang: 'zh-CN' });
    expect(zh.body).toMatchObject({ code: 0, msg: '已转发，1条失败', data: { success: [], fail: [erin.id] } });
  });

  it('forwards a picture with its file, as the same type, to people who never saw the upload', async () => {
    const image = await makeImage(300, 200);
    const up = await upload(s.url, '/common/upload/uploadFile', {
      token: alice.token,
      file: { name: 'holiday.png', bytes: image, type: 'image/png' },
      fields: { message: JSON.stringify({ id: uuid(), type: 'image', toContactId: bob.id }) },
    });
    expect(up.body.code, up.body.msg).toBe(0);
    const res = await im('forwardMessage', bob, { user_ids: [carol.id], msg_id: up.body.data.msg_id });
    expect(res.body).toMatchObject({ code: 0, data: { success: [carol.id], fail: [] } });
    const copy = (await im('getMessageList', carol, { toContactId: bob.id })).body.data.at(-1);
    expect(copy).toMatchObject({
      type: 'image',
      from_user: bob.id,
      file_id: up.body.data.file_id,
      content: up.body.data.content,
      fileName: 'holiday.png',
      extends: { width: 300, height: 200 },
    });
  });

  it('is not held back by sendInterval', async () => {
    await patchConfig(s, 'chatInfo', { sendInterval: 60 });
    s.clock.advance(61_000);
    const m = await sent(alice, bob.id, 'fast');
    expect((await send(s, alice, bob.id, 'again')).body).toMatchObject({
      code: 400,
      msg: 'Wait 60 s between messages',
    });
    const res = await im('forwardMessage', alice, { user_ids: [carol.id, dave.id], msg_id: m.msg_id });
    expect(res.body).toMatchObject({ code: 0, data: { success: [carol.id, dave.id], fail: [] } });
    await patchConfig(s, 'chatInfo', { sendInterval: 0 });
  });
});
