import { scanParams } from '../groups';
import {
  contactIdParams,
  getContactInfoParams,
  isNoticeParams,
  noParams,
  searchUserParams,
  setChatTopParams,
  userListParams,
  type AdminNotice,
  type Contact,
  type UserListItem,
} from '../contacts';
import type { UserCard } from '../auth';
import {
  friendAddParams,
  friendDelParams,
  friendIndexParams,
  friendSetNicknameParams,
  friendUpdateParams,
  type FriendRequest,
  type ScannedUser,
} from '../friends';
import { paths } from '../paths';
import { data, done, paged, type EndpointDef } from './define';

/** Contacts and conversations (§3), friends (§7) and the user QR code (§3.3). */
export const contactEndpoints = {
  /** Paged in its own way: `count` = friend requests waiting for me, `page` = ms of the newest (§3.2). */
  [paths.getContacts]: { auth: 'required', params: noParams, answer: paged<Contact[]>() },
  [paths.getContactInfo]: { auth: 'required', params: getContactInfoParams, answer: data<Contact>() },
  [paths.searchUser]: { auth: 'required', params: searchUserParams, answer: data<UserCard[]>() },
  [paths.userList]: { auth: 'required', params: userListParams, answer: paged<UserListItem[]>() },
  [paths.setChatTop]: { auth: 'required', params: setChatTopParams, answer: done() },
  [paths.isNotice]: { auth: 'required', params: isNoticeParams, answer: done() },
  [paths.delChat]: { auth: 'required', params: contactIdParams, answer: done() },
  [paths.getAdminNotice]: { auth: 'required', params: noParams, answer: data<AdminNotice>() },
  [paths.friendIndex]: { auth: 'required', params: friendIndexParams, answer: paged<FriendRequest[]>() },
  [paths.friendAdd]: { auth: 'required', params: friendAddParams, answer: done() },
  [paths.friendUpdate]: { auth: 'required', params: friendUpdateParams, answer: done() },
  [paths.friendDel]: { auth: 'required', params: friendDelParams, answer: done() },
  [paths.friendSetNickname]: { auth: 'required', params: friendSetNicknameParams, answer: done() },
  /** The number of friend requests waiting for me. */
  [paths.friendGetApplyMsg]: { auth: 'required', params: noParams, answer: data<number>() },
  /**
   * `/scan/u/<code>`: a prefix route, the signed code follows the path (or comes as `realToken`).
   * Optional auth so that a missing login answers -1 `scan.loginRequired`, not `auth.required`.
   */
  '/scan/u/*': { auth: 'optional', params: scanParams, answer: data<ScannedUser>() },
} as const satisfies Record<string, EndpointDef>;
