import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { t } from '@parley/protocol';
import { ok } from '../src/platform/http/envelope';
import { serverWithPeople } from './chat-fixtures';

/** PROTOCOL §1: transport, bodies, envelope, codes and language, on the real server. */

const { s, alice } = await serverWithPeople([], {
  extraRoutes: (route) => [
    route.custom({
      path: '/common/test/explode',
      auth: 'none',
      params: z.object({}),
      handler: async () => {
        throw new Error('SELECT secret FROM /var/lib/parley/internal.sqlite');
      },
    }),
    route.custom({
      path: '/common/test/echo',
      auth: 'none',
      params: z.object({ n: t.int.opt(), ids: t.list(z.unknown()).opt(), s: t.str.opt(), nested: t.obj.opt() }),
      handler: async (p) => ok(p),
    }),
  ],
});

describe('routing', () => {
  it('matches paths in any case, with a trailing slash or .html, and marks the version', async () => {
    for (const path of [
      '/common/pub/getSystemInfo',
      '/COMMON/Pub/GETSYSTEMINFO',
      '/common/pub/getSystemInfo/',
      '/common/pub/getsysteminfo.html',
    ]) {
      const res = await s.api.post(path);
      expect(res.status, path).toBe(200);
      expect(res.body.code, path).toBe(0);
      expect(res.headers.get('x-parley-version')).toBe('6.1.0');
    }
  });

  it('answers other methods on API paths with HTTP 404 and the envelope', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await s.api.post('/common/pub/getSystemInfo', {}, { method });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 404, count: 0, data: '', page: 0 });
      expect(res.headers.get('x-parley-version')).toBe('6.1.0');
    }
  });

  it('answers unknown API routes with HTTP 404 and the envelope', async () => {
    for (const path of ['/common/pub/nothingHere', '/enterprise/im/nope', '/manage/task/index', '/manage']) {
      const res = await s.api.post(path);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe(404);
      expect(res.body.msg).toBe('接口不存在');
    }
  });
});

describe('bodies', () => {
  it('reads JSON, forms with bracket nesting, and merges the query beneath the body', async () => {
    const json = await s.api.post('/common/test/echo?n=1&s=query', { n: '42', ids: [1, 2] });
    expect(json.body.data).toEqual({ n: 42, ids: [1, 2], s: 'query' });
    const form = await s.api.post(
      '/common/test/echo',
      { n: '7', ids: ['3', '4'], nested: { a: { b: '1' } } },
      { form: true },
    );
    expect(form.body.data).toEqual({ n: 7, ids: ['3', '4'], nested: { a: { b: '1' } } });
  });

  it('treats other content types as an empty body', async () => {
    const res = await s.api.post(
      '/common/test/echo?s=q',
      {},
      { raw: 'n=5', headers: { 'content-type': 'text/plain' } },
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual({ s: 'q' });
  });

  it('rejects form arrays beyond 1000 items with 400 instead of inventing keys', async () => {
    const big = await s.api.post(
      '/common/test/echo',
      {},
      { raw: 'ids[1000]=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
    expect(big.status).toBe(200);
    expect(big.body.code).toBe(400);
    const okay = await s.api.post(
      '/common/test/echo',
      {},
      {
        raw: Array.from({ length: 1000 }, (_, i) => `ids[]=${i}`).join('&'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(okay.body.data.ids).toHaveLength(1000);
  });

  it('answers 413 for bodies over 1 MiB, JSON or form', async () => {
    const huge = 'x'.repeat(1024 * 1024 + 10);
    const json = await s.api.post('/common/test/echo', { s: huge });
    expect(json.status).toBe(413);
    expect(json.body).toMatchObject({ code: 413, data: '', page: 0 });
    const form = await s.api.post('/common/test/echo', { s: huge }, { form: true });
    expect(form.status).toBe(413);
    expect(form.body.code).toBe(413);
  });

  it('answers 400 naming the field for a malformed JSON body or an uncoercible param', async () => {
    const broken = await s.api.post(
      '/common/test/echo',
      {},
      { raw: '{"n":', headers: { 'content-type': 'application/json' }, lang: 'en' },
    );
    expect(broken.body).toMatchObject({ code: 400, msg: 'Invalid parameter: body' });
    const bad = await s.api.post('/common/test/echo', { n: 'seven' }, { lang: 'en' });
    expect(bad.body).toMatchObject({ code: 400, msg: 'Invalid parameter: n', data: '', page: 0 });
    const form = await s.api.post('/enterprise/im/getUserInfo', { user_id: 'x' }, { form: true, token: alice.token });
    expect(form.body).toMatchObject({ code: 400, msg: '参数错误：user_id' });
  });
});

describe('language of msg', () => {
  it('follows Accept-Language with q-values, the lang param overrides, default Chinese', async () => {
    let n = 0;
    // A new account each time, so the login guard never steps in.
    const call = (lang?: string, body: Record<string, unknown> = {}) =>
      s.api.post('/common/pub/login', { account: `nobody${n++}`, password: 'whatever1', ...body }, { lang });
    expect((await call()).body.msg).toBe('账号或密码不正确');
    expect((await call('en-US,en;q=0.9')).body.msg).toBe('Wrong account or password');
    expect((await call('fr;q=1, en;q=0.8, zh;q=0.5')).body.msg).toBe('Wrong account or password');
    expect((await call('zh-TW')).body.msg).toBe('账号或密码不正确');
    expect((await call('fr')).body.msg).toBe('账号或密码不正确');
    expect((await call('en', { lang: 'zh-cn' })).body.msg).toBe('账号或密码不正确');
    expect((await call(undefined, { lang: 'en-us' })).body.msg).toBe('Wrong account or password');
  });
});

describe('unexpected errors', () => {
  it('answer 502 with the request id and no internals, and log the details', async () => {
    const res = await s.api.post('/common/test/explode', {}, { lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 502, data: '', count: 0, page: 0 });
    const id = /\(([0-9a-f]+)\)/.exec(res.body.msg)?.[1];
    expect(res.body.msg).toBe(`Something went wrong on the server (${id})`);
    expect(JSON.stringify(res.body)).not.toMatch(/secret|sqlite|var\/lib|Error/);
    const line = s.logs.find((l) => id !== undefined && l.includes(id));
    expect(line).toContain('SELECT secret');
  });
});
