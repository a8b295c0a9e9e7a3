import { afterAll, expect } from 'vitest';
import {
  closeNodes,
  registerAndLogin,
  seedPeople,
  startTwoNodes,
  type TestServer,
  type TestUser,
} from './helpers/index';
import { makeFriends } from './chat-fixtures';

/** Fixtures of the groups tests: a fourth person, friendships, and calls through the public API. */

export const dave = { account: 'dave1', realname: 'Dave', password: 'dave-pw01' } as const;

export async function seedDave(s: TestServer): Promise<TestUser> {
  return registerAndLogin(s.api, dave);
}

/** alice knows everyone; bob and carol know each other; dave only knows alice. */
export async function befriendAll(
  s: TestServer,
  alice: TestUser,
  bob: TestUser,
  carol: TestUser,
  d: TestUser,
): Promise<void> {
  await makeFriends(s, alice, bob);
  await makeFriends(s, alice, carol);
  await makeFriends(s, alice, d);
  await makeFriends(s, bob, carol);
}

/**
 * Two nodes over one database (SQLite with in-process fan-out, or PostgreSQL with Redis) with
 * alice, bob, carol and dave befriended as `befriendAll` says; closed when the file ends.
 */
export async function twoNodesWithPeople() {
  const [a, b] = await startTwoNodes();
  afterAll(() => closeNodes(b, a));
  const { alice, bob, carol } = await seedPeople(a.api);
  const d = await seedDave(a);
  await befriendAll(a, alice, bob, carol, d);
  return { a, b, alice, bob, carol, dave: d };
}

export const group = (s: TestServer, action: string, u: TestUser, body: Record<string, unknown>, form = false) =>
  s.api.post(`/enterprise/group/${action}`, body, { token: u.token, lang: 'en', form });

/** alice's group with these members; returns the numeric id. */
export async function createGroup(s: TestServer, owner: TestUser, members: TestUser[], name = 'Team'): Promise<number> {
  const res = await group(s, 'add', owner, { user_ids: members.map((m) => m.id), name });
  expect(res.body.code, res.body.msg).toBe(0);
  return Number(String(res.body.data.id).replace('group-', ''));
}

export async function expectFail(
  p: Promise<{ body: { code: number; msg: string } }>,
  msg: string | RegExp,
  code = 400,
): Promise<void> {
  const res = await p;
  expect(res.body.code, res.body.msg).toBe(code);
  if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
  else expect(res.body.msg).toMatch(msg);
}
