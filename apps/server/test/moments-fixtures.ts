import { expect } from 'vitest';
import { makeImage, registerAndLogin, upload, type TestServer, type TestUser } from './helpers/index';
import { makeFriends } from './chat-fixtures';
import { seedDave } from './group-fixtures';

/**
 * Fixtures of the moments tests. Circles: alice ↔ bob, alice ↔ dave, bob ↔ erin; carol knows
 * nobody. So dave sees alice's posts but not bob's likes or comments on them, and erin sees
 * bob's posts but never alice's.
 */

export const erin = { account: 'erin1', realname: 'Erin', password: 'erin-pw01' } as const;

export async function seedCircles(
  s: TestServer,
  alice: TestUser,
  bob: TestUser,
): Promise<{ dave: TestUser; erin: TestUser }> {
  const dave = await seedDave(s);
  const e = await registerAndLogin(s.api, erin);
  await makeFriends(s, alice, bob);
  await makeFriends(s, alice, dave);
  await makeFriends(s, bob, e);
  return { dave, erin: e };
}

export const moments = (s: TestServer, action: string, u: TestUser, body: Record<string, unknown> = {}, form = false) =>
  s.api.post(`/enterprise/moments/${action}`, body, { token: u.token, lang: 'en', form });

/** An upload of `u`; returns its file id. */
export async function uploadAs(s: TestServer, u: TestUser, name: string, bytes: Uint8Array): Promise<number> {
  const res = await upload(s.url, '/common/upload/uploadFile', { token: u.token, lang: 'en', file: { name, bytes } });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data.file_id as number;
}

export async function uploadImage(s: TestServer, u: TestUser, w = 40, h = 30): Promise<number> {
  return uploadAs(s, u, 'pic.png', await makeImage(w, h));
}

/** Publishes and returns the post id. */
export async function post(s: TestServer, u: TestUser, body: Record<string, unknown>): Promise<number> {
  const res = await moments(s, 'publish', u, body);
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data.id as number;
}

/** The posts `u` sees in the feed (or one author's), newest first. */
export async function feed(s: TestServer, u: TestUser, body: Record<string, unknown> = {}) {
  const res = await moments(s, 'list', u, { limit: 50, ...body });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body;
}
