import { describe, expect, it } from 'vitest';
import { defaultSystemInfo } from '@parley/protocol';
import { serverWithPeople } from './chat-fixtures';

/** PROTOCOL §12.1 getSystemInfo and §15 checkVersion, JSON and form. */

const { s, bob } = await serverWithPeople();

describe.each([
  ['json', false],
  ['form', true],
] as const)('with %s bodies', (_kind, form) => {
  it('getSystemInfo merges stored settings over the defaults', async () => {
    const res = await s.api.post('/common/pub/getSystemInfo', {}, { form });
    expect(res.body).toMatchObject({ code: 0, data: defaultSystemInfo });
    await s.services.config.set('sysInfo', { name: 'Acme Chat', regtype: 2 });
    try {
      const after = await s.api.post('/common/pub/getSystemInfo', {}, { form });
      expect(after.body.data.sysInfo).toEqual({ ...defaultSystemInfo.sysInfo, name: 'Acme Chat', regtype: 2 });
      expect(after.body.data.chatInfo).not.toHaveProperty('autoAddUser');
    } finally {
      await s.services.config.set('sysInfo', {});
    }
  });

  it('getSystemInfo gives TURN credentials to signed-in callers only', async () => {
    await s.services.config.set('chatInfo', {
      stun: 'turn:turn.example.com:3478',
      stunUser: 'turnuser',
      stunPass: 'turnpass',
      iceServers: [{ urls: 'turn:turn.example.com', username: 'u', credential: 'c' }],
    });
    try {
      const anon = await s.api.post('/common/pub/getSystemInfo', {}, { form });
      expect(anon.body.data.chatInfo).toMatchObject({
        stun: 'turn:turn.example.com:3478',
        stunUser: '',
        stunPass: '',
        iceServers: [{ urls: 'turn:turn.example.com' }],
      });
      expect(JSON.stringify(anon.body)).not.toContain('turnpass');
      const signed = await s.api.post('/common/pub/getSystemInfo', {}, { form, token: bob.token });
      expect(signed.body.data.chatInfo).toMatchObject({
        stunUser: 'turnuser',
        stunPass: 'turnpass',
        iceServers: [{ username: 'u', credential: 'c' }],
      });
    } finally {
      await s.services.config.set('chatInfo', {});
    }
  });

  it('checkVersion names this version and offers a configured package to older clients', async () => {
    const plain = await s.api.post('/common/pub/checkVersion', { release: 1, type: 1101 }, { form });
    expect(plain.body.data).toEqual({
      versionName: '6.1.0',
      versionCode: 20250916,
      updateType: 'solicit',
      versionInfo: '',
      downloadUrl: '',
    });
    await s.services.config.set('appVersion', {
      updateType: 'forcibly',
      versionInfo: 'Fixes',
      downloadUrl: { android: 'https://dl.example.com/p.apk', ios: 'https://apps.example.com/p' },
    });
    try {
      const old = await s.api.post('/common/pub/checkVersion', { release: '20240101', type: '1101' }, { form });
      expect(old.body.data).toMatchObject({
        updateType: 'forcibly',
        versionInfo: 'Fixes',
        downloadUrl: 'https://dl.example.com/p.apk',
      });
      const ios = await s.api.post('/common/pub/checkVersion', { release: 1, type: 1102, setupPage: 'true' }, { form });
      expect(ios.body.data).toMatchObject({ updateType: 'solicit', downloadUrl: 'https://apps.example.com/p' });
      const current = await s.api.post('/common/pub/checkVersion', { release: 20250916, type: 1101 }, { form });
      expect(current.body.data.downloadUrl).toBe('');
    } finally {
      await s.services.config.set('appVersion', {});
    }
  });
});
