import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, people, startMailCatcher, startTestServer, type MailCatcher, type TestServer } from './helpers/index';

/** PROTOCOL §2.4 register: every rule of the row, JSON and form bodies. */

let s: TestServer;
let mail: MailCatcher;
let seq = 0;
const next = () => `reg${++seq}user`;

beforeAll(async () => {
  mail = await startMailCatcher();
  s = await startTestServer({ config: { smtpUrl: mail.url } });
});
afterAll(async () => {
  await s?.close();
  await mail?.close();
});

const register = (body: Record<string, unknown>, opts: { form?: boolean; lang?: string } = {}) =>
  s.api.post('/common/pub/register', body, { lang: 'en', ...opts });

async function withSysInfo(sysInfo: Record<string, unknown>, fn: () => Promise<void>): Promise<void> {
  await s.services.config.set('sysInfo', sysInfo);
  try {
    await fn();
  } finally {
    await s.services.config.set('sysInfo', {});
  }
}

describe('the first account of an empty installation', () => {
  it('needs neither invitation nor code, even when the site demands both, and is the admin', async () => {
    await withSysInfo({ regtype: 2, regauth: 2 }, async () => {
      const res = await register({ account: 'admin@example.com', realname: 'Admin', password: 'admin-pw1' });
      expect(res.body).toMatchObject({ code: 0, msg: 'Registration complete' });
      const second = await register({ account: 'second@example.com', realname: 'Second', password: 'second-pw' });
      expect(second.body).toMatchObject({ code: 400, msg: 'Invalid or expired invitation' });
    });
    const admin = await login(s.api, 'admin@example.com', 'admin-pw1');
    expect(admin.userInfo).toMatchObject({ role: 1, is_auth: 0, email: 'admin@example.com' });
  });
});

describe.each([
  ['json', false],
  ['form', true],
] as const)('register with a %s body', (_kind, form) => {
  it('creates an ordinary account, pinyin name included, without logging in', async () => {
    const account = next();
    const res = await register(
      { account, realname: '张 卡罗', password: 'pass-word1', sex: '1', extra: 'ignored' },
      { form },
    );
    expect(res.body).toMatchObject({ code: 0, msg: 'Registration complete', data: { account, realname: '张 卡罗' } });
    expect(res.body.data.user_id).toBeGreaterThan(0);
    const me = await login(s.api, account, 'pass-word1');
    expect(me.userInfo).toMatchObject({ role: 0, sex: 1, name_py: 'zhangkaluo', is_auth: 0 });
  });

  it('applies the field rules with their own messages', async () => {
    const base = { account: next(), realname: 'Name', password: 'pass-word1' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ account: 'abc' }, 'Accounts have 4–32 characters'],
      [{ account: 'a'.repeat(33) }, 'Accounts have 4–32 characters'],
      [{ password: '12345' }, 'Passwords have 6–16 characters'],
      [{ password: '1'.repeat(17) }, 'Passwords have 6–16 characters'],
      [{ realname: 'n'.repeat(33) }, 'Names have 1–32 characters'],
      [{ realname: '' }, 'Invalid parameter: realname'],
      [{ email: 'not-an-email' }, 'Please enter a valid e-mail address'],
      [{ sex: 7 }, 'Please choose a valid gender'],
      [{ account: people.alice.account.toUpperCase() + 'x', password: undefined }, 'Invalid parameter: password'],
    ];
    for (const [patch, msg] of cases) {
      const body = { ...base, ...patch };
      const res = await register(body, { form });
      expect(res.body, JSON.stringify(patch)).toMatchObject({ code: 400, msg, data: '', page: 0 });
    }
    expect((await register(base, { form })).body.code).toBe(0);
    expect((await register(base, { form })).body).toMatchObject({ code: 400, msg: 'This account is taken' });
  });
});

