import { afterAll, describe, expect, it } from 'vitest';
import {
  connectSocket,
  connectSockets,
  login,
  makeImage,
  registerAndLogin,
  startMailCatcher,
  upload,
  type TestUser,
} from './helpers/index';
import { addMember, makeFriends, makeGroup, serverWithPeople } from './chat-fixtures';

/**
 * Issue 17 on the server: a forgotten password, code sign-in by a plain account name, profile
 * and setting changes seen live, the group option `profile`, and the runMode 2 registration
 * extras autoAddUser / autoAddGroup.
 */

const mail = await startMailCatcher();
afterAll(() => mail.close());
const { s, alice, bob, carol } = await serverWithPeople([], { config: { smtpUrl: mail.url } });
let seq = 0;

const call = (path: string, token: string | undefined, body: Record<string, unknown> = {}) =>
  s.api.post(path, body, { ...(token ? { token } : {}), lang: 'en' });
const alive = async (token: string) => (await call('/enterprise/im/updateUserInfo', token)).body.code;

async function newcomer(extra: Record<string, unknown> = {}): Promise<TestUser> {
  seq += 1;
  const who = { account: `me${seq}user`, realname: `Newcomer ${seq}`, password: 'pass-word1', ...extra };
  return registerAndLogin(s.api, who);
}

async function setAutomation(value: Record<string, unknown>): Promise<void> {
  const current = await s.services.config.automation();
  await s.services.config.set('chatAutomation', { ...current, ...value });
  s.clock.advance(6000);
}

describe('signing in without the password', () => {
  it('sends a login code for a plain account name to its e-mail, and the code signs in once', async () => {
    const u = await newcomer({ email: `plain${seq + 1}@example.com` });
    const address = `plain${seq}@example.com`;
    expect((await call('/common/pub/sendCode', undefined, { account: u.account, type: 1 })).body).toMatchObject({
      code: 0,
      msg: 'Code sent',
    });
    const m = await mail.next(address);
    const ok = await call('/common/pub/login', undefined, { account: u.account, code: m.code });
    expect(ok.body.code, ok.body.msg).toBe(0);
    expect(ok.body.data.userInfo.user_id).toBe(u.id);
    const again = await call('/common/pub/login', undefined, { account: u.account, code: m.code });
    expect(again.body).toMatchObject({ code: 400, msg: 'Wrong account or password' });
  });

  it('a plain account name without an e-mail receives no code, answered as an unknown one is (§2.4)', async () => {
    const u = await newcomer();
    const sent = mail.mails.length;
    const res = await call('/common/pub/sendCode', undefined, { account: u.account, type: 1 });
    const unknown = await call('/common/pub/sendCode', undefined, { account: `nobody${seq}x`, type: 1 });
    expect(res.body).toMatchObject({ code: 0, msg: 'Code sent' });
    expect(unknown.body).toEqual(res.body);
    // Each answer came after its mail would have been handed over: none was.
    expect(mail.mails.length).toBe(sent);
  });

  it('forgot password: a type-3 code sets a new password and signs every session out', async () => {
    const address = `forgot${seq + 1}@example.com`;
    const u = await newcomer({ email: address });
    const other = await login(s.api, u.account, u.password, { terminal: 'app' });
    const ws = await connectSocket(s.url, { token: other.authToken });

    expect(
      (
        await call('/common/pub/resetPassword', undefined, {
          account: u.account,
          code: '000000',
          password: 'brand-new1',
        })
      ).body,
    ).toMatchObject({ code: 400, msg: 'Wrong or expired code' });
    expect((await call('/common/pub/sendCode', undefined, { account: u.account, type: 3 })).body.code).toBe(0);
    const { code } = await mail.next(address);
    expect(
      (await call('/common/pub/resetPassword', undefined, { account: u.account, code, password: '123' })).body.msg,
    ).toBe('Passwords have 6–16 characters');
    const res = await call('/common/pub/resetPassword', undefined, {
      account: u.account,
      code,
      password: 'brand-new1',
    });
    expect(res.body, res.body.msg).toMatchObject({ code: 0 });

    expect(await alive(u.token)).toBe(-1);
    expect(await alive(other.authToken)).toBe(-1);
    expect(await ws.closed).toBe(4003);
    expect((await call('/common/pub/login', undefined, { account: u.account, password: u.password })).body.code).toBe(
      400,
    );
    expect((await call('/common/pub/login', undefined, { account: u.account, password: 'brand-new1' })).body.code).toBe(
      0,
    );
    // The code was single use.
    expect(
      (await call('/common/pub/resetPassword', undefined, { account: u.account, code, password: 'again-new1' })).body
        .code,
    ).toBe(400);
  });

  it('a password change keeps this session and signs the others out', async () => {
    const u = await newcomer();
    const other = await login(s.api, u.account, u.password, { terminal: 'app' });
    const ws = await connectSocket(s.url, { token: other.authToken });
    const res = await call('/enterprise/im/editPassword', u.token, {
      originalPassword: u.password,
      password: 'changed-pw1',
    });
    expect(res.body.code, res.body.msg).toBe(0);
    expect(await alive(u.token)).toBe(0);
    expect(await alive(other.authToken)).toBe(-1);
    expect(await ws.closed).toBe(4003);
  });
});

