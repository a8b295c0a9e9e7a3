import { getConfigParams, setConfigParams, type AdminConfigSection } from '../admin';
import { noParams, type Contact } from '../contacts';
import {
  adminGroupAddUserParams, adminGroupIdParams, adminGroupIndexParams, adminGroupMemberParams, adminGroupSetManagerParams,
  adminGroupUserListParams, adminIndexParams, adminMessageContactsParams, adminMessageIndexParams, adminPageParams,
  adminSetRoleParams, adminSetStatusParams, adminUserAddParams, adminUserEditParams, adminUserIdParams, adminUserIndexParams,
  adminUserPasswordParams, auditIndexParams, dealMsgParams, delNoticeParams, messageStatsParams, publishNoticeParams,
  sendTestEmailParams,
  type AdminDashboard, type AdminGroupMember, type AdminGroupRow, type AdminMessageRow, type AdminNoticeRow,
  type AdminUserRow, type AuditRow, type MessagesPerDay,
} from '../manage';
import { paths } from '../paths';
import { data, done, paged, type EndpointDef } from './define';

/**
 * The admin console (§12.3). Every route needs a login; the role guard (§12.2) is the server's,
 * since it depends on the route (read, write, ★).
 */
export const adminEndpoints = {
  [paths.adminGetAllConfig]: { auth: 'required', params: noParams, answer: data<AdminConfigSection[]>() },
  [paths.adminGetConfig]: { auth: 'required', params: getConfigParams, answer: data<Record<string, unknown>>() },
  [paths.adminSetConfig]: { auth: 'required', params: setConfigParams, answer: done() },
  /** The absolute register URL carrying a fresh invitation code. */
  [paths.adminGetInviteLink]: { auth: 'required', params: noParams, answer: data<string>() },
  [paths.adminSendTestEmail]: { auth: 'required', params: sendTestEmailParams, answer: done() },
  [paths.adminIndex]: { auth: 'required', params: adminIndexParams, answer: data<AdminDashboard>() },
  [paths.adminMessageStats]: { auth: 'required', params: messageStatsParams, answer: data<MessagesPerDay[]>() },
  [paths.adminClearMessage]: { auth: 'required', params: noParams, answer: done() },
  [paths.adminNoticeList]: { auth: 'required', params: adminPageParams, answer: paged<AdminNoticeRow[]>() },
  [paths.adminPublishNotice]: { auth: 'required', params: publishNoticeParams, answer: data<AdminNoticeRow>() },
  [paths.adminDelNotice]: { auth: 'required', params: delNoticeParams, answer: done() },
  [paths.adminUserIndex]: { auth: 'required', params: adminUserIndexParams, answer: paged<AdminUserRow[]>() },
  [paths.adminUserDetail]: { auth: 'required', params: adminUserIdParams, answer: data<AdminUserRow>() },
  [paths.adminUserAdd]: { auth: 'required', params: adminUserAddParams, answer: data<AdminUserRow>() },
  [paths.adminUserEdit]: { auth: 'required', params: adminUserEditParams, answer: data<AdminUserRow>() },
  [paths.adminUserDel]: { auth: 'required', params: adminUserIdParams, answer: done() },
  [paths.adminUserSetStatus]: { auth: 'required', params: adminSetStatusParams, answer: done() },
  [paths.adminUserSetRole]: { auth: 'required', params: adminSetRoleParams, answer: done() },
  [paths.adminUserEditPassword]: { auth: 'required', params: adminUserPasswordParams, answer: done() },
  [paths.adminGroupIndex]: { auth: 'required', params: adminGroupIndexParams, answer: paged<AdminGroupRow[]>() },
  [paths.adminGroupUserList]: { auth: 'required', params: adminGroupUserListParams, answer: paged<AdminGroupMember[]>() },
  [paths.adminGroupChangeOwner]: { auth: 'required', params: adminGroupMemberParams, answer: done() },
  [paths.adminGroupSetManager]: { auth: 'required', params: adminGroupSetManagerParams, answer: done() },
  [paths.adminGroupDel]: { auth: 'required', params: adminGroupIdParams, answer: done() },
  [paths.adminGroupDelUser]: { auth: 'required', params: adminGroupMemberParams, answer: done() },
  [paths.adminGroupAddUser]: { auth: 'required', params: adminGroupAddUserParams, answer: done() },
  [paths.adminMessageIndex]: { auth: 'required', params: adminMessageIndexParams, answer: paged<AdminMessageRow[]>() },
  /** A user's conversations as that user lists them, filtered and paged here. */
  [paths.adminMessageContacts]: { auth: 'required', params: adminMessageContactsParams, answer: paged<Contact[]>() },
  [paths.adminDealMsg]: { auth: 'required', params: dealMsgParams, answer: done() },
  [paths.adminAuditIndex]: { auth: 'required', params: auditIndexParams, answer: paged<AuditRow[]>() },
} as const satisfies Record<string, EndpointDef>;
