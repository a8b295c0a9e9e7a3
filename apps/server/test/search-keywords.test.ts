import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, startTestServer, type TestServer, type TestUser } from './helpers/index';
import { uuid } from './chat-fixtures';

/** Issue 19 #6: search words are capped with a clear 400, and % and _ match themselves. */

let s: TestServer;
let u: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  u = await registerAndLogin(s.api, { account: 'finder01', realname: 'F', password: 'find-pass1' });
  for (const content of ['50% off', 'a_b here', 'plain words']) {
    const res = await s.api.post(
      '/enterprise/im/sendMessage',
      { id: uuid(), type: 'text', content, toContactId: -1 },
      { token: u.token },
    );
    expect(res.body.code, res.body.msg).toBe(0);
  }
});
afterAll(async () => s?.close());

const huge = 'x'.repeat(50_000);

describe('keywords', () => {
  it('answers a translated 400 for 50,000 characters instead of a 502', async () => {
    for (const [path, extra] of [
      ['/enterprise/im/getMessageList', { toContactId: -1 }],
      ['/enterprise/files/index', {}],
    ] as const) {
      const en = await s.api.post(path, { ...extra, keywords: huge }, { token: u.token, lang: 'en' });
      expect(en.body).toMatchObject({ code: 400, msg: 'Search terms are limited to 100 characters' });
      const zh = await s.api.post(path, { ...extra, keywords: huge }, { token: u.token });
      expect(zh.body).toMatchObject({ code: 400, msg: '搜索内容不能超过100个字' });
    }
    expect(s.logs.join('')).not.toContain('pattern too complex');
  });

  it('matches % and _ literally', async () => {
    const find = async (keywords: string) =>
      (
        (
          await s.api.post(
            '/enterprise/im/getMessageList',
            { toContactId: -1, keywords, type: 'all' },
            { token: u.token },
          )
        ).body.data as Array<{ content: string }>
      ).map((m) => m.content);
    expect(await find('%')).toEqual(['50% off']);
    expect(await find('_')).toEqual(['a_b here']);
    expect(await find('o%')).toEqual([]);
  });
});
