import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerAndLogin, type MailCatcher, type TestServer, type TestUser } from './helpers/index';
import { serverWithMail } from './mail-fixtures';

/**
 * Issue 42 #3: bind or change an e-mail with codes (bindEmail), shown as verified (`email_auth`),
 * and code login, password login and reset by that bound address — never by an unproved one,
 * and with answers that tell nobody which addresses are bound (§2.4).
 */

let s: TestServer;
let mail: MailCatcher;
let seq = 0;
const address = () => `bound${++seq}@example.com`;

beforeAll(async () => {
  ({ s, mail } = await serverWithMail());
});
afterAll(async () => {
  await s?.close();
  await mail?.close();
});

const post = (path: string, body: Record<string, unknown>, token?: string) =>
  s.api.post(path, body, { lang: 'en', ...(token ? { token } : {}) });

async function person(): Promise<TestUser> {
  return registerAndLogin(s.api, { account: `plain${++seq}x`, realname: 'Plain', password: 'pass-word1' });
}

/** Asks a type-4 code for `to` while signed in as `u`, and reads it from the mailbox. */
async function changeCode(u: TestUser, to: string): Promise<string> {
  const sent = await post('/common/pub/sendCode', { account: to, type: 4 }, u.token);
  expect(sent.body, sent.body.msg).toMatchObject({ code: 0, msg: 'Code sent' });
  return (await mail.next(to)).code ?? '';
}

async function bind(u: TestUser, email: string, extra: Record<string, unknown> = {}) {
  const newCode = await changeCode(u, email);
  return post('/enterprise/im/bindEmail', { email, newCode, ...extra }, u.token);
}

