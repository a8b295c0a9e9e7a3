import {
  ContactKind,
  formatMsg,
  type FriendRequest,
  type FriendRequestPush,
  type Lang,
  type UserSummary,
} from '@parley/protocol';
import { avatarUrl, maskAccount, type UserRow } from '../users/index';
import type { FriendRow } from './friends.repo';

/** Pure builders of the §7 shapes. */

export interface SummaryView {
  origin: string;
  /** My remark names by user id. */
  remarks: Map<number, string>;
  /** Whose full account I may see (me, my contact set, or everyone when I am a system admin). */
  fullAccount: (userId: number) => boolean;
}

/** User summary of §1.7: `displayName` is my remark name for them, else their realname. */
export function userSummary(u: UserRow, v: SummaryView): UserSummary {
  return {
    id: u.id,
    user_id: u.id,
    realname: u.realname,
    displayName: v.remarks.get(u.id) || u.realname,
    account: v.fullAccount(u.id) ? u.account : maskAccount(u.account),
    avatar: avatarUrl(v.origin, u.avatar),
    name_py: u.name_py,
  };
}

export function requestRow(row: FriendRow, from: UserRow, to: UserRow, v: SummaryView): FriendRequest {
  return {
    friend_id: row.id,
    create_user: row.create_user,
    friend_user_id: row.friend_user_id,
    status: (row.status === 1 || row.status === 2 ? row.status : 0) as FriendRequest['status'],
    remark: row.remark,
    create_time: row.create_time,
    is_group: ContactKind.person,
    create_user_info: userSummary(from, v),
    user_id_info: userSummary(to, v),
  };
}

/** The `simple` push of a new request, in the requester's language (§1.6, §7). */
export function requestPush(id: string, lang: Lang, sendTime: number): FriendRequestPush {
  return {
    id,
    type: 'event',
    toContactId: 'system',
    is_group: ContactKind.adminNotice,
    content: formatMsg('friend.requestText', lang),
    status: 'succeed',
    sendTime,
    at: [],
    fileSize: 0,
    fileName: '',
    fromUser: { id: 'system', displayName: formatMsg('friend.newFriend', lang), avatar: '' },
  };
}
