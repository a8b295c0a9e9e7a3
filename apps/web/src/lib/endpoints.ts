import {
  APP_VERSION,
  VERSION_CODE,
  paths,
  uploadFields,
  type CidIn,
  type CodeType,
  type Message,
  type ParamsIn,
  type UploadedFile,
} from '@parley/protocol';
import type { RequestOptions, UploadOptions } from './api-client';
import { call, callPaged, upload } from './call';

/**
 * Calls shared by several features (PROTOCOL §2, §3.2, §4.4–§4.5, §5, §12.1, §15). Params and
 * answers are the endpoint table's (see call.ts); these only fix the options or fill in what
 * the caller should not have to know (the version, the multipart form).
 */

/** The `message` field of an upload (PROTOCOL §5): a sendMessage body whose file is the upload. */
export type UploadMessageInput = Pick<
  ParamsIn<typeof paths.sendMessage>,
  'id' | 'type' | 'toContactId' | 'content' | 'extends'
> & {
  /** The original name, so the server can tell the extension of a nameless blob. */
  fileName?: string;
};

const quiet = { quietSuccess: true } as const;

/** Multipart body of an upload; a Blob without a name (a recording) is sent under `name`. */
function uploadForm(file: Blob, name: string, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append(uploadFields.file, file, name);
  return form;
}
const fileName = (file: Blob, fallback: string) => (file instanceof File && file.name ? file.name : fallback);

/** uploadFile answers the stored file, or the message it was sent as when the form has `message`. */
const sentAsMessage = (a: UploadedFile | Message): a is Message => 'msg_id' in a;
function asFile(a: UploadedFile | Message): UploadedFile {
  if (sentAsMessage(a)) throw new Error('uploadFile answered a message');
  return a;
}
function asMessage(a: UploadedFile | Message): Message {
  if (!sentAsMessage(a)) throw new Error('uploadFile answered a file, not a message');
  return a;
}

export const endpoints = {
  login: (input: ParamsIn<typeof paths.login>, options?: RequestOptions) => call(paths.login, input, options),
  logout: (clientId?: string) => call(paths.logout, clientId ? { client_id: clientId } : {}, quiet),
  register: (input: ParamsIn<typeof paths.register>, options?: RequestOptions) => call(paths.register, input, options),
  sendCode: (account: string, type: CodeType) => call(paths.sendCode, { account, type }),
  /** A crashed screen's report for the server log; shows nothing, whatever the answer. */
  reportClientError: (report: ParamsIn<typeof paths.clientError>) =>
    call(paths.clientError, report, { quietSuccess: true, silent: true }),
  /** A code to my own account (types 3–4 without `account`: the server picks my address). */
  sendOwnCode: (type: CodeType) => call(paths.sendCode, { type }),
  loginByCode: (input: { account: string; code: string; client_id?: string | undefined }) => call(paths.login, input),
  resetPassword: (input: ParamsIn<typeof paths.resetPassword>) => call(paths.resetPassword, input, quiet),
  editPassword: (input: ParamsIn<typeof paths.editPassword>) => call(paths.editPassword, input, quiet),
  editAccount: (input: ParamsIn<typeof paths.editAccount>) => call(paths.editAccount, input, quiet),
  /** Parley extension: bind or change my e-mail with codes; answers my new Self. */
  bindEmail: (input: ParamsIn<typeof paths.bindEmail>) => call(paths.bindEmail, input, quiet),
  updateUserInfo: (input: ParamsIn<typeof paths.updateUserInfo>) => call(paths.updateUserInfo, input),
  saveSetting: (patch: ParamsIn<typeof paths.setting>) => call(paths.setting, patch, quiet),
  getSystemInfo: () => call(paths.getSystemInfo, {}, quiet),
  checkVersion: () => call(paths.checkVersion, { release: VERSION_CODE, version: APP_VERSION, setupPage: 1 }, quiet),
  // Contacts and conversations (PROTOCOL §3.2).
  /** The whole envelope: `count` = pending friend requests, `page` = ms of the newest. */
  getContacts: () => callPaged(paths.getContacts, {}, quiet),
  getContactInfo: (id: CidIn) => call(paths.getContactInfo, { id }, quiet),
  setChatTop: (id: CidIn, is_top: 0 | 1) => call(paths.setChatTop, { id, is_top }, quiet),
  isNotice: (id: CidIn, is_notice: 0 | 1) => call(paths.isNotice, { id, is_notice }, quiet),
  delChat: (id: CidIn) => call(paths.delChat, { id }, quiet),
  getAdminNotice: () => call(paths.getAdminNotice, {}, quiet),
  // Messages (PROTOCOL §4.4–§4.5).
  /** Chat mode: the newest `limit` rows below `last_id`, oldest first; count = all rows. */
  getMessageList: (input: ParamsIn<typeof paths.getMessageList>) => callPaged(paths.getMessageList, input, quiet),
  getMessageInfo: (id: string) => call(paths.getMessageInfo, { id }, quiet),
  sendMessage: (input: ParamsIn<typeof paths.sendMessage>) => call(paths.sendMessage, input, quiet),
  setMsgIsRead: (toContactId: CidIn, messages: { id: string; msg_id: number }[] = []) =>
    call(paths.setMsgIsRead, { toContactId, messages }, quiet),
  readAtMsg: (toContactId: CidIn) => call(paths.readAtMsg, { toContactId }, quiet),
  // Uploads (PROTOCOL §5) and the file manager (§4.7).
  /** Stores a file without a message (`data` = the stored file). */
  uploadFile: async (file: Blob, name: string, options?: UploadOptions) =>
    asFile(await upload(paths.uploadFile, uploadForm(file, fileName(file, name)), { ...quiet, ...options })),
  /** uploadFile with `message`: the upload is sent as that message; data = the Message (§4.4). */
  uploadFileMessage: async (file: Blob, name: string, message: UploadMessageInput, options?: UploadOptions) =>
    asMessage(
      await upload(
        paths.uploadFile,
        uploadForm(file, fileName(file, name), { [uploadFields.message]: JSON.stringify({ content: '', ...message }) }),
        { ...quiet, ...options },
      ),
    ),
  /** Sets my avatar; data = its URL. */
  uploadAvatar: (file: Blob, name = 'avatar.png', options?: UploadOptions) =>
    upload(paths.uploadAvatar, uploadForm(file, fileName(file, name)), { ...quiet, ...options }),
  /** Adds a sticker (≤ 2 MB, jpg/jpeg/gif/png) to my stickers; data = its URL. */
  uploadEmoji: (file: Blob, name = 'sticker.png', options?: UploadOptions) =>
    upload(paths.uploadEmoji, uploadForm(file, fileName(file, name)), { ...quiet, ...options }),
  /** The whole envelope: `count` = all matches, for paging. */
  filesIndex: (input: ParamsIn<typeof paths.filesIndex>) => callPaged(paths.filesIndex, input, quiet),
};
