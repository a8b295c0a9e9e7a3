import { expect } from 'vitest';
import { login, registerAndLogin, seedPeople, type TestServer, type TestUser } from './helpers/index';
import { uuid } from './chat-fixtures';

/**
 * People for the admin console tests: alice (super-administrator, the first account), carol
 * made an administrator by alice, bob and dave ordinary. runMode 1, so everyone is a contact.
 */
export async function seedAdminPeople(s: TestServer) {
  const { alice, bob, carol } = await seedPeople(s.api);
  const dave = await registerAndLogin(s.api, { account: 'dave01', realname: 'Dave', password: 'dave-pw01' });
  const ok = async (path: string, body: Record<string, unknown>, who: TestUser = alice) => {
    const res = await s.api.post(path, body, { token: who.token, lang: 'en' });
    expect(res.body.code, `${path}: ${res.body.msg}`).toBe(0);
    return res.body;
  };
  await ok('/manage/user/setRole', { user_id: carol.id, role: 2 });
  await ok('/manage/config/setConfig', { name: 'sysInfo', value: { runMode: 1 } });
  return { alice, bob, carol, dave, ok };
}

export async function sendText(
  s: TestServer,
  from: TestUser,
  to: number | string,
  content: string,
): Promise<{ id: string; msg_id: number }> {
  const id = uuid();
  const res = await s.api.post(
    '/enterprise/im/sendMessage',
    { id, type: 'text', content, toContactId: to },
    { token: from.token, lang: 'en' },
  );
  expect(res.body.code, res.body.msg).toBe(0);
  return { id, msg_id: res.body.data.msg_id as number };
}

/** A fresh ordinary account (for destructive endpoints), logged in. */
let n = 0;
export async function freshUser(s: TestServer, admin: TestUser): Promise<TestUser> {
  n++;
  const account = `user${Date.now().toString(36)}${n}`;
  const password = 'pass-word1';
  const res = await s.api.post(
    '/manage/user/add',
    { account, realname: `U${n}`, password },
    { token: admin.token, lang: 'en' },
  );
  expect(res.body.code, res.body.msg).toBe(0);
  const data = await login(s.api, account, password);
  return {
    id: res.body.data.id,
    account,
    realname: `U${n}`,
    password,
    token: data.authToken,
    sessionId: data.sessionId,
  };
}
