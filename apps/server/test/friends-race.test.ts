import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, registerAndLogin, startTestServer, type TestServer, type TestUser } from './helpers/index';
import { assertNothing } from './chat-fixtures';

/** Issue 19 #8: one pending request per pair, however many arrive at once. */

let s: TestServer;
let asker: TestUser;
let target: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  await registerAndLogin(s.api, { account: 'admin01', realname: 'Admin', password: 'admin-pw1' });
  asker = await registerAndLogin(s.api, { account: 'asker01', realname: 'Asker', password: 'asker-pw1' });
  target = await registerAndLogin(s.api, { account: 'target01', realname: 'Target', password: 'target-pw1' });
});
afterAll(async () => s?.close());

describe('parallel friend requests', () => {
  it('accept exactly one of 100 and push it once; the rest answer “Request pending”', async () => {
    const ws = await connectSocket(s.url, { token: target.token });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        s.api.post('/enterprise/friend/add', { user_id: target.id }, { token: asker.token, lang: 'en' }),
      ),
    );
    const ok = answers.filter((a) => a.body.code === 0);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 0))
      expect(a.body).toMatchObject({ code: 400, msg: 'Request pending' });
    await ws.next('simple');
    await assertNothing(s, ws, 'simple');
    const listed = await s.api.post('/enterprise/friend/index', { is_mine: 0 }, { token: target.token });
    expect(listed.body.count).toBe(1);
    ws.close();
  });
});
