import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { serverWithPeople } from './chat-fixtures';
import { signInThroughProvider, startTestProvider } from './helpers/oidc-provider';

/** PROTOCOL §19 OIDC and §2.4 login `token`, against a real OpenID provider on loopback. */

const { s, alice, bob } = await serverWithPeople();
const provider = await startTestProvider({ redirectUri: `${s.url}/sso/oidc/callback` });
afterAll(() => provider.close());
provider.people.set('ada-sub', {
  preferred_username: 'ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  email_verified: true,
});
provider.people.set('grace-sub', { preferred_username: 'grace', name: 'Grace Hopper', email: 'grace@example.com' });

const setSso = (oidc: Record<string, unknown>) =>
  s.api.post('/manage/config/setConfig', { name: 'sso', value: { oidc } }, { token: alice.token, lang: 'en' });
const on = {
  status: 1,
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  buttonText: 'Company login',
  autoCreate: 1,
};
const codeOf = (location: string) => new URLSearchParams(location.split('?')[1]).get('sso') ?? '';
const errorOf = (location: string) => new URLSearchParams(location.split('?')[1]).get('sso_error');
const loginWith = (token: string) => s.api.post('/common/pub/login', { token }, { lang: 'en' });

beforeEach(async () => {
  provider.tamper(undefined);
  provider.setIdTokenTtl(3600);
  expect((await setSso(on)).body.code).toBe(0);
});

describe('OIDC settings', () => {
  it('keeps the client secret write-only and shows the button only while it is on', async () => {
    const shown = await s.api.post('/manage/config/getInfo', { name: 'sso' }, { token: alice.token });
    expect(shown.body.data.oidc).toMatchObject({ clientSecret: '******', clientId: provider.clientId });
    expect(JSON.stringify(shown.body)).not.toContain(provider.clientSecret);
    // The mask saved back keeps the secret: sign-in still works afterwards.
    expect((await setSso({ ...on, clientSecret: '******' })).body.code).toBe(0);
    const info = await s.api.post('/common/pub/getSystemInfo', {});
    expect(info.body.data.sso).toEqual([{ kind: 'oidc', name: 'Company login', url: '/sso/oidc/start' }]);
    expect(codeOf((await signInThroughProvider(s.url, 'ada-sub')).location)).not.toBe('');

    await setSso({ status: 0 });
    expect((await s.api.post('/common/pub/getSystemInfo', {})).body.data.sso).toEqual([]);
    expect(errorOf((await signInThroughProvider(s.url, 'ada-sub')).location)).toBe('sso.notConfigured');
    expect((await loginWith('x'.repeat(43))).body).toMatchObject({
      code: 400,
      msg: 'This login method is not available',
    });
  });

  it('refuses an issuer that is not https unless it is on loopback, and ordinary users', async () => {
    expect((await setSso({ issuer: 'http://idp.example.com' })).body).toMatchObject({
      code: 400,
      msg: 'The issuer address must start with https://',
    });
    expect((await setSso({ issuer: 'https://idp.example.com/realms/acme' })).body.code).toBe(0);
    const byBob = await s.api.post(
      '/manage/config/setConfig',
      { name: 'sso', value: { oidc: on } },
      { token: bob.token },
    );
    expect(byBob.body.code).toBe(400);
    expect((await s.api.post('/manage/config/getInfo', { name: 'sso' }, { token: bob.token })).body.code).toBe(400);
  });
});

describe('OIDC connection test (admin console)', () => {
  it('fetches the discovery document of the form, unsaved, and says what failed in words', async () => {
    const test = (oidc: Record<string, unknown>, token = alice.token) =>
      s.api.post('/manage/sso/testOidc', { oidc }, { token, lang: 'en' });
    const good = await test({ issuer: provider.issuer });
    expect(good.body).toMatchObject({
      code: 0,
      data: {
        issuer: provider.issuer,
        authorization_endpoint: `${provider.issuer}/auth`,
        redirect_uri: `${s.url}/sso/oidc/callback`,
      },
    });
    expect((await test({ issuer: 'http://127.0.0.1:9' })).body).toMatchObject({
      code: 400,
      msg: 'The identity provider cannot be reached; try again later or ask your administrator',
    });
    expect((await test({ issuer: 'http://idp.example.com' })).body.msg).toBe(
      'The issuer address must start with https://',
    );
    expect((await test({ issuer: provider.issuer }, bob.token)).body.msg).toBe('Administrator rights are required');
    // Nothing was saved by testing.
    expect((await s.services.config.sso()).oidc.issuer).toBe(provider.issuer);
  });
});