describe('invitation-only sites (regtype 2)', () => {
  it('need a valid, unexpired, unused invitation', async () => {
    const code = await s.services.accounts.createInvite({ creatorId: 1, maxUses: 1, validS: 3600 });
    const late = await s.services.accounts.createInvite({ creatorId: 1, validS: 60 });
    await withSysInfo({ regtype: 2 }, async () => {
      const body = { realname: 'Invited', password: 'pass-word1' };
      expect((await register({ ...body, account: next() })).body.msg).toBe('Invalid or expired invitation');
      expect((await register({ ...body, account: next(), inviteCode: 'bogus' })).body.msg).toBe(
        'Invalid or expired invitation',
      );
      expect((await register({ ...body, account: next(), inviteCode: code }, { form: true })).body.code).toBe(0);
      expect((await register({ ...body, account: next(), inviteCode: code })).body.msg).toBe(
        'Invalid or expired invitation',
      );
      s.clock.advance(61_000);
      expect((await register({ ...body, account: next(), inviteCode: late })).body.msg).toBe(
        'Invalid or expired invitation',
      );
    });
  });
});

describe('account kinds and codes (regauth)', () => {
  it('regauth 1/2/3 restrict the kind of account', async () => {
    const body = { realname: 'K', password: 'pass-word1', code: '123456' };
    await withSysInfo({ regauth: 1 }, async () => {
      expect((await register({ ...body, account: 'a@b.cn' })).body.msg).toBe('The account must be a mobile number');
    });
    await withSysInfo({ regauth: 2 }, async () => {
      expect((await register({ ...body, account: '13800138000' })).body.msg).toBe(
        'The account must be an e-mail address',
      );
    });
    await withSysInfo({ regauth: 3 }, async () => {
      expect((await register({ ...body, account: 'plainname' })).body.msg).toBe(
        'The account must be a mobile number or e-mail address',
      );
    });
  });

  it('regauth > 0 needs the register code mailed to the account; the account is then verified', async () => {
    await withSysInfo({ regauth: 2 }, async () => {
      const account = 'newbie@example.com';
      const body = { account, realname: 'Newbie', password: 'pass-word1' };
      expect((await register(body)).body).toMatchObject({ code: 400, msg: 'Wrong or expired code' });
      const sent = await s.api.post('/common/pub/sendCode', { account, type: 2 }, { lang: 'en' });
      expect(sent.body).toMatchObject({ code: 0, msg: 'Code sent' });
      const { code } = await mail.next(account);
      expect(code).toMatch(/^\d{6}$/);
      expect((await register({ ...body, code: code === '000000' ? '111111' : '000000' })).body.msg).toBe(
        'Wrong or expired code',
      );
      expect((await register({ ...body, code }, { form: true })).body.code).toBe(0);
      const me = await login(s.api, account, 'pass-word1');
      expect(me.userInfo).toMatchObject({ is_auth: 1, email: account });
    });
  });
});

describe('site rules', () => {
  it('registerInterval spaces registrations from one address', async () => {
    await withSysInfo({ registerInterval: 600 }, async () => {
      const body = { realname: 'Spaced', password: 'pass-word1' };
      s.clock.advance(600_000); // clear of the registrations made by earlier tests
      expect((await register({ ...body, account: next() })).body.code).toBe(0);
      expect((await register({ ...body, account: next() })).body).toMatchObject({
        code: 400,
        msg: 'Wait 10 minutes before registering again',
      });
      s.clock.advance(600_000);
      expect((await register({ ...body, account: next() })).body.code).toBe(0);
    });
  });

  it('a demo site takes no registrations', async () => {
    await s.services.config.set('demon_mode', true);
    try {
      const res = await register({ account: next(), realname: 'Demo', password: 'pass-word1' });
      expect(res.body).toMatchObject({ code: 400, msg: 'Changes are disabled on this demo site' });
    } finally {
      await s.services.config.set('demon_mode', false);
    }
  });
});
