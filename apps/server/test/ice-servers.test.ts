import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceServersOf, type ChatInfo, type IceServer } from '@parley/protocol';
import { connectSocket } from './helpers/index';
import { serverWithPeople } from './chat-fixtures';

/**
 * PROTOCOL §10 / §12.1: the ICE servers an operator configures for calls across networks
 * (TURN), saved through the admin API, and their credentials only for signed-in callers.
 */

const { s, alice, bob } = await serverWithPeople();

const info = (token?: string) => s.api.post('/common/pub/getSystemInfo', {}, token ? { token } : {});

describe('ICE servers', () => {
  it('none by default: calls on a LAN need no STUN or TURN', async () => {
    const chat = (await info(bob.token)).body.data.chatInfo as ChatInfo;
    expect(chat).toMatchObject({ stun: '', stunUser: '', stunPass: '', iceServers: [] });
    expect(iceServersOf(chat)).toEqual([]);
  });

  it('an admin saves a TURN server (form fields); credentials reach signed-in callers only', async () => {
    const anon = await connectSocket(s.url);
    const bobWs = await connectSocket(s.url, { token: bob.token });
    const saved = await s.api.post(
      '/manage/config/setConfig',
      {
        name: 'chatInfo',
        'value[stun]': 'turn:turn.example.com:3478',
        'value[stunUser]': 'parley',
        'value[stunPass]': 's3cret',
        'value[iceServers][0][urls]': 'stun:stun.example.com:3478',
        'value[iceServers][1][urls][0]': 'turns:turn.example.com:5349',
        'value[iceServers][1][username]': 'u2',
        'value[iceServers][1][credential]': 'c2',
      },
      { token: alice.token, form: true, lang: 'en' },
    );
    expect(saved.body).toMatchObject({ code: 0, msg: 'Saved' });

    const signedIn = (await info(bob.token)).body.data.chatInfo as ChatInfo;
    expect(iceServersOf(signedIn)).toEqual([
      { urls: 'stun:stun.example.com:3478' },
      { urls: ['turns:turn.example.com:5349'], username: 'u2', credential: 'c2' },
      { urls: 'turn:turn.example.com:3478', username: 'parley', credential: 's3cret' },
    ]);

    // Anonymous, and a token that does not verify, see the servers without their secrets.
    for (const token of [undefined, 'bearer not-a-token']) {
      const res = await info(token);
      expect(res.body.code).toBe(0);
      expect(res.body.data.chatInfo).toMatchObject({ stun: 'turn:turn.example.com:3478', stunUser: '', stunPass: '' });
      expect(JSON.stringify(res.body)).not.toMatch(/s3cret|c2|u2/);
    }
    // The live update carries no secrets either; clients re-read getSystemInfo with their token.
    for (const ws of [anon, bobWs]) {
      const ev = await ws.next<{ chatInfo: ChatInfo }>('updateConfig');
      expect(ev.data.chatInfo.stun).toBe('turn:turn.example.com:3478');
      expect(JSON.stringify(ev.data)).not.toMatch(/s3cret|c2|u2/);
    }
    anon.close();
    bobWs.close();
  });

  it('refuses a server without urls, naming the field', async () => {
    const res = await s.api.post(
      '/manage/config/setConfig',
      { name: 'chatInfo', value: { iceServers: [{ username: 'x' }] } },
      { token: alice.token, lang: 'en' },
    );
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(/^Invalid parameter: value\.iceServers/);
  });
});

/**
 * PROTOCOL §10.4: TURN credentials minted per request with the secret shared with coturn
 * (`use-auth-secret`), and that secret never leaving the server.
 */