describe('binding an e-mail', () => {
  it('binds with a code and the address then signs in by code and by password and resets the password', async () => {
    const u = await person();
    const email = address();
    const before = await post('/enterprise/im/updateUserInfo', {}, u.token);
    expect(before.body.data).toMatchObject({ email: '', email_auth: 0 });

    const bound = await bind(u, email);
    expect(bound.body).toMatchObject({ code: 0, msg: 'Saved', data: { email, email_auth: 1, account: u.account } });

    // Code login by the bound address; password login by it typed in another case.
    s.clock.advance(60_000);
    expect((await post('/common/pub/sendCode', { account: email, type: 1 })).body.msg).toBe('Code sent');
    const loginMail = await mail.next(email);
    const byCode = await post('/common/pub/login', { account: email, code: loginMail.code });
    expect(byCode.body, byCode.body.msg).toMatchObject({ code: 0, data: { userInfo: { id: u.id } } });
    const byPassword = await post('/common/pub/login', { account: email.toUpperCase(), password: u.password });
    expect(byPassword.body).toMatchObject({ code: 0, data: { userInfo: { id: u.id } } });

    // Reset by the bound address; the account name signs in with the new password.
    s.clock.advance(60_000);
    expect((await post('/common/pub/sendCode', { account: email, type: 3 })).body.msg).toBe('Code sent');
    const resetMail = await mail.next(email);
    const reset = await post('/common/pub/resetPassword', {
      account: email,
      code: resetMail.code,
      password: 'new-pass-1',
    });
    expect(reset.body, reset.body.msg).toMatchObject({ code: 0 });
    expect((await login(s.api, u.account, 'new-pass-1')).userInfo.id).toBe(u.id);
    // The code was single use.
    const again = await post('/common/pub/resetPassword', {
      account: email,
      code: resetMail.code,
      password: 'x-pass-22',
    });
    expect(again.body).toMatchObject({ code: 400, msg: 'Wrong or expired code' });
  });

  it('an e-mail set without a code is not looked up, and the answers do not tell', async () => {
    const u = await person();
    const email = address();
    const set = await post('/enterprise/im/updateUserInfo', { email }, u.token);
    expect(set.body.data).toMatchObject({ email, email_auth: 0 });
    const ghost = address();
    for (const account of [email, ghost]) {
      expect((await post('/common/pub/sendCode', { account, type: 1 })).body).toEqual({
        code: 0,
        msg: 'Code sent',
        count: 0,
        data: '',
        page: 1,
      });
    }
    const wrong = await post('/common/pub/login', { account: email, password: u.password });
    expect(wrong.body).toMatchObject({ code: 400, msg: 'Wrong account or password' });
    // A real code to a bound address is mailed after these; nothing went to the unbound ones.
    const other = await person();
    const otherMail = address();
    expect((await bind(other, otherMail)).body.code).toBe(0);
    expect(mail.mails.filter((m) => m.to.includes(email) || m.to.includes(ghost))).toEqual([]);
  });

  it('a verified address changes only with a code to it, and the old one stops signing in', async () => {
    const u = await person();
    const first = address();
    expect((await bind(u, first)).body.code).toBe(0);
    const second = address();

    const locked = await post('/enterprise/im/updateUserInfo', { email: second }, u.token);
    expect(locked.body).toMatchObject({ code: 400, msg: 'Change a verified e-mail address under Account security' });
    expect((await post('/enterprise/im/updateUserInfo', { email: first.toUpperCase() }, u.token)).body.code).toBe(0);

    const noOld = await bind(u, second);
    expect(noOld.body).toMatchObject({ code: 400, msg: 'Invalid parameter: code' });
    s.clock.advance(60_000);
    const oldCode = await changeCode(u, first);
    const newCode = await changeCode(u, second);
    const wrongOld = oldCode === '000000' ? '111111' : '000000';
    const refused = await post('/enterprise/im/bindEmail', { email: second, code: wrongOld, newCode }, u.token);
    expect(refused.body).toMatchObject({ code: 400, msg: 'Wrong or expired code' });
    const moved = await post('/enterprise/im/bindEmail', { email: second, code: oldCode, newCode }, u.token);
    expect(moved.body).toMatchObject({ code: 0, data: { email: second, email_auth: 1 } });

    expect((await post('/common/pub/login', { account: first, password: u.password })).body.code).toBe(400);
    expect((await post('/common/pub/login', { account: second, password: u.password })).body.code).toBe(0);
  });

  it('refuses an address that is someone else’s, but only to its mailbox’s owner', async () => {
    const owner = await person();
    const taken = address();
    expect((await bind(owner, taken)).body.code).toBe(0);
    const u = await person();
    const guess = await post('/enterprise/im/bindEmail', { email: taken, newCode: '123456' }, u.token);
    expect(guess.body).toMatchObject({ code: 400, msg: 'Wrong or expired code' });
    s.clock.advance(60_000);
    expect((await bind(u, taken)).body).toMatchObject({
      code: 400,
      msg: 'This e-mail address belongs to another account',
    });
    const bad = await post('/enterprise/im/bindEmail', { email: 'not-an-address', newCode: '123456' }, u.token);
    expect(bad.body).toMatchObject({ code: 400, msg: 'Please enter a valid e-mail address' });
  });

  it('an e-mail account is verified by binding its own address', async () => {
    const account = address();
    const u = await registerAndLogin(s.api, { account, realname: 'Mail', password: 'pass-word1' });
    const me = await post('/enterprise/im/updateUserInfo', {}, u.token);
    expect(me.body.data).toMatchObject({ account, email: account, is_auth: 0, email_auth: 0 });
    expect((await bind(u, account)).body).toMatchObject({ code: 0, data: { is_auth: 1, email_auth: 1 } });
  });

  it('an unverified e-mail account is verified by editAccount to itself with a code', async () => {
    const account = address();
    const u = await registerAndLogin(s.api, { account, realname: 'Mail', password: 'pass-word1' });
    // Without a code it is the no-op it always was.
    expect((await post('/enterprise/im/editAccount', { account }, u.token)).body.code).toBe(0);
    const wrong = await post('/enterprise/im/editAccount', { account, newCode: '000000' }, u.token);
    expect(wrong.body).toMatchObject({ code: 400, msg: 'Wrong or expired code' });
    const newCode = await changeCode(u, account);
    expect((await post('/enterprise/im/editAccount', { account, newCode }, u.token)).body.code).toBe(0);
    const me = await post('/enterprise/im/updateUserInfo', {}, u.token);
    expect(me.body.data).toMatchObject({ account, is_auth: 1, email_auth: 1 });
  });
});
