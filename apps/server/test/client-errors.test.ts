import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorLimits, paths } from '@parley/protocol';
import { registerAndLogin, people, startTestServer, type TestServer } from './helpers/index';

/** Crash reports of the web client's error boundary land in the server log, rate limited. */

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const reports = () =>
  s.logs
    .filter((l) => l.includes('"clientError"'))
    .map((l) => (JSON.parse(l) as { clientError: Record<string, unknown> }).clientError);

describe('client error reports', () => {
  it('writes a report to the log with who sent it, and cuts over-long fields instead of refusing them', async () => {
    const alice = await registerAndLogin(s.api, people.alice);
    const res = await s.api.post(
      paths.clientError,
      {
        message: "Cannot read properties of null (reading 'cached')",
        stack: `Error\n${'at x\n'.repeat(2000)}`,
        route: '/pages/group/detail',
        source: 'router',
      },
      { token: alice.token },
    );
    expect(res.body).toMatchObject({ code: 0, data: '' });
    const [r] = reports();
    expect(r).toMatchObject({
      message: "Cannot read properties of null (reading 'cached')",
      route: '/pages/group/detail',
      source: 'router',
      userId: alice.id,
    });
    expect(String(r?.stack).length).toBeLessThanOrEqual(clientErrorLimits.stackChars + 1);
  });

  it('accepts a report before login and refuses one without a message with a translated reason', async () => {
    const before = reports().length;
    expect((await s.api.post(paths.clientError, { message: 'boom' })).body.code).toBe(0);
    expect(reports()).toHaveLength(before + 1);
    expect(reports().at(-1)?.userId).toBeNull();
    const bad = await s.api.post(paths.clientError, {}, { lang: 'en' });
    expect(bad.body).toMatchObject({ code: 400, msg: 'Invalid parameter: message' });
  });

  it('answers too many reports from one address with 400 in the request language and logs none of them, until the window passes', async () => {
    s.clock.advance(clientErrorLimits.windowMs);
    for (let i = 0; i < clientErrorLimits.perWindow; i++)
      expect((await s.api.post(paths.clientError, { message: `n${i}` })).body.code).toBe(0);
    const logged = reports().length;
    const zh = await s.api.post(paths.clientError, { message: 'one more' });
    expect(zh.body).toMatchObject({ code: 400, msg: '操作过于频繁，请稍后再试' });
    const en = await s.api.post(paths.clientError, { message: 'one more' }, { lang: 'en' });
    expect(en.body.msg).toBe('Too many requests, please try again later');
    expect(reports()).toHaveLength(logged);
    s.clock.advance(clientErrorLimits.windowMs);
    expect((await s.api.post(paths.clientError, { message: 'later' })).body.code).toBe(0);
  });
});
