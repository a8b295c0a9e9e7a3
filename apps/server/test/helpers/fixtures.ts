import { expect } from 'vitest';
import type { SelfInfo } from '@parley/protocol';
import type { Api } from './api';

/** Named users created through the public API. The first one registered becomes the admin. */

export interface TestUser {
  id: number;
  account: string;
  realname: string;
  password: string;
  /** `authToken` from login ("bearer …"). */
  token: string;
  sessionId: string;
}

export const people = {
  alice: { account: 'alice', realname: 'Alice', password: 'alice-pw1' },
  bob: { account: 'bob01', realname: 'Bob', password: 'bob-pw01' },
  carol: { account: 'carol', realname: '张卡罗', password: 'carol-pw1' },
} as const;

export async function login(api: Api, account: string, password: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/common/pub/login', { account, password, ...extra });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data as { sessionId: string; authToken: string; userInfo: SelfInfo };
}

export async function registerAndLogin(
  api: Api,
  who: { account: string; realname: string; password: string },
): Promise<TestUser> {
  const reg = await api.post('/common/pub/register', who);
  expect(reg.body.code, reg.body.msg).toBe(0);
  const data = await login(api, who.account, who.password);
  return { ...who, id: reg.body.data.user_id, token: data.authToken, sessionId: data.sessionId };
}

/** alice (admin, first account), bob and carol, each logged in once. */
export async function seedPeople(api: Api): Promise<{ alice: TestUser; bob: TestUser; carol: TestUser }> {
  const alice = await registerAndLogin(api, people.alice);
  const bob = await registerAndLogin(api, people.bob);
  const carol = await registerAndLogin(api, people.carol);
  return { alice, bob, carol };
}
