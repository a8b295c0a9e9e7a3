import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, startTestServer, type TestServer, type TestSocket, type TestUser } from './helpers/index';
import { assertNothing } from './chat-fixtures';
import { freshUser, seedAdminPeople, sendText } from './admin-fixtures';

/** The pushes of the admin console (PROTOCOL §12.3, §11.4) and the rules they follow. */

let s: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  ({ alice, bob, carol, dave } = await seedAdminPeople(s));
});
afterAll(async () => s?.close());

const call = (who: TestUser, path: string, body: Record<string, unknown>, lang = 'en') =>
  s.api.post(path, body, { token: who.token, lang });

describe('admin pushes', () => {
  it('signs a disabled user out at once: sockets close 4003, the token answers -1', async () => {
    const victim = await freshUser(s, alice);
    const ws = await connectSocket(s.url, { token: victim.token });
    expect((await call(carol, '/manage/user/setStatus', { user_id: victim.id, status: 0 })).body.code).toBe(0);
    expect(await ws.closed).toBe(4003);
    expect((await call(victim, '/enterprise/im/getContacts', {})).body.code).toBe(-1);
    const login = await s.api.post(
      '/common/pub/login',
      { account: victim.account, password: victim.password },
      { lang: 'en' },
    );
    // Refused (which words it uses for a disabled account is the login's business).
    expect(login.body.code).toBe(400);
  });

  it('masks a message for exactly its recipients with updateMessage', async () => {
    const sent = await sendText(s, bob, dave.id, 'something rude');
    const bobWs = await connectSocket(s.url, { token: bob.token });
    const daveWs = await connectSocket(s.url, { token: dave.token });
    const carolWs = await connectSocket(s.url, { token: carol.token });
    expect((await call(alice, '/manage/message/dealMsg', { id: sent.id, dealType: 2 })).body.code).toBe(0);
    const masked = '[This message was blocked for breaking the rules]';
    const toBob = await bobWs.next<{ id: string; content: string; toContactId: number }>('updateMessage');
    const toDave = await daveWs.next<{ id: string; content: string; toContactId: number }>('updateMessage');
    expect(toBob.data).toMatchObject({
      id: sent.id,
      msg_id: sent.msg_id,
      type: 'text',
      content: masked,
      toContactId: dave.id,
      is_group: 0,
    });
    expect(toDave.data).toMatchObject({ id: sent.id, content: masked, toContactId: bob.id });
    await carolWs.expectNoneSoFar('updateMessage');
    // What either party reads now is the replacement.
    const list = await call(dave, '/enterprise/im/getMessageList', { toContactId: bob.id });
    expect(list.body.data.find((m: { id: string }) => m.id === sent.id)?.content).toBe(masked);
    for (const w of [bobWs, daveWs, carolWs]) w.close();
  });

  it('deletes a message for everyone with delMessage', async () => {
    const sent = await sendText(s, bob, dave.id, 'delete me');
    const daveWs = await connectSocket(s.url, { token: dave.token });
    expect((await call(carol, '/manage/message/dealMsg', { id: sent.id, dealType: 1 })).body).toMatchObject({
      code: 0,
      msg: 'Deleted',
    });
    expect((await daveWs.next<{ id: string }>('delMessage')).data).toMatchObject({ id: sent.id, toContactId: bob.id });
    daveWs.close();
    expect((await call(carol, '/manage/message/dealMsg', { id: sent.id })).body.code).toBe(400);
  });

  it('sends a new announcement to every bound connection in admin_notice; an edit and a delete stay quiet', async () => {
    const sockets = await Promise.all([bob, dave, carol].map((u) => connectSocket(s.url, { token: u.token })));
    const anon = await connectSocket(s.url);
    const pub = await call(alice, '/manage/index/publishNotice', {
      title: 'Maintenance <tonight>',
      content: '<p>We <b>upgrade</b> at 22:00</p><script>x</script>',
    });
    expect(pub.body.code, pub.body.msg).toBe(0);
    for (const ws of sockets) {
      const ev = await ws.next<{ toContactId: string; is_group: number; content: string }>('simple');
      expect(ev.data).toMatchObject({ toContactId: 'admin_notice', is_group: 2, content: 'Maintenance <tonight>' });
    }
    await anon.expectNoneSoFar('simple');
    const list = await call(carol, '/manage/index/noticeList', { page: 1, limit: 10 });
    const row = list.body.data[0];
    expect(row).toMatchObject({
      title: 'Maintenance <tonight>',
      content: '<h4>Maintenance &lt;tonight&gt;</h4><p>We <b>upgrade</b> at 22:00</p>',
    });
    // Bob reads it in 系统通知.
    const notices = await call(bob, '/enterprise/im/getMessageList', { toContactId: 'admin_notice' });
    expect(notices.body.data.some((m: { msg_id: number }) => m.msg_id === row.msg_id)).toBe(true);
    // Edit.
    expect(
      (await call(alice, '/manage/index/publishNotice', { title: 'Changed', content: 'Later', msgId: row.msg_id })).body
        .code,
    ).toBe(0);
    await sockets[0]?.expectNoneSoFar('simple');
    expect((await call(carol, '/manage/index/noticeList', {})).body.data[0]).toMatchObject({
      msg_id: row.msg_id,
      title: 'Changed',
    });
    // Validation in the request's language.
    expect(
      (await call(alice, '/manage/index/publishNotice', { title: 'x'.repeat(65), content: 'a' })).body,
    ).toMatchObject({ code: 400, msg: 'Invalid parameter: title' });
    expect(
      (await call(alice, '/manage/index/publishNotice', { title: 'T', content: 'a'.repeat(2049) }, 'zh-CN')).body,
    ).toMatchObject({ code: 400, msg: '消息不能超过2048个字' });
    // Delete.
    expect((await call(carol, '/manage/index/delNotice', { id: row.msg_id })).body.code).toBe(0);
    expect(
      (await call(carol, '/manage/index/noticeList', {})).body.data.some(
        (r: { msg_id: number }) => r.msg_id === row.msg_id,
      ),
    ).toBe(false);
    for (const w of [...sockets, anon]) w.close();
  });

  it('pushes statistics to dashboards at most once per 5 s, only when the counts moved', async () => {
    // The round the clock fires has read the totals and queued its push once index() read them after it.
    const tickSettled = async () => {
      s.clock.advance(5000);
      await s.services.dashboard.index(undefined);
    };
    const noStatistics = async (...sockets: TestSocket[]) => {
      for (const ws of sockets) await assertNothing(s, ws, 'statistics');
    };
    const adminWs = await connectSocket(s.url, { token: carol.token });
    const other = await connectSocket(s.url, { token: alice.token });
    const first = await call(carol, '/manage/index/index', { client_id: adminWs.clientId });
    expect(first.body.data).toMatchObject({ onlineCount: 2, clientCount: 2 });
    expect(first.body.data.userCount).toBeGreaterThanOrEqual(4);
    // Nothing moved: no push after 5 s.
    await tickSettled();
    await noStatistics(other, adminWs);
    // Dave comes online: one push within the next 5 s tick, to the dashboard only.
    const daveWs = await connectSocket(s.url, { token: dave.token });
    const bob2 = await connectSocket(s.url, { token: bob.token });
    await noStatistics(adminWs);
    await tickSettled();
    const ev = await adminWs.next<{ onlineCount: number; clientCount: number }>('statistics');
    expect(ev.data).toEqual({ onlineCount: 4, clientCount: 4 });
    await noStatistics(other, adminWs);
    daveWs.close();
    await daveWs.closed;
    await expect.poll(async () => (await s.app.services.dashboard.index(undefined)).clientCount).toBe(3);
    s.clock.advance(5000);
    expect((await adminWs.next<{ onlineCount: number }>('statistics')).data).toEqual({
      onlineCount: 3,
      clientCount: 3,
    });
    for (const w of [adminWs, other, bob2]) w.close();
  });
});

