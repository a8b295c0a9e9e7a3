import {
  APP_VERSION,
  VERSION_CODE,
  paths,
  type AdminNotice,
  type CodeType,
  type Contact,
  type Message,
  type LoginResult,
  type RegisterResult,
  type SystemInfo,
  type VersionInfo,
} from '@parley/protocol';
import { api, type RequestOptions } from './api-client';

/**
 * Typed calls per endpoint (PROTOCOL §2, §12.1, §15). Parameter shapes mirror the protocol's
 * zod schemas; these are the input (pre-coercion) forms the client sends.
 */

export interface LoginInput {
  account: string;
  password: string;
  client_id?: string;
}
export interface RegisterInput {
  account: string;
  realname: string;
  password: string;
  code?: string;
  inviteCode?: string;
  email?: string;
}

/** A conversation id as the wire takes it: user id, "group-N", -1 or "admin_notice". */
export type ConversationId = number | string;

export interface GetMessageListInput {
  toContactId: ConversationId;
  limit?: number;
  last_id?: number;
}

export interface SendMessageInput {
  id: string;
  type: 'text' | 'emoji' | 'location' | 'contact';
  content: string;
  toContactId: ConversationId;
  at?: number[];
  pid?: number;
  extends?: Record<string, unknown>;
}

const quiet = { quietSuccess: true } as const;

export const endpoints = {
  login: (input: LoginInput) => api.post<LoginResult>(paths.login, input),
  logout: (clientId?: string) =>
    api.post<''>(paths.logout, clientId ? { client_id: clientId } : {}, { quietSuccess: true }),
  register: (input: RegisterInput, options?: RequestOptions) => api.post<RegisterResult>(paths.register, input, options),
  sendCode: (account: string, type: CodeType) => api.post<''>(paths.sendCode, { account, type }),
  getSystemInfo: () => api.post<SystemInfo>(paths.getSystemInfo, {}, { quietSuccess: true }),
  checkVersion: () =>
    api.post<VersionInfo>(
      paths.checkVersion,
      { release: VERSION_CODE, version: APP_VERSION, setupPage: 1 },
      { quietSuccess: true },
    ),
  // Contacts and conversations (PROTOCOL §3.2).
  /** The whole envelope: `count` = pending friend requests, `page` = ms of the newest. */
  getContacts: () => api.request<Contact[] | ''>(paths.getContacts, {}, quiet),
  getContactInfo: (id: ConversationId) => api.post<Contact>(paths.getContactInfo, { id }, quiet),
  setChatTop: (id: ConversationId, is_top: 0 | 1) => api.post<''>(paths.setChatTop, { id, is_top }, quiet),
  isNotice: (id: ConversationId, is_notice: 0 | 1) => api.post<''>(paths.isNotice, { id, is_notice }, quiet),
  delChat: (id: ConversationId) => api.post<''>(paths.delChat, { id }, quiet),
  getAdminNotice: () => api.post<AdminNotice>(paths.getAdminNotice, {}, quiet),
  // Messages (PROTOCOL §4.4–§4.5).
  /** Chat mode: the newest `limit` rows below `last_id`, oldest first; count = all rows. */
  getMessageList: (input: GetMessageListInput) => api.request<Message[] | ''>(paths.getMessageList, input, quiet),
  getMessageInfo: (id: string) => api.post<Message>(paths.getMessageInfo, { id }, quiet),
  sendMessage: (input: SendMessageInput) => api.post<Message>(paths.sendMessage, input, quiet),
  setMsgIsRead: (toContactId: ConversationId, messages: { id: string; msg_id: number }[] = []) =>
    api.post<''>(paths.setMsgIsRead, { toContactId, messages }, quiet),
  readAtMsg: (toContactId: ConversationId) => api.post<''>(paths.readAtMsg, { toContactId }, quiet),
};
