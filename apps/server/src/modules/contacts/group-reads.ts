import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { GroupRow, MemberRow, MyGroupRow, ReadMarkRow, ReaderRow } from '../../platform/db/schema-chat';

export type { GroupRow, MemberRow, MyGroupRow, ReadMarkRow, ReaderRow };
export type MemberCard = { role: number; nickname: string };

/**
 * The groups module's membership queries (its `memberReadsRepo`) that the contact set,
 * conversations, messages and realtime need. Groups imports contacts and messages, so they
 * receive them from createServices (app.ts) instead of importing them: no import cycle, same
 * statements. `setReadMsgId` is the one write: a member's read mark, moved by reading the group.
 */
export interface GroupReads {
  findGroup(db: Kysely<DB>, groupId: number): Promise<GroupRow | undefined>;
  membership(db: Kysely<DB>, groupId: number, userId: number): Promise<MemberRow | undefined>;
  groupsOfUser(db: Kysely<DB>, userId: number): Promise<MyGroupRow[]>;
  activeMembers(db: Kysely<DB>, groupId: number): Promise<Array<{ user_id: number; role: number }>>;
  membersByIds(db: Kysely<DB>, groupId: number, userIds: number[]): Promise<Map<number, MemberCard>>;
  cardsIn(db: Kysely<DB>, groupIds: number[], userIds: number[]): Promise<Map<number, Map<number, MemberCard>>>;
  setReadMsgId(db: Kysely<DB>, groupId: number, userId: number, msgId: number, readLog?: string): Promise<void>;
  /** Every active member's read mark (read counts, PROTOCOL §17). */
  readMarks(db: Kysely<DB>, groupId: number): Promise<ReadMarkRow[]>;
  /** One read list of a message, with names (readList, PROTOCOL §17). */
  readersOfMessage(
    db: Kysely<DB>,
    groupId: number,
    msg: { msg_id: number; from_user: number },
    read: boolean,
  ): Promise<ReaderRow[]>;
  fellowMemberIds(db: Kysely<DB>, userId: number): Promise<number[]>;
  sharedGroups(
    db: Kysely<DB>,
    viewerId: number,
    otherId: number,
  ): Promise<Array<{ group_id: number; setting: string; role: number }>>;
}
