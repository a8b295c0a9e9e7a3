import { paths, ssoPaths, type Envelope, type OrgImportRow, type ParamsIn } from '@parley/protocol';
import { api } from '../../lib/api-client';
import { call, callPaged } from '../../lib/call';

/** The `/manage/*` endpoints of PROTOCOL §12.3 as the admin console calls them. */

const quiet = { quietSuccess: true } as const;
export interface Page<T> {
  rows: T[];
  count: number;
}
/** The rows and total of a paged answer. */
const page = async <T>(answer: Promise<Envelope<T[]>>): Promise<Page<T>> => {
  const env = await answer;
  return { rows: Array.isArray(env.data) ? env.data : [], count: env.count };
};
/** The filters of the message browser (`/manage/message/index`). */
export type MessageQuery = ParamsIn<typeof paths.adminMessageIndex>;

export interface ListQuery {
  keywords?: string;
  order_field?: string;
  order_type?: number;
  page: number;
  limit: number;
}

export const adminApi = {
  dashboard: (client_id: string) => call(paths.adminIndex, client_id ? { client_id } : {}, quiet),
  perDay: (days: number) => call(paths.adminMessageStats, { days }, quiet),

  users: (q: ListQuery) => page(callPaged(paths.adminUserIndex, q, quiet)),
  addUser: (u: ParamsIn<typeof paths.adminUserAdd>) => call(paths.adminUserAdd, u),
  editUser: (u: ParamsIn<typeof paths.adminUserEdit>) => call(paths.adminUserEdit, u),
  delUser: (user_id: number) => call(paths.adminUserDel, { user_id }),
  setStatus: (user_id: number, status: 0 | 1) => call(paths.adminUserSetStatus, { user_id, status }),
  setRole: (user_id: number, role: number) => call(paths.adminUserSetRole, { user_id, role }),
  resetPassword: (user_id: number, password: string) => call(paths.adminUserEditPassword, { user_id, password }),

  groups: (q: ListQuery) => page(callPaged(paths.adminGroupIndex, q, quiet)),
  members: (group_id: number, p: number) =>
    page(callPaged(paths.adminGroupUserList, { group_id, page: p, limit: 100 }, quiet)),
  changeOwner: (group_id: number, user_id: number) => call(paths.adminGroupChangeOwner, { group_id, user_id }),
  setManager: (group_id: number, user_id: number, role: 2 | 3) =>
    call(paths.adminGroupSetManager, { group_id, user_id, role }),
  disband: (group_id: number) => call(paths.adminGroupDel, { group_id }),
  removeMember: (group_id: number, user_id: number) => call(paths.adminGroupDelUser, { group_id, user_id }),
  addMembers: (group_id: number, user_ids: number[]) => call(paths.adminGroupAddUser, { group_id, user_ids }),

  messages: (q: MessageQuery) => page(callPaged(paths.adminMessageIndex, q, quiet)),
  contactsOf: (user_id: number) =>
    page(callPaged(paths.adminMessageContacts, { user_id, hasConvo: 1, limit: 100 }, quiet)),
  dealMsg: (id: string, dealType: 1 | 2) => call(paths.adminDealMsg, { id, dealType }),

  allConfig: () => call(paths.adminGetAllConfig, {}, quiet),
  setConfig: (name: string, value: Record<string, unknown>) => call(paths.adminSetConfig, { name, value }),
  /** Fresh TURN credentials for the relay test (§10.4). */
  iceServers: () => call(paths.iceServers, {}, quiet),
  sendTestEmail: (email: string) => call(paths.adminSendTestEmail, { email }),
  // §19: the checks answer their failure in words, shown under the form rather than as a toast.
  testOidc: (oidc: Record<string, unknown>) => call(ssoPaths.testOidc, { oidc }, { quietSuccess: true, silent: true }),
  testLdap: (ldap: Record<string, unknown>) => call(ssoPaths.testLdap, { ldap }, { quietSuccess: true, silent: true }),
  syncLdap: () => call(ssoPaths.syncLdap, {}, { quietSuccess: true, silent: true }),
  ldapStatus: () => call(ssoPaths.ldapStatus, {}, quiet),
  inviteLink: () => call(paths.adminGetInviteLink, {}, quiet),

  notices: (p: number) => page(callPaged(paths.adminNoticeList, { page: p, limit: 20 }, quiet)),
  publishNotice: (title: string, content: string, msgId?: number) =>
    call(paths.adminPublishNotice, msgId ? { title, content, msgId } : { title, content }),
  delNotice: (id: number) => call(paths.adminDelNotice, { id }),

  // §18 the organization's editor; the tree and members are the app's own reads (features/org).
  orgTree: () => call(paths.orgTree, {}, quiet),
  orgMembers: (dep_id: number, p: number, keywords = '') =>
    page(callPaged(paths.orgMembers, { dep_id, keywords, page: p, limit: 100 }, quiet)),
  orgAdd: (name: string, parent_id: number) => call(paths.adminOrgAdd, { name, parent_id }),
  orgEdit: (q: ParamsIn<typeof paths.adminOrgEdit>) => call(paths.adminOrgEdit, q, quiet),
  orgDel: (id: number) => call(paths.adminOrgDel, { id }),
  orgMove: (user_ids: number[], dep_id: number) => call(paths.adminOrgMove, { user_ids, dep_id }),
  /** CSV import (multipart): `preview` checks every row and writes nothing. */
  orgImport: (file: File, preview: boolean): Promise<OrgImportRow[]> => {
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('preview', preview ? '1' : '0');
    return api.upload<OrgImportRow[]>(paths.adminOrgImport, form);
  },

  audit: (p: number, action: string) => page(callPaged(paths.adminAuditIndex, { page: p, limit: 20, action }, quiet)),
};
