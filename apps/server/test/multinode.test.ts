import { limits } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerAndLogin, startTestServer, closeNodes, type TestServer, type TestUser } from './helpers/index';

/** Two nodes over one database, as behind a load balancer: one key, one session list. */

let a: TestServer;
let b: TestServer;
let seq = 0;

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ sameDatabaseAs: a });
  await registerAndLogin(a.api, { account: 'nodeadmin', realname: 'Admin', password: 'admin-pw1' });
});
afterAll(() => closeNodes(b, a));

const fresh = (): Promise<TestUser> =>
  registerAndLogin(a.api, { account: `node${++seq}user`, realname: 'N', password: 'pass-word1' });
const alive = async (s: TestServer, token: string) =>
  (await s.api.post('/enterprise/im/updateUserInfo', {}, { token, lang: 'en' })).body;

describe('two nodes sharing a database', () => {
  it('accept each other’s tokens (one generated signing key)', async () => {
    const u = await fresh();
    expect((await alive(b, u.token)).code).toBe(0);
    const onB = await login(b.api, u.account, u.password, { terminal: 'app' });
    expect((await alive(a, onB.authToken)).code).toBe(0);
  });

  it('honour a logout made on the other node at once', async () => {
    const u = await fresh();
    await a.api.post('/common/pub/logout', {}, { token: u.token });
    expect((await alive(b, u.token)).code).toBe(-1);
  });

  it('see a disabled account within the 5 s user cache', async () => {
    const u = await fresh();
    expect((await alive(b, u.token)).code).toBe(0);
    await a.services.users.setStatus(u.id, 0);
    expect((await alive(a, u.token)).msg).toBe('This account has been disabled');
    b.clock.advance(5_000);
    expect((await alive(b, u.token)).msg).toBe('This account has been disabled');
  });
});

/**
 * Each node keeps the session rows it read (session-cache.ts); a revocation on one node reaches the
 * other's cache through the bus before the revoking request answers. Node B has served the token
 * just before, so its row is the cached one.
 */
describe('a session revoked on node A, just served by node B', () => {
  const en = async (s: TestServer, token: string) =>
    (await s.api.post('/enterprise/im/updateUserInfo', {}, { token, lang: 'en' })).body as {
      code: number;
      msg: string;
    };
  const servedByB = async (token: string) => {
    expect((await en(b, token)).code).toBe(0);
    expect((await en(b, token)).code).toBe(0);
  };
  const EXPIRED = 'Your login has expired, please log in again';

  it('is refused on B once A answered its logout', async () => {
    const u = await fresh();
    await servedByB(u.token);
    expect((await a.api.post('/common/pub/logout', {}, { token: u.token })).body.code).toBe(0);
    expect(await en(b, u.token)).toMatchObject({ code: -1, msg: EXPIRED });
  });

  it('is refused on B as kicked once a login on A answered', async () => {
    const u = await fresh();
    await servedByB(u.token);
    const again = await login(a.api, u.account, u.password);
    expect(await en(b, u.token)).toMatchObject({
      code: -1,
      msg: 'Your account was logged in on another device and has been forced to go offline!',
    });
    expect((await en(b, again.authToken)).code).toBe(0);
  });

  it('is refused on B once a password change on A answered, the changing session spared', async () => {
    const u = await fresh();
    const phone = await login(a.api, u.account, u.password, { terminal: 'app' });
    await servedByB(phone.authToken);
    await servedByB(u.token);
    const changed = await a.api.post(
      '/enterprise/im/editPassword',
      { originalPassword: u.password, password: 'pass-word2' },
      { token: u.token },
    );
    expect(changed.body.code, changed.body.msg).toBe(0);
    expect(await en(b, phone.authToken)).toMatchObject({ code: -1, msg: EXPIRED });
    expect((await en(b, u.token)).code).toBe(0);
  });

  it('is refused on B once an administrator disabled the account on A', async () => {
    const u = await fresh();
    await servedByB(u.token);
    await a.services.usersAdmin.setStatus(u.id, 0);
    expect((await en(b, u.token)).code).toBe(-1);
  });

  // Last: B's clock stays a token lifetime ahead (its hourly prune deletes the expired rows).
  it('is refused on B once it expired', async () => {
    const u = await fresh();
    await servedByB(u.token);
    b.clock.advance(limits.tokenLifetimeS * 1000);
    expect(await en(b, u.token)).toMatchObject({ code: -1, msg: EXPIRED });
  });
});
