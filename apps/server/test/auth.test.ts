import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionsRevoked } from '../src/modules/auth/index';
import { login, people, registerAndLogin, startTestServer, type TestServer, type TestUser } from './helpers/index';

/** PROTOCOL §2.1–§2.3 and the login / logout rows of §2.4, JSON and form bodies alike. */

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
let s: TestServer;
let alice: TestUser;
let seq = 0;
const revocations: SessionsRevoked[] = [];

beforeAll(async () => {
  s = await startTestServer();
  s.services.sessions.onRevoked((ev) => void revocations.push(ev));
  alice = await registerAndLogin(s.api, people.alice);
});
afterAll(async () => s?.close());

/** A fresh ordinary user per test, so tests do not disturb each other's sessions. */
async function freshUser(): Promise<TestUser> {
  seq += 1;
  return registerAndLogin(s.api, { account: `user${seq}x`, realname: `User ${seq}`, password: 'pass-word1' });
}

const me = (token: string, opts: { form?: boolean; lang?: string } = {}) =>
  s.api.post('/enterprise/im/updateUserInfo', {}, { token, ...opts });

describe('the first account', () => {
  it('is the super-administrator; later ones are ordinary users', async () => {
    const a = await login(s.api, people.alice.account, people.alice.password);
    expect(a.userInfo.role).toBe(1);
    const u = await freshUser();
    const b = await login(s.api, u.account, u.password);
    expect(b.userInfo.role).toBe(0);
  });
});

