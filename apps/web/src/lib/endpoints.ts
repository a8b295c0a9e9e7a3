import {
  APP_VERSION,
  VERSION_CODE,
  paths,
  type AdminNotice,
  type ClientErrorAnswer,
  type ClientErrorParams,
  type CodeType,
  type Contact,
  type FileManagerRow,
  type FilesIndexParams,
  type Message,
  type LoginResult,
  type RegisterResult,
  type SelfInfo,
  type SystemInfo,
  type UploadedFile,
  type UploadUrlAnswer,
  type VersionInfo,
  uploadFields,
} from '@parley/protocol';
import { api, type RequestOptions, type UploadOptions } from './api-client';

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

/** The `message` field of an upload (PROTOCOL §5): a sendMessage body whose file is the upload. */
export interface UploadMessageInput {
  id: string;
  type: 'image' | 'voice' | 'video' | 'file';
  toContactId: ConversationId;
  content?: string;
  /** Client keys: voice/video `duration` (s), image `width`/`height`. */
  extends?: Record<string, unknown>;
  /** The original name, so the server can tell the extension of a nameless blob. */
  fileName?: string;
}

const quiet = { quietSuccess: true } as const;

/** Multipart body of an upload; a Blob without a name (a recording) is sent under `name`. */
function uploadForm(file: Blob, name: string, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append(uploadFields.file, file, name);
  return form;
}
const fileName = (file: Blob, fallback: string) => (file instanceof File && file.name ? file.name : fallback);

export const endpoints = {
  login: (input: LoginInput, options?: RequestOptions) => api.post<LoginResult>(paths.login, input, options),
  logout: (clientId?: string) =>
    api.post<''>(paths.logout, clientId ? { client_id: clientId } : {}, { quietSuccess: true }),
  register: (input: RegisterInput, options?: RequestOptions) => api.post<RegisterResult>(paths.register, input, options),
  sendCode: (account: string, type: CodeType) => api.post<''>(paths.sendCode, { account, type }),
  /** A crashed screen's report for the server log; shows nothing, whatever the answer. */
  reportClientError: (report: ClientErrorParams) =>
    api.post<ClientErrorAnswer>(paths.clientError, report, { quietSuccess: true, silent: true }),
  /** A code to my own account (types 3–4 without `account`: the server picks my address). */
  sendOwnCode: (type: CodeType) => api.post<''>(paths.sendCode, { type }),
  loginByCode: (input: { account: string; code: string; client_id?: string }) => api.post<LoginResult>(paths.login, input),
  resetPassword: (input: { account: string; code: string; password: string }) =>
    api.post<''>(paths.resetPassword, input, quiet),
  editPassword: (input: { password: string; originalPassword?: string; code?: string }) => api.post<''>(paths.editPassword, input, quiet),
  editAccount: (input: { account: string; code?: string; newCode?: string }) => api.post<''>(paths.editAccount, input, quiet),
  updateUserInfo: (input: { realname?: string; email?: string; motto?: string; sex?: number }) =>
    api.post<SelfInfo>(paths.updateUserInfo, input),
  saveSetting: (patch: Record<string, unknown>) => api.post<''>(paths.setting, patch, quiet),
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
  // Uploads (PROTOCOL §5) and the file manager (§4.7).
  /** Stores a file without a message (`data` = the stored file). */
  uploadFile: (file: Blob, name: string, options?: UploadOptions) =>
    api.upload<UploadedFile>(paths.uploadFile, uploadForm(file, fileName(file, name)), { ...quiet, ...options }),
  /** uploadFile with `message`: the upload is sent as that message; data = the Message (§4.4). */
  uploadFileMessage: (file: Blob, name: string, message: UploadMessageInput, options?: UploadOptions) =>
    api.upload<Message>(
      paths.uploadFile,
      uploadForm(file, fileName(file, name), { [uploadFields.message]: JSON.stringify({ content: '', ...message }) }),
      { ...quiet, ...options },
    ),
  /** Sets my avatar; data = its URL. */
  uploadAvatar: (file: Blob, name = 'avatar.png', options?: UploadOptions) =>
    api.upload<UploadUrlAnswer>(paths.uploadAvatar, uploadForm(file, fileName(file, name)), { ...quiet, ...options }),
  /** Adds a sticker (≤ 2 MB, jpg/jpeg/gif/png) to my stickers; data = its URL. */
  uploadEmoji: (file: Blob, name = 'sticker.png', options?: UploadOptions) =>
    api.upload<UploadUrlAnswer>(paths.uploadEmoji, uploadForm(file, fileName(file, name)), { ...quiet, ...options }),
  /** The whole envelope: `count` = all matches, for paging. */
  filesIndex: (input: Partial<FilesIndexParams>) => api.request<FileManagerRow[] | ''>(paths.filesIndex, input, quiet),
};