describe('TURN credentials', () => {
  const SECRET = 'turn-shared-secret-7f3a9c';
  const TURN = ['turn:127.0.0.1:3478?transport=udp', 'turn:127.0.0.1:3478?transport=tcp'];
  const mint = (token: string) => s.api.post('/enterprise/im/iceServers', {}, { token, lang: 'en' });
  const setTurn = (turn: Record<string, unknown>, token = alice.token) =>
    s.api.post('/manage/config/setConfig', { name: 'chatInfo', value: { turn } }, { token, lang: 'en' });
  const hmac = (secret: string, username: string) => createHmac('sha1', secret).update(username).digest('base64');

  it('hands out only the static list, and no expiry, while TURN is off', async () => {
    const res = await mint(bob.token);
    expect(res.body.code).toBe(0);
    expect(res.body.data.ttl).toBe(0);
    expect(res.body.data.iceServers).toEqual(iceServersOf((await info(bob.token)).body.data.chatInfo as ChatInfo));
    expect((await s.api.post('/enterprise/im/iceServers', {})).body.code).toBe(-1);
  });

  it('refuses to switch relays on without a TURN URL or a secret, and refuses bad values, storing nothing', async () => {
    for (const [turn, field] of [
      [{ status: 1, secret: SECRET }, 'value.turn.urls'],
      [{ status: 1, urls: ['stun:127.0.0.1:3478'], secret: SECRET }, 'value.turn.urls'],
      [{ status: 1, urls: TURN }, 'value.turn.secret'],
      [{ urls: ['http://turn.example.com'] }, 'value.turn.urls.0'],
      [{ ttl: 5 }, 'value.turn.ttl'],
    ] as const) {
      expect((await setTurn(turn)).body).toMatchObject({ code: 400, msg: `Invalid parameter: ${field}` });
    }
    expect((await setTurn({ status: 1, urls: TURN, secret: SECRET }, bob.token)).body).toMatchObject({
      code: 400,
      msg: 'Administrator rights are required',
    });
    expect((await mint(bob.token)).body.data.ttl).toBe(0);
  });

  it('mints "<expiry>:<user_id>" and base64(HMAC-SHA1(secret, username)) per user and request', async () => {
    expect((await setTurn({ status: '1', urls: TURN.join(','), secret: SECRET, ttl: '600' })).body.code).toBe(0);
    const now = Math.floor(s.clock.now() / 1000);

    const bobs = (await mint(bob.token)).body.data as { iceServers: IceServer[]; ttl: number };
    expect(bobs.ttl).toBe(600);
    const relay = bobs.iceServers.at(-1);
    expect(relay).toEqual({ urls: TURN, username: `${now + 600}:${bob.id}`, credential: expect.any(String) });
    expect(relay?.credential).toBe(hmac(SECRET, `${now + 600}:${bob.id}`));
    // The static list still comes first.
    expect(bobs.iceServers.slice(0, -1)).toEqual(iceServersOf((await info(bob.token)).body.data.chatInfo));

    const alices = (await mint(alice.token)).body.data as { iceServers: IceServer[] };
    expect(alices.iceServers.at(-1)?.username).toBe(`${now + 600}:${alice.id}`);

    // A later call gets a later expiry: nothing is cached or stored.
    s.clock.advance(90_000);
    const later = (await mint(bob.token)).body.data as { iceServers: IceServer[] };
    expect(later.iceServers.at(-1)?.username).toBe(`${now + 90 + 600}:${bob.id}`);
    expect(later.iceServers.at(-1)?.credential).toBe(hmac(SECRET, `${now + 90 + 600}:${bob.id}`));
  });

  it('keeps the stored secret when an admin saves the masked value back, and uses a new one at once', async () => {
    expect((await setTurn({ secret: '******', ttl: 3600 })).body.code).toBe(0);
    const kept = ((await mint(bob.token)).body.data as { iceServers: IceServer[] }).iceServers.at(-1);
    expect(kept?.credential).toBe(hmac(SECRET, kept?.username ?? ''));
    expect(kept?.username).toBe(`${Math.floor(s.clock.now() / 1000) + 3600}:${bob.id}`);

    expect((await setTurn({ secret: `${SECRET}-2` })).body.code).toBe(0);
    const fresh = ((await mint(bob.token)).body.data as { iceServers: IceServer[] }).iceServers.at(-1);
    expect(fresh?.credential).toBe(hmac(`${SECRET}-2`, fresh?.username ?? ''));
    expect((await setTurn({ secret: SECRET })).body.code).toBe(0);
  });

  it('never sends the secret: not in any config or system answer, push, audit row or credential answer', async () => {
    const anon = await connectSocket(s.url);
    const bobWs = await connectSocket(s.url, { token: bob.token });
    const saved = await setTurn({ status: 1, urls: TURN, secret: SECRET, ttl: 86400 });
    const seen: unknown[] = [saved.body];
    for (const ws of [anon, bobWs]) seen.push((await ws.next('updateConfig')).data);
    anon.close();
    bobWs.close();

    const adminInfo = await info(alice.token);
    expect(adminInfo.body.data.chatInfo.turn).toEqual({ status: 1, urls: TURN, secret: '******', ttl: 86400 });
    const allConfig = await s.api.post('/manage/config/getAllConfig', {}, { token: alice.token });
    const chatRow = (allConfig.body.data as { name: string; value: { turn: unknown } }[]).find(
      (r) => r.name === 'chatInfo',
    );
    expect(chatRow?.value.turn).toEqual({ status: 1, urls: TURN, secret: '******', ttl: 86400 });
    const bobInfo = await info(bob.token);
    expect(bobInfo.body.data.chatInfo).not.toHaveProperty('turn');
    seen.push(
      adminInfo.body,
      allConfig.body,
      bobInfo.body,
      (await info()).body,
      (await s.api.post('/manage/config/getInfo', { name: 'chatInfo' }, { token: alice.token })).body,
      (await s.api.post('/manage/config/getConfig', { name: 'chatInfo' }, { token: alice.token })).body,
      (await s.api.post('/manage/audit/index', {}, { token: alice.token })).body,
      (await mint(bob.token)).body,
      (await mint(alice.token)).body,
    );
    for (const body of seen) expect(JSON.stringify(body)).not.toContain(SECRET);
  });

  it('hands out no relay credentials while calls are turned off', async () => {
    expect(
      (await s.api.post('/manage/config/setConfig', { name: 'chatInfo', value: { webrtc: 0 } }, { token: alice.token }))
        .body.code,
    ).toBe(0);
    expect((await mint(bob.token)).body).toMatchObject({ code: 400, msg: 'Calls are turned off', data: '' });
    await s.api.post('/manage/config/setConfig', { name: 'chatInfo', value: { webrtc: 1 } }, { token: alice.token });
  });
});
