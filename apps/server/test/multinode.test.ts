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