describe('OIDC sign-in', () => {
  it('creates the account on the first sign-in and finds it on the second', async () => {
    const first = await signInThroughProvider(s.url, 'ada-sub');
    const login = await loginWith(codeOf(first.location));
    expect(login.body).toMatchObject({ code: 0, msg: 'Logged in' });
    const me = login.body.data.userInfo;
    expect(me).toMatchObject({ account: 'ada', realname: 'Ada Lovelace', email: 'ada@example.com', role: 0 });
    // No local password: no password signs in as ada.
    expect((await s.api.post('/common/pub/login', { account: 'ada', password: '' })).body.code).toBe(400);
    // The token works like a password login's.
    expect(
      (await s.api.post('/enterprise/im/getUserInfo', { user_id: me.user_id }, { token: login.body.data.authToken }))
        .body.code,
    ).toBe(0);

    const second = await loginWith(codeOf((await signInThroughProvider(s.url, 'ada-sub')).location));
    expect(second.body.data.userInfo.user_id).toBe(me.user_id);
  });

  it('uses a code once and only for 60 seconds', async () => {
    const code = codeOf((await signInThroughProvider(s.url, 'ada-sub')).location);
    expect((await loginWith(code)).body.code).toBe(0);
    expect((await loginWith(code)).body).toMatchObject({
      code: 400,
      msg: 'This sign-in link has expired, please sign in again',
    });
    const late = codeOf((await signInThroughProvider(s.url, 'ada-sub')).location);
    s.clock.advance(61_000);
    expect((await loginWith(late)).body.code).toBe(400);
    expect((await loginWith('not-a-code')).body.code).toBe(400);
  });

  it('matches an existing account by a verified e-mail, never by an unverified one', async () => {
    await s.api.post('/enterprise/im/updateUserInfo', { email: 'ada.work@example.com' }, { token: bob.token });
    provider.people.set('bob-sub', {
      preferred_username: 'robert',
      email: 'ada.work@example.com',
      email_verified: true,
    });
    const login = await loginWith(codeOf((await signInThroughProvider(s.url, 'bob-sub')).location));
    expect(login.body.data.userInfo.user_id).toBe(bob.id);

    // grace's e-mail is not verified: a new account, named by the account claim.
    await s.api.post('/enterprise/im/updateUserInfo', { email: 'grace@example.com' }, { token: alice.token });
    const grace = await loginWith(codeOf((await signInThroughProvider(s.url, 'grace-sub')).location));
    expect(grace.body.data.userInfo).toMatchObject({ account: 'grace', email: '' });
    expect(grace.body.data.userInfo.user_id).not.toBe(alice.id);
  });

  it('refuses a disabled user, and nobody new when autoCreate is off', async () => {
    provider.people.set('off-sub', { preferred_username: 'offuser', name: 'Off' });
    const user = await loginWith(codeOf((await signInThroughProvider(s.url, 'off-sub')).location));
    const id = user.body.data.userInfo.user_id;
    expect(
      (await s.api.post('/manage/user/setStatus', { user_id: id, status: 0 }, { token: alice.token })).body.code,
    ).toBe(0);
    expect(errorOf((await signInThroughProvider(s.url, 'off-sub')).location)).toBe('sso.disabledUser');

    await setSso({ ...on, autoCreate: 0 });
    provider.people.set('new-sub', { preferred_username: 'newcomer' });
    expect(errorOf((await signInThroughProvider(s.url, 'new-sub')).location)).toBe('sso.noAccount');
  });
});

describe('OIDC callback checks', () => {
  it('refuses a reused, foreign or expired state', async () => {
    let kept = '';
    const trip = await signInThroughProvider(s.url, 'ada-sub', { beforeCallback: (u) => void (kept = u) });
    expect(codeOf(trip.location)).not.toBe('');
    const replay = await fetch(kept, { redirect: 'manual' });
    expect(errorOf(replay.headers.get('location') ?? '')).toBe('sso.stateInvalid');

    const foreign = await fetch(`${s.url}/sso/oidc/callback?code=abc&state=made-up`, { redirect: 'manual' });
    expect(foreign.status).toBe(302);
    expect(errorOf(foreign.headers.get('location') ?? '')).toBe('sso.stateInvalid');

    const slow = await signInThroughProvider(s.url, 'ada-sub', { beforeCallback: () => s.clock.advance(601_000) });
    expect(errorOf(slow.location)).toBe('sso.stateInvalid');
  });

  const tampered: Array<[string, (c: Record<string, unknown>) => Record<string, unknown>]> = [
    ['nonce', (c) => ({ ...c, nonce: 'someone-elses' })],
    ['aud', (c) => ({ ...c, aud: 'another-client' })],
    ['iss', (c) => ({ ...c, iss: 'http://127.0.0.1:1' })],
    ['exp', (c) => ({ ...c, exp: Math.floor(s.clock.now() / 1000) - 3600 })],
  ];
  it.each(tampered)('refuses an ID token with a wrong %s claim', async (claim, change) => {
    provider.tamper(change);
    const trip = await signInThroughProvider(s.url, 'ada-sub');
    expect(errorOf(trip.location)).toBe('sso.tokenInvalid');
    // Refused for that claim (the log says which), and the provider's words stay in the log.
    expect(s.logs.at(-1)).toContain(`\\"${claim}\\"`);
    expect(trip.location).not.toContain(claim);
  });

  it('refuses an ID token that expired by the server clock', async () => {
    // ID tokens live a minute past the server's clock; the server checks five minutes later.
    provider.setIdTokenTtl(Math.round((s.clock.now() - Date.now()) / 1000) + 60);
    const trip = await signInThroughProvider(s.url, 'ada-sub', { beforeCallback: () => s.clock.advance(300_000) });
    expect(errorOf(trip.location)).toBe('sso.tokenInvalid');
    expect(s.logs.at(-1)).toContain('\\"exp\\"');
  });

  it('refuses a signature by a key the provider does not publish, and follows a key rotation', async () => {
    provider.tamper((c) => c, { foreignKey: true });
    expect(errorOf((await signInThroughProvider(s.url, 'ada-sub')).location)).toBe('sso.tokenInvalid');
    provider.tamper(undefined);
    const before = provider.kid();
    expect(codeOf((await signInThroughProvider(s.url, 'ada-sub')).location)).not.toBe('');
    provider.rotate();
    expect(provider.kid()).not.toBe(before);
    const after = await loginWith(codeOf((await signInThroughProvider(s.url, 'ada-sub')).location));
    expect(after.body).toMatchObject({ code: 0, data: { userInfo: { account: 'ada' } } });
  });

  it('answers a catalogue key, not the provider error, when the provider cannot be reached', async () => {
    await setSso({ issuer: 'http://127.0.0.1:9' });
    const res = await fetch(`${s.url}/sso/oidc/start`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/#/pages/login/index?sso_error=sso.unreachable');
  });
});
