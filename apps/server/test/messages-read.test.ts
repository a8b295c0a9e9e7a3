import { describe, expect, it } from 'vitest';
import { connectSocket, connectSockets, registerAndLogin, type TestUser } from './helpers/index';
import { assertNothing, makeFriends, makeGroup, send, serverWithPeople } from './chat-fixtures';

/** PROTOCOL §4.5: lists, one message, context, read receipts and mentions. */

const { s, alice, bob, carol } = await serverWithPeople(['alice-bob']);

const post = (path: string, u: TestUser, body: Record<string, unknown>, form = false) =>
  s.api.post(`/enterprise/im/${path}`, body, { token: u.token, lang: 'en', form });
type Row = {
  msg_id: number;
  content: string;
  toContactId: number | string;
  is_last: number;
  is_read: number;
  type: string;
};

/** Two new friends and `n` messages m0…m(n-1) between them, so a test reads only rows it wrote. */
async function chatOf(tag: string, n: number): Promise<{ x: TestUser; y: TestUser }> {
  const x = await registerAndLogin(s.api, { account: `${tag}x01`, realname: `X ${tag}`, password: 'pass-word1' });
  const y = await registerAndLogin(s.api, { account: `${tag}y01`, realname: `Y ${tag}`, password: 'pass-word1' });
  await makeFriends(s, x, y);
  for (let i = 0; i < n; i++) {
    s.clock.advance(10);
    expect((await send(s, i % 2 ? y : x, i % 2 ? x.id : y.id, `m${i}`)).body.code).toBe(0);
  }
  return { x, y };
}

