import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

/**
 * Writes and member listings of the groups module. The lookups that messages and conversations
 * share (findGroup, membership, activeMembers, …) are in member-reads.repo.ts.
 */

export interface NewGroup {
  name: string;
  name_py: string;
  owner_id: number;
  setting: string;
  now: number;
}

export async function insertGroup(db: Kysely<DB>, g: NewGroup): Promise<number> {
  const row = await db
    .insertInto('groups')
    .values({
      name: g.name,
      name_py: g.name_py,
      avatar: '',
      owner_id: g.owner_id,
      notice: '',
      setting: g.setting,
      create_time: g.now,
      update_time: g.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(
  db: Kysely<DB>,
  groupId: number,
  patch: Partial<{ name: string; name_py: string; avatar: string; owner_id: number; notice: string; setting: string }>,
  now: number,
): Promise<void> {
  await db
    .updateTable('groups')
    .set({ ...patch, update_time: now })
    .where('id', '=', groupId)
    .execute();
}

/** New members see messages from `at` on, the conversation's newest message (the history rule's boundary). */
export async function insertMembers(
  db: Kysely<DB>,
  groupId: number,
  members: Array<{ user_id: number; role: number; invite_id: number }>,
  at: number,
  now: number,
): Promise<void> {
  if (members.length === 0) return;
  await db
    .insertInto('group_members')
    .values(
      members.map((m) => ({
        group_id: groupId,
        user_id: m.user_id,
        role: m.role,
        invite_id: m.invite_id,
        nickname: '',
        no_speak_time: 0,
        read_msg_id: at,
        join_msg_id: at,
        create_time: now,
      })),
    )
    .execute();
}

export async function memberIds(db: Kysely<DB>, groupId: number): Promise<number[]> {
  const rows = await db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).execute();
  return rows.map((r) => r.user_id);
}

/** Members with their user rows, live accounts only, owner first then managers, then by join. */
export async function membersWithUsers(db: Kysely<DB>, groupId: number, offset: number, limit: number) {
  let q = db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select([
      'gm.id as member_id',
      'gm.user_id',
      'gm.role',
      'gm.invite_id',
      'gm.create_time as join_time',
      'gm.no_speak_time',
      'gm.nickname',
      'u.realname',
      'u.account',
      'u.avatar',
      'u.name_py',
    ])
    .where('gm.group_id', '=', groupId)
    .where('u.status', '=', 1)
    .where('u.delete_time', '=', 0)
    .orderBy('gm.role')
    .orderBy('gm.id');
  // SQLite accepts OFFSET only after LIMIT; limit 0 means all members (§6).
  if (limit > 0) q = q.limit(limit).offset(offset);
  return q.execute();
}

export async function countMembers(db: Kysely<DB>, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('gm.group_id', '=', groupId)
    .where('u.status', '=', 1)
    .where('u.delete_time', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function ownedCount(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('groups')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function updateMember(
  db: Kysely<DB>,
  groupId: number,
  userId: number,
  patch: Partial<{ role: number; no_speak_time: number; nickname: string }>,
): Promise<void> {
  await db
    .updateTable('group_members')
    .set(patch)
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Kysely<DB>, groupId: number, userId: number): Promise<void> {
  await db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
  await db.deleteFrom('group_join_grants').where('group_id', '=', groupId).where('inviter_id', '=', userId).execute();
}

/** The group, its members and join grants; its conversation goes first (messages' `dropGroupChat`). */
export async function deleteGroup(db: Kysely<DB>, groupId: number): Promise<void> {
  await db.deleteFrom('group_join_grants').where('group_id', '=', groupId).execute();
  await db.deleteFrom('group_members').where('group_id', '=', groupId).execute();
  await db.deleteFrom('groups').where('id', '=', groupId).execute();
}

export async function saveGrant(
  db: Kysely<DB>,
  userId: number,
  groupId: number,
  inviterId: number,
  expire: number,
): Promise<void> {
  await db
    .insertInto('group_join_grants')
    .values({ user_id: userId, group_id: groupId, inviter_id: inviterId, expire_time: expire })
    .onConflict((oc) => oc.columns(['user_id', 'group_id', 'inviter_id']).doUpdateSet({ expire_time: expire }))
    .execute();
}

/** Inviters of my unexpired grants for this group, newest expiry first. */
export async function liveGrantInviters(
  db: Kysely<DB>,
  userId: number,
  groupId: number,
  now: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('group_join_grants')
    .select('inviter_id')
    .where('user_id', '=', userId)
    .where('group_id', '=', groupId)
    .where('expire_time', '>', now)
    .orderBy('expire_time', 'desc')
    .execute();
  return rows.map((r) => r.inviter_id);
}
