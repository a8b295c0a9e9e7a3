import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectSocket, registerAndLogin, startTestServer, type TestServer, type TestUser } from './helpers/index';

/** Issue 19 #1, #4, #11: client ids as capabilities, rebinding, and sockets that close mid-bind. */

let s: TestServer;
let eve: TestUser;
let vic: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  eve = await registerAndLogin(s.api, { account: 'eve01', realname: 'Eve', password: 'eve-pass1' });
  vic = await registerAndLogin(s.api, { account: 'victim01', realname: 'Vic', password: 'vic-pass1' });
});
afterAll(async () => s?.close());

/** Opens /wss, sends `frames` as soon as it opens and closes at once, without waiting for answers. */
function openSendClose(url: string, frames: unknown[], query = ''): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url.replace(/^http/, 'ws') + '/wss' + query);
    ws.on('open', () => {
      for (const f of frames) ws.send(JSON.stringify(f));
      ws.close();
    });
    ws.on('close', () => resolve());
    ws.on('error', () => resolve());
  });
}

/** Resolves 'init' when the server greets, or the close code when it refuses. */
function openAs(url: string, forwardedFor: string): Promise<{ outcome: 'init' | number; ws: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url.replace(/^http/, 'ws') + '/wss', { headers: { 'x-forwarded-for': forwardedFor } });
    ws.once('message', () => resolve({ outcome: 'init', ws }));
    ws.once('close', (code) => resolve({ outcome: code, ws }));
  });
}

describe('client ids are capabilities (§1.4, §11.1)', () => {
  it('cannot be guessed from an earlier one, and a bound socket is never rebound to another user', async () => {
    const mine = await connectSocket(s.url);
    const next = await connectSocket(s.url);
    const tail = (id: string) => id.slice(id.lastIndexOf('.') + 1);
    expect(Buffer.from(tail(next.clientId), 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(tail(next.clientId)).not.toBe(String(Number(tail(mine.clientId)) + 1));

    // Eve binds a victim's connection id over HTTP before the victim does…
    const victim = await connectSocket(s.url);
    expect(
      (await s.api.post('/common/pub/bindUid', { client_id: victim.clientId }, { token: eve.token })).body.code,
    ).toBe(0);
    // …then the victim's own bind closes the socket (4001) instead of a silent pong.
    victim.send({ type: 'bindUid', user_id: vic.id, token: vic.token });
    expect(await victim.closed).toBe(4001);
    mine.close();
    next.close();
  });
});

describe('sockets that close during the bind (#11)', () => {
  it('leave no connection and no presence behind, on this back end', async () => {
    for (let i = 0; i < 100; i++) {
      await Promise.all([
        openSendClose(s.url, [{ type: 'bindUid', user_id: vic.id, token: vic.token }]),
        openSendClose(s.url, [], `?token=${encodeURIComponent(vic.token)}`),
      ]);
    }
    await vi.waitFor(async () => {
      expect(s.services.gateway.localCount(vic.id)).toBe(0);
      expect(await s.services.presencePushes.online([vic.id])).not.toContain(vic.id);
    });
    // The per-user limit was not filled by ghosts: a new socket binds and gets pushes' pong.
    const live = await connectSocket(s.url, { token: vic.token });
    live.send({ type: 'ping' });
    expect((await live.next('pong')).multiport).toBe(false);
    live.close();
  });
});

describe('the unbound-per-address limit (#4)', () => {
  it('does not close a connection that signs in with ?token=', async () => {
    const idle = await Promise.all(Array.from({ length: 50 }, () => connectSocket(s.url)));
    expect((await openAs(s.url, 'ignored: proxy not trusted')).outcome).toBe(4008);
    const signedIn = await connectSocket(s.url, { token: vic.token });
    signedIn.send({ type: 'ping' });
    await signedIn.next('pong');
    expect(s.services.gateway.localCount(vic.id)).toBe(1);
    signedIn.close();
    for (const w of idle) w.close();
  });
});

describe('behind a trusted proxy (PARLEY_TRUST_PROXY=1)', () => {
  it('counts unbound sockets per forwarded client address, not per proxy', async () => {
    const p = await startTestServer({ config: { trustProxy: true } });
    try {
      const crowd = await Promise.all(Array.from({ length: 50 }, () => openAs(p.url, '203.0.113.7')));
      expect(crowd.every((c) => c.outcome === 'init')).toBe(true);
      expect((await openAs(p.url, '203.0.113.7')).outcome).toBe(4008);
      const someoneElse = await openAs(p.url, '203.0.113.8');
      expect(someoneElse.outcome).toBe('init');
      for (const c of [...crowd, someoneElse]) c.ws.close();
    } finally {
      await p.close();
    }
  });
});
