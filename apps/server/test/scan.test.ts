import { beforeAll, describe, expect, it } from 'vitest';
import { login, people, type TestUser } from './helpers/index';
import { serverWithPeople } from './chat-fixtures';

/** PROTOCOL §3.3: the user QR code `/scan/u/<code>`, outside the API prefix. */

const { s, bob, carol } = await serverWithPeople();
let bobCode: string;

beforeAll(async () => {
  const qrUrl = (await login(s.api, people.bob.account, people.bob.password)).userInfo.qrUrl;
  expect(qrUrl.startsWith(`${s.url}/scan/u/`)).toBe(true);
  bobCode = qrUrl.slice(`${s.url}/scan/u/`.length);
});

const scan = (path: string, u: TestUser | undefined, body: Record<string, unknown> = {}, form = false) =>
  s.api.post(path, body, { token: u?.token, lang: 'en', form });

describe('POST /scan/u/<code>', () => {
  it('answers the user card, as getUserInfo does, with action userInfo', async () => {
    const card = (
      await s.api.post('/enterprise/im/getUserInfo', { user_id: bob.id }, { token: carol.token, lang: 'en' })
    ).body.data;
    const res = await scan(`/scan/u/${bobCode}`, carol);
    expect(res.body).toMatchObject({ code: 0, msg: '' });
    expect(res.body.data).toEqual({ ...card, action: 'userInfo' });
    expect(res.body.data).toMatchObject({ id: bob.id, realname: 'Bob', account: 'bob******01', friend: '' });
  });

  it('takes the code as realToken (JSON or form) and the prefix in any case', async () => {
    expect((await scan('/scan/u', carol, { realToken: bobCode })).body.data).toMatchObject({
      id: bob.id,
      action: 'userInfo',
    });
    expect((await scan('/scan/u/', carol, { realToken: bobCode }, true)).body.data).toMatchObject({
      id: bob.id,
      action: 'userInfo',
    });
    expect((await scan(`/Scan/U/${bobCode}`, carol, {}, true)).body.data).toMatchObject({ id: bob.id });
    // The token may also travel as a param, like everywhere else.
    expect((await scan(`/scan/u/${bobCode}`, undefined, { token: carol.token })).body.code).toBe(0);
  });

  it('refuses forged, altered or empty codes with scan.invalid', async () => {
    const [id, mac = ''] = bobCode.split('.');
    const altered = `${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/scan/u/${altered}`,
      `/scan/u/${bobCode.toUpperCase()}`,
      '/scan/u/abc',
      '/scan/u',
      `/scan/u/${carol.id}`,
    ]) {
      expect((await scan(path, carol)).body, path).toMatchObject({
        code: 400,
        msg: 'Invalid or expired QR code',
        data: '',
      });
    }
  });

  it('asks for a fresh login (-1 scan.loginRequired) without a valid token', async () => {
    expect((await scan(`/scan/u/${bobCode}`, undefined)).body).toMatchObject({
      code: -1,
      msg: 'Please log in again to scan',
    });
    const forged = { ...carol, token: 'bearer not.a.jwt' };
    expect((await scan(`/scan/u/${bobCode}`, forged)).body).toMatchObject({
      code: -1,
      msg: 'Please log in again to scan',
    });
    const zh = await s.api.post(`/scan/u/${bobCode}`, {}, { lang: 'zh-CN' });
    expect(zh.body).toMatchObject({ code: -1, msg: '请重新登录后扫码' });
  });

  it('no longer resolves the code of a disabled account', async () => {
    await s.services.users.setStatus(bob.id, 0);
    try {
      expect((await scan(`/scan/u/${bobCode}`, carol)).body).toMatchObject({
        code: 400,
        msg: 'Invalid or expired QR code',
      });
    } finally {
      await s.services.users.setStatus(bob.id, 1);
    }
  });

  it('sends a browser that opens the link to the app', async () => {
    const res = await fetch(`${s.url}/scan/u/${bobCode}`, { redirect: 'manual' });
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    expect(res.headers.get('location')).toBe('/');
  });

  it('answers an unknown scan kind with the 404 envelope', async () => {
    const res = await scan(`/scan/x/${bobCode}`, carol);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
  });
});
