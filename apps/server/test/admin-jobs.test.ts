import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startMailCatcher, startTestServer, type TestServer, type TestUser } from './helpers/index';
import { seedAdminPeople, sendText } from './admin-fixtures';
import { PURGE_HOUR } from '../src/modules/admin/purge';

/** Invitations, the test mail, the nightly purge and the audit log. */

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

/** After the clock jumped past the tokens' lifetime, everyone logs in again. */
async function relogin(): Promise<void> {
  for (const u of [alice, bob, carol, dave]) u.token = (await login(s.api, u.account, u.password)).authToken;
}

const call = (who: TestUser, path: string, body: Record<string, unknown>, lang = 'en') =>
  s.api.post(path, body, { token: who.token, lang });

describe('invitation links', () => {
  it('hands out single-use codes valid for 2 days that invite-only registration accepts', async () => {
    expect((await call(alice, '/manage/config/setConfig', { name: 'sysInfo', value: { regtype: 2 } })).body.code).toBe(
      0,
    );
    const reg = (account: string, inviteCode?: string) =>
      s.api.post(
        '/common/pub/register',
        { account, realname: 'Inv', password: 'secret1', ...(inviteCode ? { inviteCode } : {}) },
        { lang: 'en' },
      );
    expect((await reg('nocode1')).body).toMatchObject({ code: 400, msg: 'Invalid or expired invitation' });

    const link = await call(carol, '/manage/config/getInviteLink', {});
    expect(link.body.data).toMatch(new RegExp(`^${s.url}/#/register\\?inviteCode=[A-Za-z0-9]{8}$`));
    const code = String(link.body.data).split('inviteCode=')[1] ?? '';
    expect((await reg('invited1', code)).body.code).toBe(0);
    expect((await reg('invited2', code)).body.msg).toBe('Invalid or expired invitation');

    const later =
      String((await call(carol, '/manage/config/getInviteLink', {})).body.data).split('inviteCode=')[1] ?? '';
    s.clock.advance(172_800_000 + 1000);
    expect((await reg('invited3', later)).body.msg).toBe('Invalid or expired invitation');
    await call(alice, '/manage/config/setConfig', { name: 'sysInfo', value: { regtype: 1 } });
  });
});