describe('admin role rules', () => {
  it('keeps the super-administrator out of reach: never disabled or deleted, edited only by themselves', async () => {
    for (const [path, body] of [
      ['/manage/user/setStatus', { user_id: alice.id, status: 0 }],
      ['/manage/user/del', { user_id: alice.id }],
      ['/manage/user/editPassword', { user_id: alice.id, password: 'hacked1' }],
      ['/manage/user/edit', { user_id: alice.id, realname: 'Eve' }],
    ] as const) {
      expect((await call(carol, path, body)).body, path).toMatchObject({
        code: 400,
        msg: 'This cannot be done to the super-administrator',
      });
    }
    expect((await call(alice, '/manage/user/setStatus', { user_id: alice.id, status: 0 })).body.code).toBe(400);
    expect((await call(alice, '/manage/user/del', { user_id: alice.id })).body.code).toBe(400);
    expect(
      (await call(alice, '/manage/user/edit', { user_id: alice.id, motto: 'x', realname: 'Alice A' })).body.code,
    ).toBe(0);
  });

  it('lets only the super-administrator give roles, also through add and edit', async () => {
    const u = await freshUser(s, alice);
    expect((await call(carol, '/manage/user/edit', { user_id: u.id, role: 2 })).body.msg).toBe(
      'Only the super-administrator can do this',
    );
    expect(
      (await call(carol, '/manage/user/add', { account: 'sneaky1', realname: 'S', password: 'secret1', role: 2 })).body
        .msg,
    ).toBe('Only the super-administrator can do this');
    expect((await call(alice, '/manage/user/edit', { user_id: u.id, role: 2 })).body.data.role).toBe(2);
    expect((await call(alice, '/manage/user/setRole', { user_id: u.id, role: 3 })).body).toMatchObject({
      code: 400,
      msg: 'Invalid parameter: role',
    });
  });

  it('validates user fields with the registration rules', async () => {
    expect(
      (await call(carol, '/manage/user/add', { account: 'ab', realname: 'S', password: 'secret1' })).body.msg,
    ).toBe('Accounts have 4–32 characters');
    expect(
      (await call(carol, '/manage/user/add', { account: 'bob01', realname: 'S', password: 'secret1' })).body.msg,
    ).toBe('This account is taken');
    expect(
      (await call(carol, '/manage/user/add', { account: 'okname', realname: 'S', password: '123' })).body.msg,
    ).toBe('Passwords have 6–16 characters');
    expect((await call(carol, '/manage/user/edit', { user_id: bob.id, email: 'nope' })).body.msg).toBe(
      'Please enter a valid e-mail address',
    );
    expect((await call(carol, '/manage/user/edit', { user_id: bob.id, cs_uid: bob.id })).body.msg).toBe(
      'Invalid parameter: cs_uid',
    );
  });

  it('resets a password: the old sessions end, the new password logs in', async () => {
    const u = await freshUser(s, alice);
    const ws = await connectSocket(s.url, { token: u.token });
    expect((await call(carol, '/manage/user/editPassword', { user_id: u.id, password: 'brand-new1' })).body.code).toBe(
      0,
    );
    expect(await ws.closed).toBe(4003);
    expect((await call(u, '/enterprise/im/getContacts', {})).body.code).toBe(-1);
    expect((await s.api.post('/common/pub/login', { account: u.account, password: 'brand-new1' })).body.code).toBe(0);
  });

  it('deletes a user: gone from lists, friendships and groups, the account stays reserved', async () => {
    const u = await freshUser(s, alice);
    const g = await s.api.post(
      '/enterprise/group/add',
      { user_ids: [bob.id, dave.id], name: 'Owned' },
      { token: u.token },
    );
    const groupId = Number(String(g.body.data.id).replace('group-', ''));
    const bobWs = await connectSocket(s.url, { token: bob.token });
    expect((await call(carol, '/manage/user/del', { user_id: u.id })).body.code).toBe(0);
    // The group passes to its longest-standing member.
    const owner = await bobWs.next<{ group_id: string; user_id: number }>('changeOwner');
    expect(owner.data.group_id).toBe(`group-${groupId}`);
    bobWs.close();
    const list = await call(carol, '/manage/user/index', { keywords: u.account });
    expect(list.body.count).toBe(0);
    expect(
      (await call(carol, '/manage/user/add', { account: u.account, realname: 'Again', password: 'secret1' })).body.msg,
    ).toBe('This account is taken');
    const members = await call(carol, '/manage/group/groupUserList', { group_id: groupId });
    expect(members.body.data.map((m: { user_id: number }) => m.user_id)).not.toContain(u.id);
  });

  it('lists, searches, sorts and pages users', async () => {
    const page1 = await call(carol, '/manage/user/index', { order_field: 'account', order_type: 1, limit: 2, page: 1 });
    expect(page1.body.data).toHaveLength(2);
    expect(page1.body.count).toBeGreaterThanOrEqual(4);
    const accounts = page1.body.data.map((u: { account: string }) => u.account);
    expect([...accounts].sort()).toEqual(accounts);
    expect(page1.body.data[0]).not.toHaveProperty('setting');
    expect(page1.body.data[0].last_login_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const found = await call(carol, '/manage/user/index', { keywords: 'BOB' });
    expect(found.body.data.map((u: { id: number }) => u.id)).toEqual([bob.id]);
  });
});
