import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, registerAndLogin, startTestServer, type TestServer, type TestUser } from './helpers/index';

/** Issue 19 #5: bearer tokens in URLs never reach the access log. */

let s: TestServer;
let u: TestUser;
beforeAll(async () => {
  s = await startTestServer({ logLevel: 'info' });
  u = await registerAndLogin(s.api, { account: 'logged01', realname: 'L', password: 'log-pass1' });
});
afterAll(async () => s?.close());

describe('access log', () => {
  it('shows token=[redacted] for /wss?token= and API URLs, and keeps the rest of the URL', async () => {
    const secret = u.token.replace(/^bearer /, '');
    const ws = await connectSocket(s.url, { token: u.token });
    ws.close();
    const res = await fetch(`${s.url}/enterprise/im/getContacts?token=${encodeURIComponent(secret)}&lang=en`, {
      method: 'POST',
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    const log = s.logs.join('');
    expect(log).toContain('/wss?token=[redacted]');
    expect(log).toContain('/enterprise/im/getContacts?token=[redacted]&lang=en');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(encodeURIComponent(secret));
  });
});
