import { z } from 'zod';
import { item, t } from './coerce';
import type { GroupSetting } from './contacts';
import type { UserSummary } from './messages';

/** Groups (PROTOCOL §6), the group QR code (§3.3) and the group card (§3.2 `updateCard`). */

/** A member's role in a group (§6); lower is more. */
export const GroupRole = { owner: 1, manager: 2, member: 3 } as const;
export type GroupRole = (typeof GroupRole)[keyof typeof GroupRole];

/** Owner or manager: may change settings, invite when invites are closed, speak when only managers may. */
export const isGroupManager = (role: number): boolean => role === GroupRole.owner || role === GroupRole.manager;

/** Keys of `setting` and the values each accepts (§6). */
export const groupSettingValues: Record<string, readonly string[]> = {
  manage: ['0', '1'],
  invite: ['0', '1'],
  profile: ['0', '1'],
  history: ['0', '1'],
  nospeak: ['0', '1', '2'],
};

/** `setNoSpeak` timer → seconds (§6); 0 means "use noSpeakDay". */
export const noSpeakTimerSeconds: Record<number, number> = { 1: 600, 2: 3600, 3: 10800, 4: 86400 };

const uids = t.list(item.uid);

export const createGroupParams = z.object({ user_ids: uids.req(), name: t.str.def('') });
export const getAllUserParams = z.object({ user_ids: uids.def([]), group_id: t.gid.opt() });
export const groupUserListParams = z.object({ group_id: t.gid.req(), page: t.int.def(1), limit: t.int.def(0) });
export const groupInfoParams = z.object({ group_id: t.gid.req() });
export const editGroupNameParams = z.object({ id: t.gid.req(), displayName: t.str.req() });
export const addGroupUserParams = z.object({ id: t.gid.req(), user_ids: uids.req() });
export const joinGroupParams = z.object({ group_id: t.gid.req(), inviteUid: t.uid.opt() });
export const groupMemberParams = z.object({ id: t.gid.req(), user_id: t.uid.req() });
export const setManagerParams = z.object({ id: t.gid.req(), user_id: t.uid.req(), role: t.int.req() });
export const setNoSpeakParams = z.object({
  id: t.gid.req(),
  user_id: t.uid.req(),
  noSpeakTimer: t.int.def(0),
  noSpeakDay: t.int.def(0),
});
export const setGroupNoticeParams = z.object({ id: t.gid.req(), notice: t.str.req() });
export const groupSettingParams = z.object({ id: t.gid.req(), setting: t.obj.req() });
export const groupIdParams = z.object({ id: t.gid.req() });
export const scanParams = z.object({ realToken: t.str.opt() });

/** Item of `getAllUser` (§6). */
export interface GroupCandidate {
  user_id: number;
  id: number;
  realname: string;
  displayName: string;
  account: string;
  avatar: string;
  name_py: string;
  /** 1 when the user is in `user_ids` (already chosen / already a member). */
  disabled: 0 | 1;
}

/** Row of `groupUserList` (§6). */
export interface GroupMemberItem {
  id: number;
  group_id: string;
  user_id: number;
  role: number;
  invite_id: number;
  create_time: number;
  no_speak_time: number;
  is_notice: 0 | 1;
  is_top: 0 | 1;
  userInfo: UserSummary;
}

/** `groupInfo` (§6); `qrUrl` / `qrExpire` only for members. */
export interface GroupInfo {
  id: string;
  group_id: string;
  name: string;
  displayName: string;
  avatar: string;
  notice: string;
  owner_id: number;
  ownerName: string;
  userInfo: UserSummary | '';
  groupUserCount: number;
  setting: GroupSetting;
  isJoin: number;
  create_time: number;
  qrUrl?: string;
  qrExpire?: string;
}

/** data of `POST /scan/g/<code>` (§3.3). */
export interface GroupScanResult {
  id: string;
  group_id: string;
  name: string;
  displayName: string;
  avatar: string;
  groupUserCount: number;
  invite_id: number;
  action: 'groupInfo';
}

/** Payloads of the group events (§11.4). */
export interface AddGroupUserEvent {
  group_id: string;
  user_ids: number[];
  invite_id: number;
  avatar: string;
}
export interface EditGroupNameEvent {
  id: string;
  displayName: string;
  editUserName: string;
}
export interface SetManagerEvent {
  group_id: string;
  user_id: number;
  role: number;
  avatar: string;
}
export interface RemoveUserEvent {
  group_id: string;
  user_id: number;
  avatar: string;
}
export interface SetNoSpeakEvent {
  group_id: string;
  user_id: number;
  no_speak_time: number;
}
export interface SetNoticeEvent {
  group_id: string;
  notice: string;
}
export interface GroupSettingEvent {
  group_id: string;
  setting: GroupSetting;
}
export interface UpdateCardEvent {
  group_id: string;
  user_id: number;
  nickname: string;
}
export interface ChangeOwnerEvent {
  group_id: string;
  user_id: number;
}
export interface GroupIdEvent {
  group_id: string;
}
