import type { Generated, Selectable } from 'kysely';

/** Tables of migration 0002 (friends, groups, messages); conventions as in schema.ts. */

export interface FriendsTable {
  id: Generated<number>;
  create_user: number;
  friend_user_id: number;
  /** 2 pending, 1 accepted, 0 refused. */
  status: number;
  is_invite: number;
  /** The request text. */
  remark: string;
  /** My remark name for the friend. */
  nickname: string;
  create_time: number;
  update_time: number;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  name_py: string;
  avatar: string;
  owner_id: number;
  notice: string;
  /** JSON object of string values (PROTOCOL §6). */
  setting: string;
  create_time: number;
  update_time: number;
}

export interface GroupMembersTable {
  id: Generated<number>;
  group_id: number;
  user_id: number;
  /** 1 owner, 2 manager, 3 member. */
  role: number;
  invite_id: number;
  nickname: string;
  no_speak_time: number;
  read_msg_id: number;
  join_msg_id: number;
  create_time: number;
  /** The read mark's last moves, `msg_id:ms` pairs newest last (0014, PROTOCOL §17 read times). */
  read_log: Generated<string>;
}

export interface ChatsTable {
  chat_identify: string;
  last_msg_id: number;
}

/** When a user last sent, kept only while `sendInterval` is on (migration 0013). */
export interface SendMarksTable {
  user_id: number;
  last_ms: number;
}

export interface MessagesTable {
  msg_id: Generated<number>;
  id: string;
  chat_identify: string;
  from_user: number;
  /** Stored target: user id, group id, -1 (favourites) or 0 (announcement). */
  to_user: number;
  is_group: number;
  type: string;
  content: string;
  /** JSON text or ''. */
  extends: string;
  file_id: number;
  file_cate: number;
  file_name: string;
  file_size: number;
  /** Comma-separated mentioned user ids, '' for none. */
  at: string;
  pid: number;
  is_undo: number;
  send_time_ms: number;
}

export interface MessageMentionsTable {
  msg_id: number;
  user_id: number;
  group_id: number;
  is_read: number;
}

export interface MessageHiddenTable {
  user_id: number;
  msg_id: number;
}

export interface ChatPrefsTable {
  user_id: number;
  chat_identify: string;
  is_top: number;
  is_notice: number;
  hide_msg_id: number;
  /** One-to-one read mark: every message of the chat up to this id is read by `user_id` (0008). */
  read_msg_id: number;
  update_time: number;
  /** As `group_members.read_log`; kept for the announcements conversation only (0014). */
  read_log: Generated<string>;
}

/** Rows as read, named once here because the conversation list presents rows it does not own. */
export type MessageRow = Selectable<MessagesTable>;
export type PrefRow = Selectable<ChatPrefsTable>;
export type GroupRow = Selectable<GroupsTable>;
export type MemberRow = Selectable<GroupMembersTable>;
/** A group with the viewer's own membership columns (the conversation list's group rows). */
export type MyGroupRow = GroupRow & { role: number; read_msg_id: number; join_msg_id: number; member_nickname: string };

/**
 * A reader's read mark with the names a read list shows (PROTOCOL §17): a group member's
 * (`join_msg_id` its join point), or for announcements a user's (`join_msg_id` 0 or, for users
 * registered after, the message they came after).
 */
/** A member's read mark, what read counts are made of (PROTOCOL §17). */
export interface ReadMarkRow {
  user_id: number;
  join_msg_id: number;
  read_msg_id: number;
}

/** A reader of a read list: the mark, its log of moves and the names. */
export interface ReaderRow extends ReadMarkRow {
  read_log: string;
  nickname: string;
  realname: string;
  avatar: string;
  name_py: string;
}

/** The search index (0011, modules/messages/search-index.repo.ts). */
export interface MessageTermsTable {
  term: number;
  msg_id: number;
  scope: number;
}

export interface MessageTermsBackfillTable {
  /** Messages below this id are not indexed yet; 0 = all done. */
  below: number;
}

export interface ChatTables {
  friends: FriendsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  chats: ChatsTable;
  messages: MessagesTable;
  send_marks: SendMarksTable;
  message_mentions: MessageMentionsTable;
  message_hidden: MessageHiddenTable;
  chat_prefs: ChatPrefsTable;
  message_terms: MessageTermsTable;
  message_terms_backfill: MessageTermsBackfillTable;
}
