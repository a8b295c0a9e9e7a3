import { afterAll, describe, expect, it } from 'vitest';
import { login, registerAndLogin, startMailCatcher } from './helpers/index';
import { serverWithPeople } from './chat-fixtures';

/** PROTOCOL §2.4 editPassword, editAccount, updateUserInfo, setting; §3.2 getUserInfo. */

const mail = await startMailCatcher();
afterAll(() => mail.close());
const { s, alice, bob } = await serverWithPeople([], { config: { smtpUrl: mail.url } });
let seq = 0;

const fresh = (account = `prof${++seq}user`) =>
  registerAndLogin(s.api, { account, realname: 'Someone', password: 'pass-word1' });
const call = (path: string, token: string, body: Record<string, unknown> = {}, form = false) =>
  s.api.post(path, body, { token, form, lang: 'en' });
const alive = async (token: string) => (await call('/enterprise/im/updateUserInfo', token)).body.code;

describe.each([
  ['json', false],
  ['form', true],
] as const)('with %s bodies', (_kind, form) => {
  it('editPassword needs the old password or a code, then ends the other sessions', async () => {
    const u = await fresh();
    const other = await login(s.api, u.account, u.password, { terminal: 'app' });
    const path = '/enterprise/im/editPassword';
    expect((await call(path, u.token, { password: 'new-pass1' }, form)).body.msg).toBe('Give your password or a code');
    expect((await call(path, u.token, { password: 'new-pass1', originalPassword: 'wrong-one' }, form)).body.msg).toBe(
      'Current password is wrong',
    );
    expect((await call(path, u.token, { password: '123', originalPassword: u.password }, form)).body.msg).toBe(
      'Passwords have 6–16 characters',
    );
    const ok = await call(path, u.token, { password: ' new pass ', originalPassword: u.password }, form);
    expect(ok.body.code).toBe(0);
    expect(await alive(u.token)).toBe(0);
    expect(await alive(other.authToken)).toBe(-1);
    expect((await s.api.post('/common/pub/login', { account: u.account, password: u.password })).body.code).toBe(400);
    await login(s.api, u.account, ' new pass ');
  });

  it('editAccount renames, keeps this session and ends the others', async () => {
    const u = await fresh();
    const other = await login(s.api, u.account, u.password, { terminal: 'app' });
    const path = '/enterprise/im/editAccount';
    expect((await call(path, u.token, { account: 'abc' }, form)).body.msg).toBe('Accounts have 4–32 characters');
    expect((await call(path, u.token, { account: bob.account }, form)).body.msg).toBe('This account is taken');
    const account = `renamed${seq}`;
    expect((await call(path, u.token, { account }, form)).body.code).toBe(0);
    expect(await alive(u.token)).toBe(0);
    expect(await alive(other.authToken)).toBe(-1);
    expect((await login(s.api, account, u.password)).userInfo.account).toBe(account);
  });

  it('updateUserInfo changes the profile and answers Self', async () => {
    const u = await fresh();
    const path = '/enterprise/im/updateUserInfo';
    const res = await call(path, u.token, { realname: '李四', email: 'li@example.com', motto: 'Hi', sex: '0' }, form);
    expect(res.body).toMatchObject({
      code: 0,
      data: { realname: '李四', name_py: 'lisi', email: 'li@example.com', motto: 'Hi', sex: 0, id: u.id },
    });
    expect((await call(path, u.token, { email: 'nope' }, form)).body.msg).toBe('Please enter a valid e-mail address');
    expect((await call(path, u.token, { motto: 'm'.repeat(101) }, form)).body.msg).toBe(
      'Mottos are limited to 100 characters',
    );
    expect((await call(path, u.token, { sex: 3 }, form)).body.msg).toBe('Please choose a valid gender');
    expect((await call(path, u.token, { email: '' }, form)).body.data.email).toBe('');
  });

  it('setting merges keys into the defaults, typed', async () => {
    const u = await fresh();
    const path = '/enterprise/im/setting';
    expect((await call(path, u.token, {}, form)).body.msg).toBe('There are no settings to save');
    expect(
      (await call(path, u.token, { sendKey: '2', isVoice: '0', theme: 'dark', custom: 'x' }, form)).body.code,
    ).toBe(0);
    expect((await call(path, u.token, { hideMessageTime: 'true' }, form)).body.code).toBe(0);
    expect((await call(path, u.token, { sendKey: 9 }, form)).body.msg).toBe('Invalid parameter: sendKey');
    expect((await call(path, u.token, { custom: 'x'.repeat(4100) }, form)).body.msg).toBe('The settings are too large');
    const me = await login(s.api, u.account, u.password);
    expect(me.userInfo.setting).toEqual({
      sendKey: 2,
      theme: 'dark',
      isVoice: false,
      avatarCricle: false,
      hideMessageName: false,
      hideMessageTime: true,
      custom: 'x',
    });
  });

  it('getUserInfo shows oneself in full and masks others outside the contact set', async () => {
    const u = await fresh(`masked${seq}name`);
    await call('/enterprise/im/updateUserInfo', u.token, { email: 'm@example.com' });
    const path = '/enterprise/im/getUserInfo';
    const own = await call(path, u.token, { user_id: u.id }, form);
    expect(own.body.data).toMatchObject({
      account: u.account,
      email: 'm@example.com',
      last_login_ip: expect.stringMatching(/\d$/),
    });
    const seen = await call(path, bob.token, { user_id: String(u.id) }, form);
    expect(seen.body.data).toMatchObject({
      id: u.id,
      account: `${u.account.slice(0, 3)}******${u.account.slice(-2)}`,
      email: '',
      location: 'Unknown',
      is_online: 0,
      friend: '',
      last_login_ip: expect.stringMatching(/\*\.\*$/),
    });
    expect(Object.keys(seen.body.data).sort()).toEqual(
      [
        'id',
        'user_id',
        'account',
        'realname',
        'displayName',
        'avatar',
        'sex',
        'motto',
        'email',
        'name_py',
        'location',
        'last_login_ip',
        'is_online',
        'friend',
        // §18
        'dep_id',
        'dep_name',
        'position',
      ].sort(),
    );
    const byAdmin = await call(
      path,
      (await login(s.api, alice.account, alice.password)).authToken,
      { user_id: u.id },
      form,
    );
    expect(byAdmin.body.data.account).toBe(u.account);
    expect((await call(path, bob.token, { user_id: 99999 }, form)).body).toMatchObject({
      code: 400,
      msg: 'Contact does not exist',
    });
    expect((await call(path, bob.token, {}, form)).body.msg).toBe('Invalid parameter: user_id');
  });
});

