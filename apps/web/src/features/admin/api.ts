import {
  paths, type AdminDashboard, type AdminGroupMember, type AdminGroupRow, type AdminMessageRow, type AdminNoticeRow, type AdminUserRow,
  type AuditRow, type Contact, type MessagesPerDay,
} from '@parley/protocol';
import { api } from '../../lib/api-client';

/** The `/manage/*` endpoints of PROTOCOL §12.3 as the admin console calls them. */

const quiet = { quietSuccess: true } as const;
export interface Page<T> {
  rows: T[];
  count: number;
}
const page = async <T>(path: string, body: object): Promise<Page<T>> => {
  const env = await api.request<T[] | ''>(path, body, quiet);
  return { rows: Array.isArray(env.data) ? env.data : [], count: env.count };
};

export interface ListQuery {
  keywords?: string;
  order_field?: string;
  order_type?: number;
  page: number;
  limit: number;
}

export const adminApi = {
  dashboard: (client_id: string) => api.post<AdminDashboard>(paths.adminIndex, client_id ? { client_id } : {}, quiet),
  perDay: (days: number) => api.post<MessagesPerDay[]>(paths.adminMessageStats, { days }, quiet),

  users: (q: ListQuery) => page<AdminUserRow>(paths.adminUserIndex, q),
  addUser: (u: Record<string, unknown>) => api.post<AdminUserRow>(paths.adminUserAdd, u),
  editUser: (u: Record<string, unknown>) => api.post<AdminUserRow>(paths.adminUserEdit, u),
  delUser: (user_id: number) => api.post<''>(paths.adminUserDel, { user_id }),
  setStatus: (user_id: number, status: 0 | 1) => api.post<''>(paths.adminUserSetStatus, { user_id, status }),
  setRole: (user_id: number, role: number) => api.post<''>(paths.adminUserSetRole, { user_id, role }),
  resetPassword: (user_id: number, password: string) => api.post<''>(paths.adminUserEditPassword, { user_id, password }),

  groups: (q: ListQuery) => page<AdminGroupRow>(paths.adminGroupIndex, q),
  members: (group_id: number, p: number) => page<AdminGroupMember>(paths.adminGroupUserList, { group_id, page: p, limit: 100 }),
  changeOwner: (group_id: number, user_id: number) => api.post<''>(paths.adminGroupChangeOwner, { group_id, user_id }),
  setManager: (group_id: number, user_id: number, role: 2 | 3) => api.post<''>(paths.adminGroupSetManager, { group_id, user_id, role }),
  disband: (group_id: number) => api.post<''>(paths.adminGroupDel, { group_id }),
  removeMember: (group_id: number, user_id: number) => api.post<''>(paths.adminGroupDelUser, { group_id, user_id }),
  addMembers: (group_id: number, user_ids: number[]) => api.post<''>(paths.adminGroupAddUser, { group_id, user_ids }),

  messages: (q: Record<string, unknown>) => page<AdminMessageRow>(paths.adminMessageIndex, q),
  contactsOf: (user_id: number) => page<Contact>(paths.adminMessageContacts, { user_id, hasConvo: 1, limit: 100 }),
  dealMsg: (id: string, dealType: 1 | 2) => api.post<''>(paths.adminDealMsg, { id, dealType }),

  allConfig: () => api.post<Array<{ id: number; name: string; value: Record<string, unknown> }>>(paths.adminGetAllConfig, {}, quiet),
  setConfig: (name: string, value: Record<string, unknown>) => api.post<''>(paths.adminSetConfig, { name, value }),
  sendTestEmail: (email: string) => api.post<''>(paths.adminSendTestEmail, { email }),
  inviteLink: () => api.post<string>(paths.adminGetInviteLink, {}, quiet),

  notices: (p: number) => page<AdminNoticeRow>(paths.adminNoticeList, { page: p, limit: 20 }),
  publishNotice: (title: string, content: string, msgId?: number) =>
    api.post<AdminNoticeRow>(paths.adminPublishNotice, msgId ? { title, content, msgId } : { title, content }),
  delNotice: (id: number) => api.post<''>(paths.adminDelNotice, { id }),

  audit: (p: number, action: string) => page<AuditRow>(paths.adminAuditIndex, { page: p, limit: 20, action }),
};