describe('profile changes seen live', () => {
  it('a new name and motto reach my friends and my other devices; settings reach my other devices only', async () => {
    const u = await newcomer();
    await makeFriends(s, u, bob);
    const second = await login(s.api, u.account, u.password, { terminal: 'app' });
    const [bobWs, mineWs, carolWs] = await Promise.all([
      connectSocket(s.url, { token: bob.token }),
      connectSocket(s.url, { token: second.authToken }),
      connectSocket(s.url, { token: carol.token }),
    ]);
    const res = await call('/enterprise/im/updateUserInfo', u.token, { realname: 'Renamed', motto: 'Hello there' });
    expect(res.body.code, res.body.msg).toBe(0);
    const seen = await bobWs.next<{ user_id: number; realname: string; motto: string }>(
      'updateUser',
      (d) => d.user_id === u.id,
    );
    expect(seen.data).toMatchObject({ realname: 'Renamed', motto: 'Hello there' });
    const self = await mineWs.next<{ user_id: number; realname: string }>('updateSelf');
    expect(self.data).toMatchObject({ user_id: u.id, realname: 'Renamed' });

    expect((await call('/enterprise/im/setting', u.token, { isVoice: 0, avatarCricle: 1 })).body.code).toBe(0);
    const followed = await mineWs.next<{ setting: Record<string, unknown> }>(
      'updateSelf',
      (d) => d.setting.avatarCricle === true,
    );
    expect(followed.data.setting).toMatchObject({ isVoice: false, avatarCricle: true });
    // Strangers learn nothing.
    await carolWs.expectNoneSoFar('updateUser');
    for (const ws of [bobWs, mineWs, carolWs]) ws.close();
  });

  it('a new avatar reaches a fellow group member at once', async () => {
    const u = await newcomer();
    const groupId = await makeGroup(s, alice, [u]);
    void groupId;
    const aliceWs = await connectSocket(s.url, { token: alice.token });
    const res = await upload(s.url, '/common/upload/uploadAvatar', {
      token: u.token,
      file: { name: 'face.png', bytes: await makeImage(64, 64), type: 'image/png' },
    });
    expect(res.body.code, res.body.msg).toBe(0);
    const seen = await aliceWs.next<{ user_id: number; avatar: string }>('updateUser', (d) => d.user_id === u.id);
    expect(seen.data.avatar).toBe(res.body.data);
    aliceWs.close();
  });
});