describe.each([
  ['json', false],
  ['form', true],
] as const)('login with a %s body', (_kind, form) => {
  it('returns a bearer token, the session id and the Self object', async () => {
    const u = await freshUser();
    const res = await s.api.post(
      '/common/pub/login',
      { account: u.account, password: u.password, client_id: 'abc' },
      { form, lang: 'en' },
    );
    expect(res.body).toMatchObject({ code: 0, msg: 'Logged in', page: 1 });
    const { authToken, sessionId, userInfo } = res.body.data;
    expect(authToken).toMatch(/^bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(userInfo).toMatchObject({
      id: u.id,
      user_id: u.id,
      account: u.account,
      realname: u.realname,
      displayName: u.realname,
      role: 0,
      status: 1,
      is_auth: 0,
      sex: 2,
      setting: {
        sendKey: 1,
        theme: 'default',
        isVoice: true,
        avatarCricle: false,
        hideMessageName: false,
        hideMessageTime: false,
      },
    });
    expect(userInfo.avatar).toBe(`${s.url}/static/img/avatar.png`);
    expect(userInfo.qrUrl).toMatch(new RegExp(`^${s.url}/scan/u/\\S+$`));
    expect(userInfo.last_login_time).toBeGreaterThan(0);
    expect(JSON.stringify(userInfo)).not.toMatch(/scrypt|password/);
    const payload = JSON.parse(Buffer.from(authToken.split('.')[1], 'base64url').toString());
    expect(Object.keys(payload).sort()).toEqual(['exp', 'iat', 'jti', 'sub', 'terminal']);
    expect(payload.exp - payload.iat).toBe(2_592_000);
    expect(payload).toMatchObject({ sub: String(u.id), jti: sessionId, terminal: 'web' });
  });

  it('refuses a wrong password or an unknown account with one text', async () => {
    const u = await freshUser();
    const wrong = await s.api.post('/common/pub/login', { account: u.account, password: 'nope-nope' }, { form });
    const unknown = await s.api.post('/common/pub/login', { account: `ghost${seq}`, password: 'nope-nope' }, { form });
    expect(wrong.body).toMatchObject({ code: 400, msg: '账号或密码不正确', data: '', page: 0 });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('needs an account, and a password or code', async () => {
    const r1 = await s.api.post('/common/pub/login', { password: 'x' }, { form, lang: 'en' });
    expect(r1.body).toMatchObject({ code: 400, msg: 'Invalid parameter: account' });
    const r2 = await s.api.post('/common/pub/login', { account: 'alice' }, { form, lang: 'en' });
    expect(r2.body).toMatchObject({ code: 400, msg: 'Invalid parameter: password' });
  });

  it('refuses single sign-on tokens', async () => {
    const res = await s.api.post('/common/pub/login', { token: 'sso-ticket' }, { form, lang: 'en' });
    expect(res.body).toMatchObject({ code: 400, msg: 'This login method is not available' });
  });
});

describe('the login guard', () => {
  it('blocks after 6 failures even with the right password, lapses 300 s after the last', async () => {
    const u = await freshUser();
    for (let i = 0; i < 6; i++) {
      const r = await s.api.post('/common/pub/login', { account: u.account.toUpperCase(), password: 'wrong-pw' });
      expect(r.body.msg).toBe('账号或密码不正确');
    }
    const blocked = await s.api.post('/common/pub/login', { account: u.account, password: u.password }, { lang: 'en' });
    expect(blocked.body).toMatchObject({ code: 400, msg: 'Too many attempts, try again in 5 minutes' });
    s.clock.advance(299_000);
    expect((await s.api.post('/common/pub/login', { account: u.account, password: u.password })).body.code).toBe(400);
    s.clock.advance(1_000);
    expect((await s.api.post('/common/pub/login', { account: u.account, password: u.password })).body.code).toBe(0);
  });

  it('holds under 200 parallel wrong passwords and 40 parallel guesses with the right one among them', async () => {
    const u = await freshUser();
    const checked = async (n: number, right: number) => {
      const answers = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          s.api.post(
            '/common/pub/login',
            { account: u.account, password: i === right ? u.password : `wrong-${i}` },
            { lang: 'en' },
          ),
        ),
      );
      return answers.map((a) => a.body.msg as string);
    };
    const wrong = await checked(200, -1);
    expect(wrong.filter((m) => m === 'Wrong account or password')).toHaveLength(6);
    expect(wrong.filter((m) => m === 'Too many attempts, try again in 5 minutes')).toHaveLength(194);
    s.clock.advance(300_000);
    // At most 6 of the 40 are checked at all, whichever of them carries the right password.
    const guesses = await checked(40, 37);
    expect(guesses.filter((m) => m !== 'Too many attempts, try again in 5 minutes')).toHaveLength(6);
  });

  it('counts wrong old passwords of editPassword with login failures: same lock-out, same message', async () => {
    const u = await freshUser();
    const edit = (originalPassword: string) =>
      s.api.post(
        '/enterprise/im/editPassword',
        { password: 'new-pass-9', originalPassword },
        { token: u.token, lang: 'en' },
      );
    for (let i = 0; i < 3; i++) expect((await edit('wrong-pw')).body.msg).toBe('Current password is wrong');
    for (let i = 0; i < 3; i++) await s.api.post('/common/pub/login', { account: u.account, password: 'wrong-pw' });
    // Six failures through either door: the right old password is refused now, as a login is.
    expect((await edit(u.password)).body).toMatchObject({
      code: 400,
      msg: 'Too many attempts, try again in 5 minutes',
    });
    const blocked = await s.api.post('/common/pub/login', { account: u.account, password: u.password }, { lang: 'en' });
    expect(blocked.body.msg).toBe('Too many attempts, try again in 5 minutes');
    s.clock.advance(300_000);
    expect((await edit(u.password)).body.code).toBe(0);
  });

  it('is cleared by a successful login', async () => {
    const u = await freshUser();
    for (let i = 0; i < 5; i++) await s.api.post('/common/pub/login', { account: u.account, password: 'wrong-pw' });
    await login(s.api, u.account, u.password);
    for (let i = 0; i < 5; i++) await s.api.post('/common/pub/login', { account: u.account, password: 'wrong-pw' });
    await login(s.api, u.account, u.password);
  });
});

describe('checking a token', () => {
  it('accepts the Authorization header in any case, or a token param with or without the prefix', async () => {
    const u = await freshUser();
    const jwt = u.token.slice('bearer '.length);
    expect((await me(`BEARER   ${jwt}`)).body.code).toBe(0);
    expect((await s.api.post('/enterprise/im/updateUserInfo', { token: u.token })).body.code).toBe(0);
    expect((await s.api.post('/enterprise/im/updateUserInfo', { token: jwt }, { form: true })).body.code).toBe(0);
    expect((await s.api.post(`/enterprise/im/updateUserInfo?token=${jwt}`)).body.code).toBe(0);
  });

  it('answers -1 for a missing, forged or expired token', async () => {
    const u = await freshUser();
    const none = await s.api.post('/enterprise/im/updateUserInfo', {}, { lang: 'en' });
    expect(none.body).toMatchObject({ code: -1, msg: 'Please log in first', data: '', page: 0 });
    const [h, p] = u.token.slice(7).split('.');
    const forged = await me(`bearer ${h}.${p}.AAAA`, { lang: 'en' });
    expect(forged.body).toMatchObject({ code: -1, msg: 'Your login is not valid' });
    s.clock.advance(2_592_000_000);
    const expired = await me(u.token, { lang: 'en' });
    expect(expired.body).toMatchObject({ code: -1, msg: 'Your login has expired, please log in again' });
  });

  it('throws a disabled user out at once, and keeps them out', async () => {
    const u = await freshUser();
    expect((await me(u.token)).body.code).toBe(0);
    await s.services.users.setStatus(u.id, 0);
    expect((await me(u.token, { lang: 'en' })).body).toMatchObject({ code: -1, msg: 'This account has been disabled' });
    // Only the right password learns that the account is disabled (§2.4); a wrong one gets the
    // answer anyone gets, and is counted, so a guesser learns nothing.
    const again = await s.api.post('/common/pub/login', { account: u.account, password: u.password }, { lang: 'en' });
    expect(again.body).toMatchObject({ code: 400, msg: 'This account has been disabled' });
    for (let i = 0; i < 5; i++) {
      const wrong = await s.api.post('/common/pub/login', { account: u.account, password: 'not-it-9' }, { lang: 'en' });
      expect(wrong.body).toMatchObject({ code: 400, msg: 'Wrong account or password' });
    }
    const locked = await s.api.post('/common/pub/login', { account: u.account, password: u.password }, { lang: 'en' });
    expect(locked.body).toMatchObject({ code: 400, msg: 'Too many attempts, try again in 5 minutes' });
  });

  it('keeps non-admins out while the site is closed, with the operator text', async () => {
    const u = await freshUser();
    await s.services.config.set('sysInfo', { state: 0, closeTips: 'Back at noon' });
    try {
      expect((await me(u.token)).body).toMatchObject({ code: -1, msg: 'Back at noon' });
      const admin = await login(s.api, alice.account, alice.password);
      expect((await me(admin.authToken)).body.code).toBe(0);
      const l = await s.api.post('/common/pub/login', { account: u.account, password: u.password });
      expect(l.body).toMatchObject({ code: 400, msg: 'Back at noon' });
    } finally {
      await s.services.config.set('sysInfo', {});
    }
  });
});

describe.each([
  ['json', false],
  ['form', true],
] as const)('logout with a %s body', (_kind, form) => {
  it('ends that session only; the token then answers -1', async () => {
    const u = await freshUser();
    const mobile = await login(s.api, u.account, u.password, { terminal: 'app' });
    const res = await s.api.post('/common/pub/logout', { client_id: 'x' }, { token: u.token, form, lang: 'en' });
    expect(res.body).toMatchObject({ code: 0, msg: 'Logged out', data: '' });
    expect((await me(u.token, { lang: 'en' })).body).toMatchObject({
      code: -1,
      msg: 'Your login has expired, please log in again',
    });
    expect((await me(mobile.authToken)).body.code).toBe(0);
    expect(revocations.at(-1)).toEqual({ userId: u.id, jtis: [u.sessionId], reason: 'logout' });
  });

  it('always answers 0, with no token or a dead one', async () => {
    expect((await s.api.post('/common/pub/logout', {}, { form })).body.code).toBe(0);
    expect((await s.api.post('/common/pub/logout', {}, { form, token: 'bearer junk' })).body.code).toBe(0);
  });
});

describe('sessions per terminal kind', () => {
  it('a new login kicks the older session of the same kind only', async () => {
    const u = await freshUser();
    const mobile = await login(s.api, u.account, u.password, { terminal: 'ios' });
    const web2 = await login(s.api, u.account, u.password);
    expect((await me(u.token, { lang: 'en' })).body).toMatchObject({
      code: -1,
      msg: 'Your account was logged in on another device and has been forced to go offline!',
    });
    expect((await me(web2.authToken)).body.code).toBe(0);
    expect((await me(mobile.authToken)).body.code).toBe(0);
    expect(revocations.at(-1)).toEqual({ userId: u.id, jtis: [u.sessionId], reason: 'kicked', terminal: 'web' });
  });

  it('tells mobile from web by the User-Agent when no terminal is given', async () => {
    const u = await freshUser();
    const phone = await s.api.post(
      '/common/pub/login',
      { account: u.account, password: u.password },
      { headers: { 'user-agent': IPHONE } },
    );
    const payload = JSON.parse(Buffer.from(phone.body.data.authToken.split('.')[1], 'base64url').toString());
    expect(payload.terminal).toBe('mobile');
    expect((await me(u.token)).body.code).toBe(0);
  });

  it('revokes nothing at login when multipleLogin is 1', async () => {
    const u = await freshUser();
    await s.services.config.set('sysInfo', { multipleLogin: 1 });
    try {
      const second = await login(s.api, u.account, u.password);
      expect((await me(u.token)).body.code).toBe(0);
      expect((await me(second.authToken)).body.code).toBe(0);
    } finally {
      await s.services.config.set('sysInfo', {});
    }
  });
});
