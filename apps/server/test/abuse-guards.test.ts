import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerAndLogin,
  startMailCatcher,
  startTestServer,
  type MailCatcher,
  type TestServer,
  type TestUser,
} from './helpers/index';
import { defaultGuardLimits } from '../src/platform/limits/guards';
import { uuid } from './chat-fixtures';
import { usersRepo } from '../src/modules/users/index';

/**
 * Issue 19: server-wide abuse guards hold whatever the admin settings say (registerInterval and
 * sendInterval stay 0 here), with translated 400s; the limits are the shipped defaults. On the
 * PostgreSQL run two nodes share the counts through Redis.
 */

let a: TestServer;
let b: TestServer;
let mail: MailCatcher;
let admin: TestUser;
const guardLimits = { ...defaultGuardLimits, codeMailsPerHour: 5, friendRequestsPerUserDay: 5 };

beforeAll(async () => {
  mail = await startMailCatcher();
  a = await startTestServer({ config: { guardLimits, smtpUrl: mail.url } });
  b = await startTestServer({ sameDatabaseAs: a, config: { guardLimits, smtpUrl: mail.url } });
  // One time for both nodes, as their system clocks would agree (windows are clock-based).
  a.clock.advance(b.clock.now() - a.clock.now());
  admin = await registerAndLogin(a.api, { account: 'admin01', realname: 'Admin', password: 'admin-pw1' });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await mail?.close();
});

/** Alternates nodes so the count is shared (Redis) or, on SQLite's in-process run, per node. */
const node = (i: number) => (a.fanout.kind === 'redis' && i % 2 ? b : a);

describe('abuse guards', () => {
  it('refuses the 21st registration from one address within the hour, in both languages', async () => {
    // The admin's registration counted as the first.
    for (let i = 1; i < defaultGuardLimits.registrationsPerIpHour; i++) {
      const r = await node(i).api.post('/common/pub/register', {
        account: `user${i}x`,
        realname: 'U',
        password: 'pass-word1',
      });
      expect(r.body.code, r.body.msg).toBe(0);
    }
    const en = await a.api.post(
      '/common/pub/register',
      { account: 'oneTooMany', realname: 'U', password: 'pass-word1' },
      { lang: 'en' },
    );
    expect(en.body).toMatchObject({ code: 400, msg: 'Too many registrations from this network, try again in an hour' });
    const zh = await node(1).api.post('/common/pub/register', {
      account: 'oneTooMany',
      realname: 'U',
      password: 'pass-word1',
    });
    expect(zh.body.msg).toBe('该网络注册过于频繁，请一小时后再试');
    a.clock.advance(3_600_000);
    b.clock.advance(3_600_000);
    expect(
      (await a.api.post('/common/pub/register', { account: 'nextHour1', realname: 'U', password: 'pass-word1' })).body
        .code,
    ).toBe(0);
  });

  it('caps code e-mails per hour in total and code requests per address', async () => {
    const asks = async (n: number, from: number) => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) {
        const r = await node(i).api.post(
          '/common/pub/sendCode',
          { account: `new${from + i}@example.com`, type: 2 },
          { lang: 'en' },
        );
        out.push(r.body.code === 0 ? 'sent' : r.body.msg);
      }
      return out;
    };
    const first = await asks(6, 0);
    expect(first.slice(0, 5)).toEqual(Array(5).fill('sent'));
    expect(first[5]).toBe('The server has sent too many code e-mails, try again later');
    const rest = await asks(defaultGuardLimits.codeRequestsPerIpHour - 6 + 1, 100);
    expect(rest.at(-1)).toBe('Too many code requests from this network, try again in an hour');
  });

  it('refuses messages beyond the per-second limit and accepts them again the next second', async () => {
    const send = (i: number) =>
      node(i).api.post(
        '/enterprise/im/sendMessage',
        { id: uuid(), type: 'text', content: `m${i}`, toContactId: -1 },
        { token: admin.token, lang: 'en' },
      );
    const answers = await Promise.all(
      Array.from({ length: defaultGuardLimits.messagesPerUserSecond + 5 }, (_, i) => send(i)),
    );
    const refused = answers.filter((r) => r.body.code !== 0);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    for (const r of refused) expect(r.body).toMatchObject({ code: 400, msg: 'You are sending too fast, slow down' });
    a.clock.advance(1000);
    b.clock.advance(1000);
    expect((await send(0)).body.code).toBe(0);
  });

  it('refuses friend requests beyond the daily limit, counting only the requests made', async () => {
    const asker = await registerAndLogin(a.api, { account: 'asker01', realname: 'A', password: 'asker-pw1' });
    // Targets written straight to the table: registering them would meet the registration guard.
    const now = Math.floor(a.clock.now() / 1000);
    const targets: number[] = [];
    for (let i = 0; i <= guardLimits.friendRequestsPerUserDay; i++) {
      targets.push(
        await usersRepo.insertUser(a.database.db, {
          account: `target${i}x`,
          realname: `T${i}`,
          password_hash: 'none',
          setting: '{}',
          create_time: now,
          update_time: now,
        }),
      );
    }
    const add = (i: number, user_id: number | undefined) =>
      node(i).api.post('/enterprise/friend/add', { user_id }, { token: asker.token, lang: 'en' });
    for (let i = 0; i < guardLimits.friendRequestsPerUserDay; i++) {
      expect((await add(i, targets[i])).body.code).toBe(0);
      // Refused requests (a duplicate, an unknown person) use up none of the day's quota.
      expect((await add(i, targets[i])).body.msg).toBe('Request pending');
      expect((await add(i, 900_000 + i)).body.msg).toBe('Contact does not exist');
    }
    const over = await add(0, targets.at(-1));
    expect(over.body).toMatchObject({
      code: 400,
      msg: 'You have sent too many friend requests today, try again tomorrow',
    });
  });
});