describe('sendTestEmail', () => {
  it('sends through the saved SMTP settings', async () => {
    const catcher = await startMailCatcher();
    try {
      const port = Number(new URL(catcher.url).port);
      await call(alice, '/manage/config/setConfig', {
        name: 'smtp',
        value: { host: '127.0.0.1', port, security: 'tls', addr: 'noreply@example.com', pass: '' },
      });
      const res = await call(carol, '/manage/config/sendTestEmail', { email: 'ops@example.com' });
      expect(res.body).toMatchObject({ code: 0, msg: 'Test e-mail sent' });
      const mail = await catcher.next('ops@example.com');
      expect(mail.raw).toContain('test e-mail');
    } finally {
      await catcher.close();
    }
  });

  it("answers with the SMTP server's own words, in the request's language", async () => {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_addr, _session, cb) {
        const err = new Error('Mailbox unavailable for policy reasons') as Error & { responseCode: number };
        err.responseCode = 550;
        cb(err);
      },
      authOptional: true,
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await call(alice, '/manage/config/setConfig', {
        name: 'smtp',
        value: { host: '127.0.0.1', port, security: 'tls', addr: 'noreply@example.com' },
      });
      const en = await call(carol, '/manage/config/sendTestEmail', { email: 'ops@example.com' });
      expect(en.body.code).toBe(400);
      expect(en.body.msg).toMatch(/^The test e-mail could not be sent: .*550.*Mailbox unavailable for policy reasons/);
      const zh = await call(carol, '/manage/config/sendTestEmail', { email: 'ops@example.com' }, 'zh-CN');
      expect(zh.body.msg).toMatch(/^测试邮件发送失败：.*Mailbox unavailable/);
      expect((await call(carol, '/manage/config/sendTestEmail', { email: 'not-mail' })).body.msg).toBe(
        'Please enter a valid e-mail address',
      );
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('the nightly purge', () => {
  it('deletes messages older than msgClearDay in batches, keeping announcements, favourites and newer messages', async () => {
    await call(alice, '/manage/index/publishNotice', { title: 'Keep me', content: 'announcement' });
    await sendText(s, bob, -1, 'my favourite note');
    const old = [];
    for (let i = 0; i < 3; i++) old.push(await sendText(s, bob, dave.id, `old ${i}`));
    s.clock.advance(31 * 86_400_000);
    await relogin();
    const fresh = await sendText(s, bob, dave.id, 'fresh');
    // Off by default: nothing happens.
    expect((await s.services.purge.runIfLeader()).ran).toBe(false);
    await call(alice, '/manage/config/setConfig', { name: 'chatInfo', value: { msgClear: 1, msgClearDay: 30 } });
    const result = await s.services.purge.purge();
    expect(result).toMatchObject({ ran: true, messages: 3 });
    // Their search-index rows went with them; the newer message's stayed.
    const indexed = async (msgIds: number[]) =>
      (await s.database.db.selectFrom('message_terms').select('msg_id').where('msg_id', 'in', msgIds).execute()).length;
    expect(await indexed(old.map((m) => m.msg_id))).toBe(0);
    expect(await indexed([fresh.msg_id])).toBeGreaterThan(0);
    const rows = await call(alice, '/manage/message/index', { user_id: bob.id, toContactId: dave.id });
    expect(rows.body.data.map((m: { id: string }) => m.id)).toEqual([fresh.id]);
    expect(
      (await call(bob, '/enterprise/im/getMessageList', { toContactId: -1 })).body.data.some(
        (m: { content: string }) => m.content === 'my favourite note',
      ),
    ).toBe(true);
    expect(
      (await call(alice, '/manage/index/noticeList', {})).body.data.some(
        (n: { title: string }) => n.title === 'Keep me',
      ),
    ).toBe(true);
    // The conversation's newest message is the remaining one.
    const contacts = await call(dave, '/enterprise/im/getContacts', {});
    expect(contacts.body.data.find((c: { id: number }) => c.id === bob.id)?.lastContent).toBe('fresh');
    await call(alice, '/manage/config/setConfig', { name: 'chatInfo', value: { msgClear: 0 } });
  });

  it('runs on exactly one node of many', async () => {
    await relogin();
    const second = await startTestServer({ sameDatabaseAs: s, fanout: 'redis' });
    try {
      await call(alice, '/manage/config/setConfig', { name: 'chatInfo', value: { msgClear: 1, msgClearDay: 30 } });
      // The lease a node took lasts the night; the next night it is free again. Moving the clock
      // fires the nodes' own nightly timer, which purges (and takes the lease) when it lands in the
      // purge hour, 02:00: the test then failed whenever it ran between 02:00 and 03:00. Land an
      // hour later then, so the three calls below are the only ones taking it.
      const day = 86_400_000;
      s.clock.advance(new Date(s.clock.now() + day).getHours() === PURGE_HOUR ? day + 3_600_000 : day);
      second.clock.advance(s.clock.now() - second.clock.now());
      await relogin();
      const results = await Promise.all([
        s.services.purge.runIfLeader(),
        second.services.purge.runIfLeader(),
        s.services.purge.runIfLeader(),
      ]);
      expect(results.filter((r) => r.ran)).toHaveLength(1);
    } finally {
      await call(alice, '/manage/config/setConfig', { name: 'chatInfo', value: { msgClear: 0 } });
      await second.close();
    }
  });
});

describe('the audit log', () => {
  it('records who did what to what, including reading a private conversation; only the super-administrator reads it', async () => {
    await sendText(s, bob, dave.id, 'private');
    await call(carol, '/manage/message/index', { user_id: bob.id, toContactId: dave.id });
    await call(carol, '/manage/user/edit', { user_id: dave.id, remark: 'checked' });
    const log = await call(alice, '/manage/audit/index', { limit: 5 });
    expect(log.body.code).toBe(0);
    const [edit, read] = log.body.data;
    expect(edit).toMatchObject({
      actor_id: carol.id,
      actor: { account: 'carol' },
      action: 'user.edit',
      target_type: 'user',
      target_id: String(dave.id),
      detail: { fields: ['remark'] },
    });
    expect(read).toMatchObject({
      actor_id: carol.id,
      action: 'message.index',
      target_type: 'chat',
      target_id: `${Math.min(bob.id, dave.id)}-${Math.max(bob.id, dave.id)}`,
    });
    expect(read.create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const onlyReads = await call(alice, '/manage/audit/index', { action: 'message.index' });
    // The filter keeps carol's read (so the list is not empty) and nothing of another action.
    expect(onlyReads.body.data.length).toBeGreaterThan(0);
    expect(onlyReads.body.data.every((r: { action: string }) => r.action === 'message.index')).toBe(true);
    expect((await call(carol, '/manage/audit/index', {})).body.msg).toBe('Only the super-administrator can do this');
  });
});

describe('clearing every conversation', () => {
  it('empties the search index with the messages, keeping announcements', async () => {
    await relogin();
    await call(alice, '/manage/index/publishNotice', { title: 'Still here', content: 'announcement' });
    const m = await sendText(s, bob, dave.id, 'soon cleared albatross');
    const cleared = await call(alice, '/manage/index/clearMessage', {});
    expect(cleared.body.code, cleared.body.msg).toBe(0);
    expect(await s.database.db.selectFrom('message_terms').select('msg_id').execute()).toEqual([]);
    const found = await call(dave, '/enterprise/im/search', { keywords: 'albatross', type: 'messages' });
    expect(found.body.code, found.body.msg).toBe(0);
    expect(JSON.stringify(found.body.data)).not.toContain(m.id);
    expect(
      (await call(alice, '/manage/index/noticeList', {})).body.data.some(
        (n: { title: string }) => n.title === 'Still here',
      ),
    ).toBe(true);
  });
});
