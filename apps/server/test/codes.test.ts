import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerAndLogin, startTestServer, type MailCatcher, type TestServer } from './helpers/index';
import { serverWithMail } from './mail-fixtures';

/** PROTOCOL §2.4 sendCode and code use: delivery by SMTP, 60 s spacing, 300 s validity, single use, 5 tries. */

let s: TestServer;
let mail: MailCatcher;
let seq = 0;
const email = () => `person${++seq}@example.com`;

beforeAll(async () => {
  ({ s, mail } = await serverWithMail());
});
afterAll(async () => {
  await s?.close();
  await mail?.close();
});

const sendCode = (body: Record<string, unknown>, opts: { form?: boolean; token?: string } = {}) =>
  s.api.post('/common/pub/sendCode', body, { lang: 'en', ...opts });

async function member(account = email()) {
  return registerAndLogin(s.api, { account, realname: 'Member', password: 'pass-word1' });
}

describe.each([
  ['json', false],
  ['form', true],
] as const)('sendCode with a %s body', (_kind, form) => {
  it('mails 6 digits from the configured sender, and a login code signs in once', async () => {
    const u = await member();
    const res = await sendCode({ account: u.account, type: '1' }, { form });
    expect(res.body).toMatchObject({ code: 0, msg: 'Code sent', data: '' });
    const m = await mail.next(u.account);
    expect(m.from).toBe('codes@example.com');
    expect(m.code).toMatch(/^\d{6}$/);
    const ok = await s.api.post('/common/pub/login', { account: u.account, code: m.code }, { form });
    expect(ok.body.code).toBe(0);
    const again = await s.api.post('/common/pub/login', { account: u.account, code: m.code }, { form, lang: 'en' });
    expect(again.body).toMatchObject({ code: 400, msg: 'Wrong account or password' });
  });

  it('refuses accounts that cannot receive a code, and checks existence for registration', async () => {
    const u = await member();
    expect((await sendCode({ account: 'plainname', type: 2 }, { form })).body.msg).toBe(
      'The account must be a mobile number or e-mail address',
    );
    expect((await sendCode({ account: u.account, type: 2 }, { form })).body.msg).toBe('This account is taken');
    expect((await sendCode({ account: u.account, type: 9 }, { form })).body.msg).toBe('Invalid parameter: type');
    expect((await sendCode({ type: 1 }, { form })).body.msg).toBe('Invalid parameter: account');
  });
});

describe('login and reset codes tell nobody which accounts exist (§2.4)', () => {
  it('answers an unknown e-mail or account name as a real one, and sends nothing for it', async () => {
    const u = await member();
    const noMail = await registerAndLogin(s.api, { account: `plain${++seq}x`, realname: 'P', password: 'pass-word1' });
    for (const type of [1, 3]) {
      const ghosts = [email(), `ghost${++seq}x`, noMail.account];
      const real = await sendCode({ account: u.account, type });
      expect(real.body).toMatchObject({ code: 0, msg: 'Code sent' });
      const realAgain = await sendCode({ account: u.account, type });
      expect(realAgain.body).toMatchObject({ code: 400, msg: 'Wait a minute' });
      for (const account of ghosts) {
        expect((await sendCode({ account, type })).body, `${account} ${type}`).toEqual(real.body);
        // The 60 s spacing holds for all of them alike.
        expect((await sendCode({ account, type })).body, `${account} ${type}`).toEqual(realAgain.body);
      }
      expect((await mail.next(u.account)).code).toMatch(/^\d{6}$/);
      s.clock.advance(60_000);
      // Each answer came after its mail was handed over: none went to the unknown ones.
      expect(mail.mails.filter((m) => ghosts.some((g) => m.to.includes(g)))).toEqual([]);
    }
  });
});

describe('code lifetime', () => {
  it('one code per account per 60 s', async () => {
    const u = await member();
    expect((await sendCode({ account: u.account })).body.code).toBe(0);
    expect((await sendCode({ account: u.account })).body).toMatchObject({ code: 400, msg: 'Wait a minute' });
    s.clock.advance(60_000);
    expect((await sendCode({ account: u.account })).body.code).toBe(0);
    await mail.next(u.account);
    await mail.next(u.account);
  });

  it('a code is void after 300 s', async () => {
    const u = await member();
    await sendCode({ account: u.account });
    const { code } = await mail.next(u.account);
    s.clock.advance(300_000);
    const res = await s.api.post('/common/pub/login', { account: u.account, code });
    expect(res.body.code).toBe(400);
  });

  it('a code is void after 5 wrong tries', async () => {
    const u = await member();
    await sendCode({ account: u.account, type: 3 });
    const { code } = await mail.next(u.account);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await s.api.post(
        '/enterprise/im/editPassword',
        { password: 'new-pass1', code: wrong },
        { token: u.token, lang: 'en' },
      );
      expect(r.body.msg).toBe('Wrong or expired code');
    }
    const late = await s.api.post(
      '/enterprise/im/editPassword',
      { password: 'new-pass1', code },
      { token: u.token, lang: 'en' },
    );
    expect(late.body.msg).toBe('Wrong or expired code');
  });

  it('types 3 and 4 go to the own account when a token is sent without an account', async () => {
    const u = await member();
    expect((await sendCode({ type: 3 }, { token: u.token })).body.code).toBe(0);
    expect((await mail.next(u.account)).code).toMatch(/^\d{6}$/);
  });
});

describe('without a mail server', () => {
  it('answers “Codes cannot be sent now” and logs no code unless the dev log mailer is on', async () => {
    const plain = await startTestServer();
    try {
      await registerAndLogin(plain.api, { account: 'first-one', realname: 'First', password: 'pass-word1' });
      for (const account of ['lonely@example.com', '13800138000']) {
        const res = await plain.api.post('/common/pub/sendCode', { account, type: 2 }, { lang: 'en' });
        expect(res.body).toMatchObject({ code: 400, msg: 'Codes cannot be sent now' });
      }
      expect(plain.logs.join('')).not.toMatch(/NOT DELIVERED|\b\d{6}\b.*lonely/);
    } finally {
      await plain.close();
    }
  });

  it('writes the code to the server log with PARLEY_DEV_MAIL_LOG=1 (development)', async () => {
    const plain = await startTestServer({ config: { devMailLog: true } });
    try {
      await registerAndLogin(plain.api, { account: 'first-one', realname: 'First', password: 'pass-word1' });
      const res = await plain.api.post('/common/pub/sendCode', { account: 'lonely@example.com', type: 2 });
      expect(res.body.code).toBe(0);
      const mobile = await plain.api.post('/common/pub/sendCode', { account: '13800138000', type: 2 });
      expect(mobile.body.code).toBe(0);
      const lines = plain.logs.filter((l) => l.includes('NOT DELIVERED'));
      expect(lines.some((l) => l.includes('lonely@example.com') && /\b\d{6}\b/.test(l))).toBe(true);
      expect(lines.some((l) => l.includes('13800138000'))).toBe(true);
    } finally {
      await plain.close();
    }
  });
});

describe('login with a code needs the right account', () => {
  it('a code for one account does not open another', async () => {
    const a = await member();
    const b = await member();
    await sendCode({ account: a.account });
    const { code } = await mail.next(a.account);
    const res = await s.api.post('/common/pub/login', { account: b.account, code });
    expect(res.body.code).toBe(400);
    expect((await login(s.api, a.account, 'pass-word1')).userInfo.account).toBe(a.account);
  });
});