describe('group option profile', () => {
  it('a fellow member outside my contacts opens my card only while the group allows it', async () => {
    const a = await newcomer();
    const b = await newcomer();
    const groupId = await makeGroup(s, alice, [a], { profile: '0' });
    await addMember(s, groupId, b);

    const closed = await call('/enterprise/im/getUserInfo', a.token, { user_id: b.id });
    expect(closed.body).toMatchObject({ code: 400, msg: 'This group does not let members open each other’s profiles' });
    // The owner manages the group: allowed. So are contacts.
    expect((await call('/enterprise/im/getUserInfo', alice.token, { user_id: b.id })).body.code).toBe(0);

    const set = await s.api.post(
      '/enterprise/group/groupSetting',
      { id: groupId, setting: { profile: '1' } },
      { token: alice.token, lang: 'en' },
    );
    expect(set.body.code, set.body.msg).toBe(0);
    const open = await call('/enterprise/im/getUserInfo', a.token, { user_id: b.id });
    expect(open.body.code, open.body.msg).toBe(0);
    expect(open.body.data.user_id).toBe(b.id);

    await s.api.post(
      '/enterprise/group/groupSetting',
      { id: groupId, setting: { profile: '0' } },
      { token: alice.token, lang: 'en' },
    );
    await makeFriends(s, a, b);
    expect((await call('/enterprise/im/getUserInfo', a.token, { user_id: b.id })).body.code).toBe(0);
  });
});

describe('runMode 2 registration extras', () => {
  it('autoAddUser: newcomers get a service contact in turn, greeted live by that user', async () => {
    await setAutomation({
      autoAddUser: { status: 1, user_ids: [bob.id, carol.id], welcome: 'Welcome aboard!' },
      autoAddGroup: { status: 0, name: '', owner_uid: 0, userMax: 0 },
    });
    const [bobWs, carolWs] = await connectSockets(s.url, [bob, carol]);
    const first = await newcomer();
    const second = await newcomer();
    const firstLogin = await login(s.api, first.account, first.password);
    const firstSelf = firstLogin.userInfo;
    const secondSelf = (await login(s.api, second.account, second.password)).userInfo;
    const servers = [firstSelf.cs_uid, secondSelf.cs_uid].sort();
    expect(servers).toEqual([bob.id, carol.id].sort());

    const wsOf = (id: number) => (id === bob.id ? bobWs : carolWs);
    // The service user's screen lists the newcomer at once (the push carries the conversation).
    const greeting = await wsOf(firstSelf.cs_uid).next<{ content: string; contactInfo: { id: number | string } }>(
      'simple',
      (d) => d.content === 'Welcome aboard!' && Number(d.contactInfo.id) === first.id,
    );
    expect(greeting.data.contactInfo).toBeTruthy();
    // The newcomer finds the greeting and the service user among their contacts.
    const contacts = await call('/enterprise/im/getContacts', firstLogin.authToken);
    const row = (contacts.body.data as Array<{ id: number | string; lastContent: string }>).find(
      (c) => Number(c.id) === firstSelf.cs_uid,
    );
    expect(row?.lastContent).toBe('Welcome aboard!');
    bobWs.close();
    carolWs.close();
    await setAutomation({ autoAddUser: { status: 0, user_ids: [], welcome: '' } });
  });

  it('autoAddGroup: newcomers fill the automatic group, and the next one opens at userMax', async () => {
    await setAutomation({ autoAddGroup: { status: 1, name: 'Lobby ', owner_uid: alice.id, userMax: 3 } });
    const aliceWs = await connectSocket(s.url, { token: alice.token });
    const one = await newcomer();
    const opened = await aliceWs.next<{ id: string; displayName: string }>(
      'addGroup',
      (d) => d.displayName === 'Lobby 1',
    );
    const two = await newcomer();
    const joined = await aliceWs.next<{ group_id: string; user_ids: number[] }>('addGroupUser', (d) =>
      d.user_ids.includes(two.id),
    );
    expect(joined.data.group_id).toBe(opened.data.id);
    // Three members now (alice, one, two): the next newcomer opens "Lobby 2".
    const three = await newcomer();
    await aliceWs.next<{ displayName: string }>('addGroup', (d) => d.displayName === 'Lobby 2');
    const groupsOf = async (u: TestUser) =>
      (
        (await call('/enterprise/im/getContacts', u.token)).body.data as Array<{
          displayName: string;
          is_group: number;
        }>
      )
        .filter((c) => c.is_group === 1)
        .map((c) => c.displayName);
    expect(await groupsOf(one)).toContain('Lobby 1');
    expect(await groupsOf(two)).toContain('Lobby 1');
    expect(await groupsOf(three)).toEqual(['Lobby 2']);
    aliceWs.close();
    await setAutomation({ autoAddGroup: { status: 0, name: '', owner_uid: 0, userMax: 0 } });
  });
});
