import { z } from 'zod';
import { paging, t } from './coerce';

/** Contacts and conversations (PROTOCOL §3). */

/** What a conversation is: a contact's and a message's `is_group` (§1.4), also the stored column. */
export const ContactKind = { person: 0, group: 1, adminNotice: 2, favourites: 3 } as const;
export type ContactKind = (typeof ContactKind)[keyof typeof ContactKind];

/** The contact / conversation object (§3.1), as getContacts lists it. */
export interface Contact {
  id: number | string;
  is_group: ContactKind;
  displayName: string;
  avatar: string;
  lastContent: string;
  /**
   * Parley addition (groups; absent elsewhere): the reader's name for the sender of the newest row
   * (remark, group card, else realname) when someone else sent it and it is a message, not an
   * event or call line or recall; "" otherwise. Lists prefix the preview with it ("Alice: hi").
   */
  lastSenderName?: string;
  type: string;
  /**
   * Milliseconds; "now" when a person or group conversation has no message. Notices and
   * favourites without any row carry 0 (Parley: no news, so no time shown and listed last).
   */
  lastSendTime: number;
  unread: number;
  is_top: 0 | 1;
  is_notice: 0 | 1;
  is_at: number;
  is_online: 0 | 1;
  index: string;
  setting: unknown;
  // Person extras.
  user_id?: number;
  realname?: string;
  account?: string;
  name_py?: string;
  email?: string;
  /** §18: the real department (0 = none), its name and the position (job title). */
  dep_id?: number;
  dep_name?: string;
  position?: string;
  location?: string;
  last_login_ip?: string;
  // Group extras.
  group_id?: string;
  owner_id?: number;
  role?: number;
  notice?: string;
}

export const contactIdParams = z.object({ id: t.cid.req(), is_group: t.int.opt() });
export const setChatTopParams = z.object({ id: t.cid.req(), is_top: t.flag.req(), is_group: t.int.opt() });
export const isNoticeParams = z.object({ id: t.cid.req(), is_notice: t.flag.req(), is_group: t.int.opt() });
export const searchUserParams = z.object({ keywords: t.str.def('') });
export const userListParams = z.object({ keywords: t.str.def(''), ...paging });
export const updateCardParams = z.object({ id: t.gid.req(), nickname: t.str.def('') });

export interface AdminNotice {
  title: string;
  notice: string;
  create_time: number;
}

export const getContactInfoParams = z.object({ id: t.cid.req() });
export const noParams = z.object({});

/** Group `setting` values are strings (PROTOCOL §6). */
export interface GroupSetting {
  manage: string;
  invite: string;
  profile: string;
  history: string;
  nospeak: string;
  [key: string]: string;
}
export const defaultGroupSetting: GroupSetting = { manage: '0', invite: '1', profile: '0', history: '0', nospeak: '0' };

/** `setChatTop` / `setIsNotice` events (§3.2) → my connections. */
export interface SetChatTopEvent {
  id: number | string;
  is_top: 0 | 1;
  is_group: ContactKind;
}
export interface SetIsNoticeEvent {
  id: number | string;
  is_notice: 0 | 1;
  is_group: ContactKind;
}

/** Item of `userList` (§3.2). */
export interface UserListItem {
  id: number;
  user_id: number;
  realname: string;
  displayName: string;
  avatar: string;
}
