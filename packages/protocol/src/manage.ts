import { z } from 'zod';
import { item, paging, t } from './coerce';
import type { SelfInfo } from './auth';
import type { GroupRole } from './groups';
import type { Message } from './messages';
import type { OrgFields } from './org';

/**
 * The admin console endpoints of PROTOCOL §12.3 (`/manage/…`): params and answers. The guard
 * (§12.2): token, then role 1 or 2, else 400 `auth.notAdmin`; ★ = role 1 only (`admin.superOnly`).
 *
 * Parley extensions, which PROTOCOL does not list:
 * - `/manage/group/groupUserList` {group_id, page, limit}: members of any group (AdminGroupMember rows).
 * - `/manage/index/messageStats` {days (1–90, default 14)}: messages per day, oldest first
 *   (MessagesPerDay rows), counted like `messageCount` (no event/announcement/webrtc rows).
 * - `/manage/audit/index` ★ {page, limit, action, actor_id}: the audit log, newest first
 *   (AuditRow rows). Every write of `/manage/*` is recorded, and so is every read of
 *   `manage/message/index` and `manage/message/getContacts` (an administrator reading someone
 *   else's conversations is itself an action). Actions are the endpoint's `<controller>.<action>`
 *   (e.g. `user.setStatus`, `message.index`); `target_type` is `user`, `group`, `message`,
 *   `chat` (a chat_identify), `notice`, `config` or `invite`.
 */

const sortType = t.int.def(0);
const keywords = t.str.def('');

export const adminIndexParams = z.object({ client_id: t.str.opt() });
export const adminPageParams = z.object({ ...paging });
export const publishNoticeParams = z.object({ title: t.str.req(), content: t.str.req(), msgId: t.int.opt() });
export const delNoticeParams = z.object({ id: t.int.req() });

export const adminUserIndexParams = z.object({
  keywords,
  order_field: t.str.def('id'),
  order_type: sortType,
  /** Parley extension: 0 disabled / 1 active; absent = both. */
  status: t.int.opt(),
  role: t.int.opt(),
  ...paging,
});

const userFields = {
  realname: t.str.opt(),
  email: t.str.opt(),
  sex: t.int.opt(),
  remark: t.str.opt(),
  friend_limit: t.int.opt(),
  group_limit: t.int.opt(),
  cs_uid: t.int.opt(),
  role: t.int.opt(),
  status: t.flag.opt(),
  /** §18: the user's department (0 = none) and position (job title, ≤ 32). */
  dep_id: t.int.opt(),
  position: t.str.opt(),
};
export const adminUserAddParams = z.object({ account: t.str.req(), password: t.password.req(), ...userFields });
export const adminUserEditParams = z.object({ user_id: t.uid.req(), account: t.str.opt(), ...userFields });
export const adminUserIdParams = z.object({ user_id: t.uid.req() });
export const adminSetStatusParams = z.object({ user_id: t.uid.req(), status: t.flag.req() });
/**
 * ★ `user/setRole`. A super-administrator may also demote a super-administrator (another one, or
 * themselves) while another remains; the last one → 400 `admin.lastSuper` (issue 36 #3). Every
 * refused `/manage` write is recorded in the audit log under its action (`user.setRole`…) with
 * `detail.refused` = the message key of the refusal (issue 36 #4).
 */
export const adminSetRoleParams = z.object({ user_id: t.uid.req(), role: t.int.req() });
export const adminUserPasswordParams = z.object({ user_id: t.uid.req(), password: t.password.req() });

export const adminGroupIndexParams = z.object({
  keywords,
  order_field: t.str.def('id'),
  order_type: sortType,
  ...paging,
});
export const adminGroupIdParams = z.object({ group_id: t.gid.req() });
export const adminGroupUserListParams = z.object({ group_id: t.gid.req(), ...paging });
export const adminGroupMemberParams = z.object({ group_id: t.gid.req(), user_id: t.uid.req() });
export const adminGroupSetManagerParams = z.object({ group_id: t.gid.req(), user_id: t.uid.req(), role: t.int.def(2) });
export const adminGroupAddUserParams = z.object({ group_id: t.gid.req(), user_ids: t.list(item.uid).req() });

export const adminMessageIndexParams = z.object({
  user_id: t.uid.opt(),
  toContactId: t.cid.opt(),
  is_group: t.int.def(0),
  type: t.str.def(''),
  keywords,
  last_id: t.int.opt(),
  ...paging,
});
export const adminMessageContactsParams = z.object({
  user_id: t.uid.req(),
  keywords,
  hasConvo: t.flag.def(0),
  ...paging,
});
export const dealMsgParams = z.object({ id: t.uuid.req(), dealType: t.int.def(2) });
export const messageStatsParams = z.object({ days: t.int.def(14) });

export const sendTestEmailParams = z.object({ email: t.str.req() });
export const auditIndexParams = z.object({ action: t.str.def(''), actor_id: t.int.opt(), ...paging });

/** `index/index` data; `statistics` pushes carry the last two. */
export interface AdminDashboard {
  userCount: number;
  groupCount: number;
  messageCount: number;
  fileCount: number;
  onlineCount: number;
  clientCount: number;
}
export interface StatisticsEvent {
  onlineCount: number;
  clientCount: number;
}

/** A row of `user/index` / `user/detail`: Self without `setting`, plus locations and a date. */
export type AdminUserRow = Omit<SelfInfo, 'setting' | 'last_login_time'> & {
  remark: string;
  location: string;
  reg_location: string;
  /** `YYYY-MM-DD HH:mm:ss` (§1.4), "" when never. */
  last_login_time: string;
  create_time: string;
  is_online: 0 | 1;
} & OrgFields;

export interface AdminGroupRow {
  group_id: number;
  id: string;
  name: string;
  avatar: string;
  owner_id: number;
  owner_id_info: { id: number; realname: string; account: string; avatar: string } | null;
  userCount: number;
  notice: string;
  create_time: string;
}

export interface AdminGroupMember {
  user_id: number;
  realname: string;
  account: string;
  avatar: string;
  role: GroupRole;
  nickname: string;
  create_time: string;
}

export type AdminMessageRow = Omit<Message, 'toUser'> & {
  toUser: { name: string };
  create_time: string;
  chat_identify: string;
};

export interface AdminNoticeRow {
  msg_id: number;
  id: string;
  title: string;
  /** The text as written (plain), and the stored HTML. */
  notice: string;
  content: string;
  create_time: string;
  sendTime: number;
  /** §17: on announcements the viewing admin published, while read lists are on; `readList` gives the names. */
  readCount?: number;
  unreadCount?: number;
}

export interface MessagesPerDay {
  /** `YYYY-MM-DD` (server's UTC day). */
  day: string;
  count: number;
}

export interface AuditRow {
  id: number;
  actor_id: number;
  actor: { realname: string; account: string } | null;
  action: string;
  target_type: string;
  target_id: string;
  detail: Record<string, unknown>;
  ip: string;
  create_time: string;
}

/** Limits of `index/publishNotice` (§12.3). */
export const noticeLimits = { title: 64, content: 2048 } as const;

/** Admin "date" columns (§1.4): unix seconds → `YYYY-MM-DD HH:mm:ss` (UTC); 0 → "". */
export function adminDate(seconds: number): string {
  if (!seconds) return '';
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}
