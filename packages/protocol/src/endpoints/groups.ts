import type { Contact } from '../contacts';
import { updateCardParams } from '../contacts';
import {
  addGroupUserParams,
  createGroupParams,
  editGroupNameParams,
  getAllUserParams,
  groupIdParams,
  groupInfoParams,
  groupMemberParams,
  groupSettingParams,
  groupUserListParams,
  joinGroupParams,
  scanParams,
  setGroupNoticeParams,
  setManagerParams,
  setNoSpeakParams,
  type GroupCandidate,
  type GroupInfo,
  type GroupMemberItem,
  type GroupScanResult,
} from '../groups';
import { paths } from '../paths';
import { data, done, paged, type EndpointDef } from './define';

/** Groups (§6), the group card (§3.2 `updateCard`) and the group QR code (§3.3). */
export const groupEndpoints = {
  /** The new group as a conversation, so the creator can open it at once. */
  [paths.groupAdd]: { auth: 'required', params: createGroupParams, answer: data<Contact>() },
  [paths.groupGetAllUser]: { auth: 'required', params: getAllUserParams, answer: data<GroupCandidate[]>() },
  /** `limit` 0 (the default) lists every member on one page. */
  [paths.groupUserList]: { auth: 'required', params: groupUserListParams, answer: paged<GroupMemberItem[]>() },
  [paths.groupInfo]: { auth: 'required', params: groupInfoParams, answer: data<GroupInfo>() },
  [paths.groupEditName]: { auth: 'required', params: editGroupNameParams, answer: done() },
  [paths.groupAddUser]: { auth: 'required', params: addGroupUserParams, answer: done() },
  [paths.groupJoin]: { auth: 'required', params: joinGroupParams, answer: done() },
  [paths.groupRemoveUser]: { auth: 'required', params: groupMemberParams, answer: done() },
  [paths.groupSetManager]: { auth: 'required', params: setManagerParams, answer: done() },
  [paths.groupSetNoSpeak]: { auth: 'required', params: setNoSpeakParams, answer: done() },
  [paths.groupSetNotice]: { auth: 'required', params: setGroupNoticeParams, answer: done() },
  [paths.groupSetting]: { auth: 'required', params: groupSettingParams, answer: done() },
  [paths.groupChangeOwner]: { auth: 'required', params: groupMemberParams, answer: done() },
  [paths.groupClearMessage]: { auth: 'required', params: groupIdParams, answer: done() },
  [paths.groupRemove]: { auth: 'required', params: groupIdParams, answer: done() },
  [paths.updateCard]: { auth: 'required', params: updateCardParams, answer: done() },
  /** `/scan/g/<code>`: as `/scan/u/*`, a prefix route with optional auth. */
  '/scan/g/*': { auth: 'optional', params: scanParams, answer: data<GroupScanResult>() },
} as const satisfies Record<string, EndpointDef>;