describe('account rules that depend on site settings', () => {
  it('in runMode 1 everyone is a contact; ipregion 0 hides places and addresses', async () => {
    const u = await fresh();
    await s.services.config.set('sysInfo', { runMode: 1, ipregion: 0 });
    try {
      const res = await call('/enterprise/im/getUserInfo', bob.token, { user_id: u.id });
      expect(res.body.data).toMatchObject({ account: u.account, location: '', last_login_ip: '' });
    } finally {
      await s.services.config.set('sysInfo', {});
    }
  });

  it('runMode 1 without diyName locks names', async () => {
    const u = await fresh();
    await s.services.config.set('sysInfo', { runMode: 1, diyName: 0 });
    try {
      const res = await call('/enterprise/im/updateUserInfo', u.token, { realname: 'New Name' });
      expect(res.body).toMatchObject({ code: 400, msg: 'Changing your name is not allowed' });
    } finally {
      await s.services.config.set('sysInfo', {});
    }
  });

  it('a demo site refuses password changes except for the super-administrator', async () => {
    const u = await fresh();
    const admin = await login(s.api, alice.account, alice.password);
    await s.services.config.set('demon_mode', true);
    try {
      const res = await call('/enterprise/im/editPassword', u.token, {
        password: 'new-pass1',
        originalPassword: u.password,
      });
      expect(res.body.msg).toBe('Changes are disabled on this demo site');
      const own = await call('/enterprise/im/editPassword', admin.authToken, {
        password: alice.password,
        originalPassword: alice.password,
      });
      expect(own.body.code).toBe(0);
    } finally {
      await s.services.config.set('demon_mode', false);
    }
  });

  it('editPassword by code: a type-3 code mailed to the own e-mail account', async () => {
    const u = await fresh(`pwcode${seq}@example.com`);
    await s.api.post('/common/pub/sendCode', { type: 3 }, { token: u.token });
    const { code } = await mail.next(u.account);
    const res = await call('/enterprise/im/editPassword', u.token, { password: 'by-code-1', code }, true);
    expect(res.body.code).toBe(0);
    await login(s.api, u.account, 'by-code-1');
  });

  it('a verified account changes only with a code to it, and a new e-mail account needs its own code', async () => {
    await s.services.config.set('sysInfo', { regauth: 2 });
    try {
      const account = `verified${seq}@example.com`;
      await s.api.post('/common/pub/sendCode', { account, type: 2 });
      const reg = await s.api.post('/common/pub/register', {
        account,
        realname: 'Verified',
        password: 'pass-word1',
        code: (await mail.next(account)).code,
      });
      expect(reg.body.code).toBe(0);
      const u = await login(s.api, account, 'pass-word1');
      const target = `moved${seq}@example.com`;
      const path = '/enterprise/im/editAccount';
      expect((await call(path, u.authToken, { account: target })).body.msg).toBe('Invalid parameter: code');
      s.clock.advance(60_000);
      await s.api.post('/common/pub/sendCode', { type: 4 }, { token: u.authToken });
      const oldCode = (await mail.next(account)).code;
      expect((await call(path, u.authToken, { account: target, code: oldCode })).body.msg).toBe(
        'Invalid parameter: newCode',
      );
      await s.api.post('/common/pub/sendCode', { account: target, type: 4 }, { token: u.authToken });
      const newCode = (await mail.next(target)).code;
      expect((await call(path, u.authToken, { account: target, code: oldCode, newCode }, true)).body.code).toBe(0);
      const moved = await login(s.api, target, 'pass-word1');
      expect(moved.userInfo).toMatchObject({ account: target, email: target, is_auth: 1 });
    } finally {
      await s.services.config.set('sysInfo', {});
    }
  });
});
