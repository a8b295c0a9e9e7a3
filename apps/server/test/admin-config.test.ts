import { describe, expect, it } from 'vitest';
import { connectSocket } from './helpers/index';
import { serverWithPeople } from './chat-fixtures';

/** PROTOCOL §12.2–§12.3: the admin guard and the config endpoints. */

const { s, alice, bob } = await serverWithPeople();

const set = (token: string, name: string, value: unknown) =>
  s.api.post('/manage/config/setConfig', { name, value }, { token, lang: 'en' });

describe('admin config', () => {
  it('refuses ordinary users with 400 auth.notAdmin, never -1', async () => {
    for (const path of ['/manage/config/getAllConfig', '/manage/config/getInfo', '/manage/config/setConfig']) {
      const res = await s.api.post(path, { name: 'sysInfo', value: { runMode: 1 } }, { token: bob.token, lang: 'en' });
      expect(res.body).toMatchObject({ code: 400, msg: 'Administrator rights are required' });
    }
    expect((await s.api.post('/manage/config/getAllConfig', {})).body.code).toBe(-1);
  });

  it('lists the sections with switches as strings and the SMTP password masked', async () => {
    expect(
      (await set(alice.token, 'smtp', { host: 'mail.example.com', port: 465, addr: 'a@example.com', pass: 'hunter2' }))
        .body.code,
    ).toBe(0);
    const res = await s.api.post('/manage/config/getAllConfig', {}, { token: alice.token });
    expect(res.body.code).toBe(0);
    const byName = Object.fromEntries(
      (res.body.data as { name: string; value: Record<string, unknown> }[]).map((r) => [r.name, r.value]),
    );
    expect(Object.keys(byName).sort()).toEqual(['chatInfo', 'compass', 'fileUpload', 'maps', 'smtp', 'sso', 'sysInfo']);
    expect(byName.sysInfo?.state).toBe('1');
    expect(byName.chatInfo?.redoTime).toBe(86400);
    expect(byName.smtp?.pass).toBe('******');
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    // Saving the masked value back keeps the stored password.
    await set(alice.token, 'smtp', { pass: '******', sign: 'Parley' });
    const smtp = await s.services.config.smtp();
    expect(smtp?.url).toContain('hunter2');
    // The alias of §14.2 answers the same.
    const alias = await s.api.post('/manage/config/getConfig', { name: 'smtp' }, { token: alice.token });
    expect(alias.body.data.sign).toBe('Parley');
  });

  it('validates each field and names the bad one, storing nothing', async () => {
    const bad = await set(alice.token, 'sysInfo', { runMode: 3, name: 'X' });
    expect(bad.body).toMatchObject({ code: 400, msg: 'Invalid parameter: value.runMode' });
    expect((await s.services.config.systemInfo()).sysInfo.name).toBe('Parley');
    expect((await set(alice.token, 'nope', { a: 1 })).body).toMatchObject({ code: 400 });
    // A Discover item leads to an app path or an http(s) page, nothing else.
    const item = { icon: '', name: 'Wiki', type: 2, url: 'javascript:alert(1)', order: 1, status: 1 };
    const script = await set(alice.token, 'compass', { status: '1', mode: 1, list: [item] });
    expect(script.body).toMatchObject({ code: 400, msg: 'Invalid parameter: value.list.0.url' });
    const path = await set(alice.token, 'compass', {
      status: '1',
      mode: 1,
      list: [{ ...item, type: 1, url: 'https://x.example' }],
    });
    expect(path.body).toMatchObject({ code: 400, msg: 'Invalid parameter: value.list.0.url' });
    expect(
      (
        await set(alice.token, 'compass', {
          status: '1',
          mode: 1,
          list: [{ ...item, url: 'https://wiki.example.com/' }],
        })
      ).body.code,
    ).toBe(0);
  });

  it('keeps the maps provider: unset by default, validated templates, public in getSystemInfo', async () => {
    const before = await s.api.post('/common/pub/getSystemInfo', {});
    expect(before.body.data.maps).toEqual({ tileUrl: '', searchUrl: '', reverseUrl: '', ipLocationUrl: '' });
    const maps = {
      tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      searchUrl: 'https://nominatim.example.org/search?format=jsonv2&q={q}',
      reverseUrl: 'https://nominatim.example.org/reverse?format=jsonv2&lat={lat}&lon={lng}',
      ipLocationUrl: 'https://ip.example.org/json',
    };
    const bobWs = await connectSocket(s.url, { token: bob.token });
    expect((await set(alice.token, 'maps', maps)).body).toMatchObject({ code: 0, msg: 'Saved' });
    expect((await bobWs.next<{ maps: unknown }>('updateConfig')).data.maps).toEqual(maps);
    bobWs.close();
    expect((await s.api.post('/common/pub/getSystemInfo', {})).body.data.maps).toEqual(maps);
    expect((await s.api.post('/manage/config/getInfo', { name: 'maps' }, { token: alice.token })).body.data).toEqual(
      maps,
    );

    for (const [value, field] of [
      [{ tileUrl: 'https://tiles.example.org/{z}/{x}.png' }, 'tileUrl'],
      [{ searchUrl: 'javascript:alert(1)//{q}' }, 'searchUrl'],
      [{ reverseUrl: 'https://geo.example.org/?lat={lat}' }, 'reverseUrl'],
      [{ ipLocationUrl: 'ftp://ip.example.org/' }, 'ipLocationUrl'],
      [{ tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png?a= b' }, 'tileUrl'],
    ] as const) {
      expect((await set(alice.token, 'maps', value)).body).toMatchObject({
        code: 400,
        msg: `Invalid parameter: value.${field}`,
      });
    }
    expect((await set(bob.token, 'maps', { tileUrl: '' })).body).toMatchObject({
      code: 400,
      msg: 'Administrator rights are required',
    });
    // "" switches one service off again; the others stay.
    expect((await set(alice.token, 'maps', { ipLocationUrl: '' })).body.code).toBe(0);
    expect((await s.api.post('/common/pub/getSystemInfo', {})).body.data.maps).toEqual({ ...maps, ipLocationUrl: '' });
  });

  it('lets an administrator clear a text setting with "" but never blank the site name', async () => {
    expect((await set(alice.token, 'sysInfo', { closeTips: 'Back at noon', description: 'Team chat' })).body.code).toBe(
      0,
    );
    expect((await set(alice.token, 'sysInfo', { closeTips: '', description: '', name: '' })).body.code).toBe(0);
    const info = (await s.api.post('/common/pub/getSystemInfo', {})).body.data.sysInfo;
    expect(info).toMatchObject({ closeTips: '', description: '' });
    expect(info.name).not.toBe('');
  });

  it('saves a change (form-encoded too) and pushes updateConfig to every connection', async () => {
    const anon = await connectSocket(s.url);
    const bobWs = await connectSocket(s.url, { token: bob.token });
    const res = await s.api.post(
      '/manage/config/setConfig',
      { name: 'sysInfo', 'value[runMode]': '1', 'value[multipleLogin]': 'true' },
      { token: alice.token, form: true, lang: 'en' },
    );
    expect(res.body).toMatchObject({ code: 0, msg: 'Saved' });
    for (const ws of [anon, bobWs]) {
      const ev = await ws.next<{ sysInfo: { runMode: number; multipleLogin: number } }>('updateConfig');
      expect(ev.data.sysInfo).toMatchObject({ runMode: 1, multipleLogin: 1 });
    }
    const info = await s.api.post('/common/pub/getSystemInfo', {});
    expect(info.body.data.sysInfo.runMode).toBe(1);
    expect(info.body.data.sysInfo.name).toBe('Parley');
    anon.close();
    bobWs.close();
  });
});
