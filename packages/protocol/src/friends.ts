import { z } from 'zod';
import { limits } from './limits';
import { paging, t } from './coerce';
import type { UserCard } from './auth';
import type { UserSummary } from './messages';

/** Friends (PROTOCOL §7) and the user QR code (§3.3 `/scan/u/<code>`). */

/** Relation row status: 2 pending, 1 accepted, 0 refused. */
export const FriendStatus = { refused: 0, accepted: 1, pending: 2 } as const;

export const friendIndexParams = z.object({ is_mine: t.flag.def(0), ...paging });
export const friendAddParams = z.object({ user_id: t.uid.req(), remark: t.str.def('') });
export const friendUpdateParams = z.object({ friend_id: t.int.req(), status: t.int.req() });
export const friendDelParams = z.object({ id: t.uid.req() });
export const friendSetNicknameParams = z.object({ friend_id: t.int.req(), nickname: t.str.req() });

/** Request text and remark-name limits (§13.2). */
export const friendLimits = {
  requestTextMax: limits.friendRequestText,
  nicknameMin: limits.remarkName.min,
  nicknameMax: limits.remarkName.max,
} as const;

/** A row of `friend/index` (§7): a request I sent (`is_mine` 1) or received (0). */
export interface FriendRequest {
  friend_id: number;
  create_user: number;
  friend_user_id: number;
  status: 0 | 1 | 2;
  /** The request text. */
  remark: string;
  create_time: number;
  is_group: 0;
  create_user_info: UserSummary;
  user_id_info: UserSummary;
}

/** The `simple` push a friend request sends its target (§7 add). */
export interface FriendRequestPush {
  id: string;
  type: 'event';
  toContactId: 'system';
  is_group: 2;
  content: string;
  status: 'succeed';
  sendTime: number;
  at: [];
  fileSize: 0;
  fileName: '';
  fromUser: { id: 'system'; displayName: string; avatar: '' };
}

/**
 * `setNickname` (Parley extension; §11.4 is silent): my remark name for a friend changed → my
 * connections, the one that set it included, so my other devices list and label that person by
 * it at once instead of at their next getContacts. `friend_id` is my relation row (§7),
 * `user_id` the person it names, `nickname` the name as stored (1–32 characters, trimmed).
 */
export interface SetNicknameEvent {
  friend_id: number;
  user_id: number;
  nickname: string;
}

/** `removeGroup` after a friend deletion: `group_id` is the user id to drop (§7 del). */
export interface FriendRemovedEvent {
  group_id: number;
}

// `/scan/u/<code>` takes `scanParams` (declared with the group code in groups.ts): the code may
// also come as `realToken`.

/** Answer of `/scan/u/<code>`: the user card plus what the client should open. */
export type ScannedUser = UserCard & { action: 'userInfo' };
