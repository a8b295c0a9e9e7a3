import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { GroupRow, MemberRow, MyGroupRow, ReadMarkRow, ReaderRow } from '../../platform/db/schema-chat';

/**
 * The membership queries that conversations, messages and realtime need as well as groups (who
 * is a member, with which role and card, from which message on; and the member's read mark).
 * Contacts and messages sit below groups (groups imports them), so they get these through
 * createServices (app.ts) as `GroupReads` (contacts/group-reads.ts) rather than an import.
 */

export type { GroupRow, MemberRow, MyGroupRow, ReadMarkRow, ReaderRow };

export async function findGroup(db: Kysely<DB>, groupId: number): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('id', '=', groupId).executeTakeFirst();
}

export async function membership(db: Kysely<DB>, groupId: number, userId: number): Promise<MemberRow | undefined> {
  return db
    .selectFrom('group_members')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Groups where `userId` is a member, with the membership's own columns. */
export async function groupsOfUser(db: Kysely<DB>, userId: number): Promise<MyGroupRow[]> {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .selectAll('g')
    .select(['gm.role', 'gm.read_msg_id', 'gm.join_msg_id', 'gm.nickname as member_nickname'])
    .where('gm.user_id', '=', userId)
    .execute();
}

/** Active members (live accounts), as recipients and mention targets. */
export async function activeMembers(
  db: Kysely<DB>,
  groupId: number,
): Promise<Array<{ user_id: number; role: number }>> {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['gm.user_id', 'gm.role'])
    .where('gm.group_id', '=', groupId)
    .where('u.status', '=', 1)
    .where('u.delete_time', '=', 0)
    .execute();
}

/** Role and card of some members (message senders), keyed by user id. */
export async function membersByIds(
  db: Kysely<DB>,
  groupId: number,
  userIds: number[],
): Promise<Map<number, { role: number; nickname: string }>> {
  const out = new Map<number, { role: number; nickname: string }>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('group_members')
    .select(['user_id', 'role', 'nickname'])
    .where('group_id', '=', groupId)
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  for (const r of rows) out.set(r.user_id, { role: r.role, nickname: r.nickname });
  return out;
}

/** Role and card of some members in several groups at once (search results): group → user → card. */
export async function cardsIn(
  db: Kysely<DB>,
  groupIds: number[],
  userIds: number[],
): Promise<Map<number, Map<number, { role: number; nickname: string }>>> {
  const out = new Map<number, Map<number, { role: number; nickname: string }>>();
  if (groupIds.length === 0 || userIds.length === 0) return out;
  const rows = await db
    .selectFrom('group_members')
    .select(['group_id', 'user_id', 'role', 'nickname'])
    .where('group_id', 'in', [...new Set(groupIds)])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  for (const r of rows) {
    let m = out.get(r.group_id);
    if (!m) out.set(r.group_id, (m = new Map()));
    m.set(r.user_id, { role: r.role, nickname: r.nickname });
  }
  return out;
}

/** Moves my read mark forward (never back: two tabs or nodes may race), with its log of moves (§17). */
export async function setReadMsgId(
  db: Kysely<DB>,
  groupId: number,
  userId: number,
  msgId: number,
  readLog?: string,
): Promise<void> {
  await db
    .updateTable('group_members')
    .set(readLog === undefined ? { read_msg_id: msgId } : { read_msg_id: msgId, read_log: readLog })
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('read_msg_id', '<', msgId)
    .execute();
}

/** Every active member's read mark (live accounts only), the counts' input: one statement per group. */
export async function readMarks(db: Kysely<DB>, groupId: number): Promise<ReadMarkRow[]> {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['gm.user_id', 'gm.join_msg_id', 'gm.read_msg_id'])
    .where('gm.group_id', '=', groupId)
    .where('u.status', '=', 1)
    .where('u.delete_time', '=', 0)
    .execute();
}

/**
 * One of a message's two read lists (PROTOCOL §17) with the names: the active members counted for
 * it (a member before it was sent, not its sender) who have read it or not. The filter runs in the
 * database, so a 2,000-member group sends only that list's rows, and the log of moves only for
 * the read list (its read times).
 */
export async function readersOfMessage(
  db: Kysely<DB>,
  groupId: number,
  msg: { msg_id: number; from_user: number },
  read: boolean,
): Promise<ReaderRow[]> {
  const rows = await db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['gm.user_id', 'gm.join_msg_id', 'gm.read_msg_id', 'gm.nickname', 'u.realname', 'u.avatar', 'u.name_py'])
    .$if(read, (q) => q.select('gm.read_log'))
    .where('gm.group_id', '=', groupId)
    .where('gm.join_msg_id', '<', msg.msg_id)
    .where('gm.user_id', '!=', msg.from_user)
    .where('gm.read_msg_id', read ? '>=' : '<', msg.msg_id)
    .where('u.status', '=', 1)
    .where('u.delete_time', '=', 0)
    .execute();
  return rows.map((r) => ({ read_log: '', ...r }));
}

/** Everyone who shares at least one group with `userId` (not them), for profile pushes. */
export async function fellowMemberIds(db: Kysely<DB>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('group_members as mine')
    .innerJoin('group_members as other', 'other.group_id', 'mine.group_id')
    .select('other.user_id')
    .distinct()
    .where('mine.user_id', '=', userId)
    .where('other.user_id', '!=', userId)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Groups both users belong to: the group's setting and the viewer's role there. */
export async function sharedGroups(
  db: Kysely<DB>,
  viewerId: number,
  otherId: number,
): Promise<Array<{ group_id: number; setting: string; role: number }>> {
  return db
    .selectFrom('group_members as mine')
    .innerJoin('group_members as other', 'other.group_id', 'mine.group_id')
    .innerJoin('groups as g', 'g.id', 'mine.group_id')
    .select(['g.id as group_id', 'g.setting', 'mine.role'])
    .where('mine.user_id', '=', viewerId)
    .where('other.user_id', '=', otherId)
    .execute();
}
