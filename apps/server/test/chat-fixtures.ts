import { randomUUID } from 'node:crypto';
import { afterAll, expect } from 'vitest';
import type { Insertable } from 'kysely';
import type { MessagesTable } from '../src/platform/db/schema-chat';
import { messagesRepo } from '../src/modules/messages/index';
import {
  pushesReached,
  seedPeople,
  startTestServer,
  type TestServer,
  type TestServerOptions,
  type TestSocket,
  type TestUser,
} from './helpers/index';

/**
 * Chat fixtures until the friends and groups APIs exist: friendships through the contacts
 * module's seeding helper, groups as rows (the shape the groups module will write).
 */

export const uuid = (): string => randomUUID();

type Stored = Insertable<MessagesTable>;
/**
 * A messages row to insert directly (a test that needs many, old or odd rows): a text with no
 * file, quote, mention or recall, unless the fields say otherwise.
 */
export const messageRow = (
  fields: Pick<Stored, 'chat_identify' | 'from_user' | 'to_user' | 'is_group'> & Partial<Omit<Stored, 'msg_id'>>,
): Stored => messagesRepo.newMessage({ id: uuid(), send_time_ms: 1, ...fields });

export async function makeFriends(s: TestServer, a: TestUser, b: TestUser): Promise<void> {
  await s.services.contacts.makeFriends(a.id, b.id);
}

type Person = 'alice' | 'bob' | 'carol';
/**
 * The server of one test file with alice, bob and carol registered and each pair in `friends`
 * ("alice-bob") made friends, closed when the file ends. Awaited at the top of the file, so its
 * tests name them directly.
 */
export async function serverWithPeople(friends: `${Person}-${Person}`[] = [], options: TestServerOptions = {}) {
  const s = await startTestServer(options);
  afterAll(() => s.close());
  const people = await seedPeople(s.api);
  for (const pair of friends) {
    const [a, b] = pair.split('-') as [Person, Person];
    await makeFriends(s, people[a], people[b]);
  }
  return { s, ...people };
}

export async function makeGroup(
  s: TestServer,
  owner: TestUser,
  members: TestUser[],
  setting: Record<string, string> = {},
  name = 'Team',
): Promise<number> {
  const now = Math.floor(s.clock.now() / 1000);
  const db = s.database.db;
  const row = await db
    .insertInto('groups')
    .values({
      name,
      name_py: name.toLowerCase(),
      avatar: '',
      owner_id: owner.id,
      notice: '',
      setting: JSON.stringify(setting),
      create_time: now,
      update_time: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addMember(s, row.id, owner, 1);
  for (const m of members) await addMember(s, row.id, m, 3);
  return row.id;
}

export async function addMember(s: TestServer, groupId: number, u: TestUser, role = 3): Promise<void> {
  const db = s.database.db;
  const last = await db
    .selectFrom('chats')
    .select('last_msg_id')
    .where('chat_identify', '=', `group-${groupId}`)
    .executeTakeFirst();
  const at = last?.last_msg_id ?? 0;
  await db
    .insertInto('group_members')
    .values({
      group_id: groupId,
      user_id: u.id,
      role,
      invite_id: 0,
      nickname: '',
      no_speak_time: 0,
      read_msg_id: at,
      join_msg_id: at,
      create_time: Math.floor(s.clock.now() / 1000),
    })
    .execute();
}

export async function patchConfig(
  s: TestServer,
  section: 'sysInfo' | 'chatInfo',
  patch: Record<string, unknown>,
): Promise<void> {
  const info = await s.services.config.systemInfo();
  await s.services.config.set(section, { ...info[section], ...patch });
  // Past the 5 s config cache of every node sharing this clock.
  s.clock.advance(6000);
}

/** A user's messages rows with these uuids, straight from the database. */
export async function storedIds(s: TestServer, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await s.database.db.selectFrom('messages').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/**
 * The node took the user's closed connections out of presence (`connections` left, across nodes)
 * and queued the presence pushes that caused: polls the registry, then lets the closing code
 * after it run before waiting for those pushes.
 */
export async function presenceSettled(s: TestServer, userId: number, connections: number): Promise<void> {
  await expect.poll(() => s.presence.count(userId)).toBe(connections);
  await new Promise((resolve) => setImmediate(resolve));
  await s.services.presencePushes.idle();
}

/** Nothing of `type` reached `ws`, up to every push `nodes` (those the actions ran on) queued so far. */
export async function assertNothing(nodes: TestServer | TestServer[], ws: TestSocket, type: string): Promise<void> {
  await pushesReached(nodes, ws);
  expect(ws.frames.filter((f) => f.type === type)).toEqual([]);
}

export function send(
  s: TestServer,
  u: TestUser,
  to: number | string,
  content: string,
  extra: Record<string, unknown> = {},
  form = false,
) {
  return s.api.post(
    '/enterprise/im/sendMessage',
    { id: uuid(), type: 'text', content, toContactId: to, ...extra },
    { token: u.token, lang: 'en', form },
  );
}