describe('getMessageList', () => {
  it('pages with last_id: oldest first per page, every message exactly once, in order', async () => {
    const sent: number[] = [];
    for (let i = 0; i < 25; i++) {
      s.clock.advance(10);
      sent.push((await send(s, i % 2 ? bob : alice, i % 2 ? alice.id : bob.id, `m${i}`)).body.data.msg_id);
    }
    const seen: number[] = [];
    let lastId: number | undefined;
    for (;;) {
      const res = await post('getMessageList', bob, {
        toContactId: alice.id,
        limit: 10,
        ...(lastId ? { last_id: lastId } : {}),
      });
      expect(res.body.code).toBe(0);
      expect(res.body.count).toBe(25);
      const rows = res.body.data as Row[];
      const ids = rows.map((r) => r.msg_id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      seen.unshift(...ids);
      if (rows.length < 10) break;
      lastId = ids[0];
    }
    expect(seen).toEqual(sent);
    const newest = await post('getMessageList', bob, { toContactId: alice.id, limit: 2 });
    expect(newest.body.data.map((r: Row) => [r.content, r.toContactId, r.is_last])).toEqual([
      ['m23', alice.id, 0],
      ['m24', alice.id, 1],
    ]);
    // Form body, page 2 without a cursor.
    const page2 = await post('getMessageList', alice, { toContactId: bob.id, limit: 10, page: 2 }, true);
    expect(page2.body).toMatchObject({ page: 2, count: 25 });
    expect(page2.body.data.map((r: Row) => r.msg_id)).toEqual(sent.slice(5, 15));
  });

  it('pages by number skip the rows I hid, and only for me', async () => {
    const fred = await registerAndLogin(s.api, { account: 'fred01', realname: 'Fred', password: 'fred-pw01' });
    const gina = await registerAndLogin(s.api, { account: 'gina01', realname: 'Gina', password: 'gina-pw01' });
    await makeFriends(s, fred, gina);
    const sent: Array<{ id: string; msg_id: number }> = [];
    for (let i = 0; i < 12; i++) sent.push((await send(s, fred, gina.id, `p${i}`)).body.data);
    const page = async (u: TestUser, peer: number, n: number) =>
      ((await post('getMessageList', u, { toContactId: peer, limit: 4, page: n })).body.data as Row[]).map(
        (r) => r.content,
      );
    expect(await page(gina, fred.id, 2)).toEqual(['p4', 'p5', 'p6', 'p7']);
    // Gina hides p9 (on her first page) and p5: her later pages shift, Fred's do not.
    for (const k of [9, 5]) expect((await post('removeMessage', gina, { id: sent[k]?.id })).body.code).toBe(0);
    expect(await page(gina, fred.id, 2)).toEqual(['p2', 'p3', 'p4', 'p6']);
    expect(await page(gina, fred.id, 3)).toEqual(['p0', 'p1']);
    expect(await page(fred, gina.id, 2)).toEqual(['p4', 'p5', 'p6', 'p7']);
  });

  it('manager mode lists newest first, filtered by type and keywords', async () => {
    const { x, y } = await chatOf('mgr', 25);
    const res = await post('getMessageList', x, { toContactId: y.id, type: 'all', keywords: 'M2', limit: 3 });
    expect(res.body.count).toBe(6); // m2, m20..m24
    expect(res.body.data.map((r: Row) => r.content)).toEqual(['m24', 'm23', 'm22']);
    const none = await post('getMessageList', x, { toContactId: y.id, type: 'image' });
    expect(none.body).toMatchObject({ code: 0, count: 0, data: [] });
  });

  it('refuses conversations that are not mine', async () => {
    const gid = await makeGroup(s, alice, [bob]);
    expect((await post('getMessageList', carol, { toContactId: `group-${gid}` })).body).toMatchObject({
      code: 400,
      msg: 'You are not a member of this group',
    });
    expect((await post('getMessageList', carol, { toContactId: 'group-9999' })).body).toMatchObject({
      code: 400,
      msg: 'Group not found',
    });
    expect((await post('getMessageList', carol, { toContactId: 99999 })).body).toMatchObject({
      code: 400,
      msg: 'Contact does not exist',
    });
    // carol's conversation with bob is her own (and empty), never alice's.
    expect((await post('getMessageList', carol, { toContactId: bob.id })).body).toMatchObject({
      code: 0,
      count: 0,
      data: [],
    });
    const one = await send(s, alice, bob.id, 'private');
    expect((await post('getMessageInfo', carol, { id: one.body.data.id })).body).toMatchObject({
      code: 400,
      msg: 'Message not found',
    });
    expect((await post('getMessageInfo', carol, { msg_id: one.body.data.msg_id })).body.msg).toBe('Message not found');
    expect(
      (await post('getMessageContext', carol, { toContactId: alice.id, msg_id: one.body.data.msg_id })).body.msg,
    ).toBe('Message not found');
  });

  it('reads one message and its context', async () => {
    const { x: alice, y: bob } = await chatOf('ctx', 20);
    const list = await post('getMessageList', alice, { toContactId: bob.id, limit: 30 });
    const rows = list.body.data as Row[];
    const mid = rows[10] as Row;
    const info = await post('getMessageInfo', bob, { msg_id: mid.msg_id }, true);
    expect(info.body.data).toMatchObject({ msg_id: mid.msg_id, content: mid.content, toContactId: alice.id });
    const ctx = await post('getMessageContext', alice, { toContactId: bob.id, msg_id: mid.msg_id, limit: 2 });
    expect(ctx.body.data.map((r: Row) => r.msg_id)).toEqual(rows.slice(8, 13).map((r) => r.msg_id));
    expect(ctx.body.count).toBe(rows.length);
    expect((await post('getMessageInfo', bob, {})).body.code).toBe(400);
  });

  it('renders recalled rows by viewer', async () => {
    const res = await send(s, alice, bob.id, 'oops');
    await s.database.db
      .updateTable('messages')
      .set({ type: 'event', is_undo: 1, content: '', extends: JSON.stringify({ undoBy: alice.id }) })
      .where('msg_id', '=', res.body.data.msg_id)
      .execute();
    expect((await post('getMessageInfo', alice, { msg_id: res.body.data.msg_id })).body.data.content).toBe(
      'You recalled a message',
    );
    expect((await post('getMessageInfo', bob, { msg_id: res.body.data.msg_id })).body.data.content).toBe(
      'The other person recalled a message',
    );
  });
});

describe('read receipts', () => {
  it('setMsgIsRead sends isRead and readAll to the sender only, once', async () => {
    const [aWs, cWs] = await connectSockets(s.url, [alice, carol]);
    const a = await send(s, alice, bob.id, 'read me');
    const b = await send(s, alice, bob.id, 'and me');
    const res = await post(
      'setMsgIsRead',
      bob,
      { toContactId: alice.id, messages: [{ id: a.body.data.id }], is_group: 0 },
      true,
    );
    expect(res.body.code).toBe(0);
    const isRead = await aWs.next<Array<Record<string, unknown>>>('isRead');
    expect(isRead.data[0]).toEqual({
      id: b.body.data.id,
      msg_id: b.body.data.msg_id,
      is_read: 1,
      status: 'succeed',
      type: 'text',
      content: 'and me',
      sendTime: b.body.data.sendTime,
      toContactId: bob.id,
    });
    expect(isRead.data.map((r) => r.msg_id)).toContain(a.body.data.msg_id);
    expect((await aWs.next('readAll')).data).toEqual({ toContactId: bob.id });
    await post('setMsgIsRead', bob, { toContactId: alice.id });
    await assertNothing(s, aWs, 'isRead');
    await assertNothing(s, cWs, 'isRead');
    await assertNothing(s, cWs, 'readAll');
    expect((await post('getMessageInfo', alice, { msg_id: a.body.data.msg_id })).body.data.is_read).toBe(1);
    aWs.close();
    cWs.close();
  });

  it('opening the chat (list without last_id) marks it read too', async () => {
    const aWs = await connectSocket(s.url, { token: alice.token });
    await send(s, alice, bob.id, 'open to read');
    await post('getMessageList', bob, { toContactId: alice.id, last_id: 999999 });
    await assertNothing(s, aWs, 'readAll');
    await post('getMessageList', bob, { toContactId: alice.id });
    expect((await aWs.next('readAll')).data).toEqual({ toContactId: bob.id });
    aWs.close();
  });

  it('each side sees which of its messages were read, and only newer ones count as unread', async () => {
    const dave = await registerAndLogin(s.api, { account: 'dave01', realname: 'Dave', password: 'dave-pw01' });
    const erin = await registerAndLogin(s.api, { account: 'erin01', realname: 'Erin', password: 'erin-pw01' });
    await makeFriends(s, dave, erin);
    const unreadOf = async (u: TestUser, peer: number) =>
      ((await post('getContacts', u, {})).body.data as Array<{ id: number | string; unread: number }>).find(
        (c) => c.id === peer,
      )?.unread;
    const readFlags = async (u: TestUser, peer: number) =>
      Object.fromEntries(
        ((await post('getMessageList', u, { toContactId: peer, last_id: 1e9 })).body.data as Row[]).map((r) => [
          r.content,
          r.is_read,
        ]),
      );

    await send(s, dave, erin.id, 'd1');
    await send(s, dave, erin.id, 'd2');
    expect(await unreadOf(erin, dave.id)).toBe(2);
    await post('getMessageList', erin, { toContactId: dave.id });
    await send(s, erin, dave.id, 'e1');
    await send(s, dave, erin.id, 'd3');
    // Erin's own reply never counts; only what came after her reading does.
    expect(await unreadOf(erin, dave.id)).toBe(1);
    expect(await unreadOf(dave, erin.id)).toBe(1);
    expect(await readFlags(dave, erin.id)).toEqual({ d1: 1, d2: 1, e1: 0, d3: 0 });
    await post('getMessageList', dave, { toContactId: erin.id });
    expect(await readFlags(erin, dave.id)).toEqual({ d1: 1, d2: 1, e1: 1, d3: 0 });
    expect(await unreadOf(dave, erin.id)).toBe(0);
    expect((await post('getContactInfo', erin, { id: dave.id })).body.data.unread).toBe(1);
    await post('setMsgIsRead', erin, { toContactId: dave.id });
    expect((await post('getContactInfo', erin, { id: dave.id })).body.data.unread).toBe(0);
    expect(await readFlags(dave, erin.id)).toEqual({ d1: 1, d2: 1, e1: 1, d3: 1 });
  });
});

describe('mentions', () => {
  it('lists mentions (is_at), pushes atMsgList on opening a group, and readAtMsg clears them', async () => {
    const gid = await makeGroup(s, alice, [bob, carol]);
    const g = `group-${gid}`;
    await send(s, alice, g, 'not for you');
    const m1 = await send(s, alice, g, '@bob one', { at: [bob.id] });
    const m2 = await send(s, carol, g, '@all two', { at: '0' }, true);
    const bWs = await connectSocket(s.url, { token: bob.token });
    const at = await post('getMessageList', bob, { toContactId: g, is_at: 1 });
    expect(at.body.data.map((r: Row) => r.msg_id)).toEqual([m1.body.data.msg_id, m2.body.data.msg_id]);
    // Those mentions are read now; a new one arrives and opening the group reports it.
    const m3 = await send(s, carol, g, '@bob three', { at: [bob.id] });
    await post('getMessageList', bob, { toContactId: g, limit: 1, page: 3 });
    const push = await bWs.next<{ list: Row[]; count: number; toContactId: string }>('atMsgList');
    expect(push.data).toMatchObject({ count: 1, toContactId: g });
    expect(push.data.list.map((r) => r.msg_id)).toEqual([m3.body.data.msg_id]);
    // Unchanged list within 60 s: no second push.
    await post('getMessageList', bob, { toContactId: g, limit: 1, page: 3 });
    await assertNothing(s, bWs, 'atMsgList');
    expect((await post('readAtMsg', bob, { toContactId: g })).body.code).toBe(0);
    const after = await s.database.db
      .selectFrom('message_mentions')
      .select('is_read')
      .where('user_id', '=', bob.id)
      .where('group_id', '=', gid)
      .execute();
    expect(after.every((r) => r.is_read === 1)).toBe(true);
    expect((await post('readAtMsg', carol, { toContactId: 'group-9999' })).body.code).toBe(400);
    bWs.close();
  });

  it('an @all counts as a mention of me alike in the push, the list and is_at', async () => {
    const gid = await makeGroup(s, alice, [bob, carol]);
    const g = `group-${gid}`;
    const bWs = await connectSocket(s.url, { token: bob.token });
    const all = await send(s, carol, g, '@all hello', { at: '0' }, true);
    const pushed = await bWs.next<{ msg_id: number; at: number[] }>('group', (d) => d.msg_id === all.body.data.msg_id);
    expect(pushed.data.at).toContain(bob.id);
    const mine = await send(s, alice, g, '@bob hi', { at: [bob.id] });
    for (let i = 0; i < 3; i++) await send(s, alice, g, `filler ${i}`);
    const listed = (await post('getContactInfo', bob, { id: g })).body.data;
    expect(listed.is_at).toBe(2);
    // The page of 3 does not reach either mention: both stay unread and the push lists both.
    await post('getMessageList', bob, { toContactId: g, limit: 3 });
    const push = await bWs.next<{ list: Row[]; count: number }>('atMsgList');
    expect(push.data.count).toBe(listed.is_at);
    expect(push.data.list.map((r) => r.msg_id)).toEqual([all.body.data.msg_id, mine.body.data.msg_id]);
    bWs.close();
  });

  it('opening a group whose page holds my new mention pushes the emptied list, though it equals the last one', async () => {
    const gid = await makeGroup(s, alice, [bob, carol]);
    const g = `group-${gid}`;
    const bWs = await connectSocket(s.url, { token: bob.token });
    await send(s, carol, g, '@bob early', { at: [bob.id] });
    await post('getMessageList', bob, { toContactId: g });
    // That open read the mention it showed: the list went from one to none.
    expect((await bWs.next<{ count: number }>('atMsgList')).data.count).toBe(0);
    // A new mention comes (the client counts it: is_at 1) and the next open shows and reads it.
    await send(s, carol, g, '@bob again', { at: [bob.id] });
    expect((await post('getContactInfo', bob, { id: g })).body.data.is_at).toBe(1);
    await post('getMessageList', bob, { toContactId: g });
    expect((await bWs.next<{ count: number; list: Row[] }>('atMsgList')).data).toMatchObject({ count: 0, list: [] });
    expect((await post('getContactInfo', bob, { id: g })).body.data.is_at).toBe(0);
    bWs.close();
  });
});
