import { describe, expect, it } from 'vitest';
import { iceServersOf, type ChatInfo } from '@parley/protocol';
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
