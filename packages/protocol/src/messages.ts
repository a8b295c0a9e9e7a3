import { z } from 'zod';
import { item, paging, t } from './coerce';

/** Messages (PROTOCOL §4). */

export const messageTypes = [
  'text', 'event', 'location', 'contact', 'image', 'emoji', 'voice', 'video', 'file', 'webrtc',
] as const;
export type MessageType = (typeof messageTypes)[number];

/** Types a client may send through sendMessage (§4.4); the last four need `file_id`. */
export const sendableTypes = ['text', 'emoji', 'location', 'contact', 'image', 'voice', 'video', 'file'] as const;
export const fileMessageTypes = ['image', 'voice', 'video', 'file'] as const;

export interface UserSummary {
  id: number;
  user_id: number;
  realname: string;
  displayName: string;
  account: string;
  avatar: string;
  name_py: string;
}

/** The message object of §4.1, as rows and pushes carry it. */
export interface Message {
  id: string;
  msg_id: number;
  type: MessageType;
  content: string;
  /** Milliseconds, server clock. */
  sendTime: number;
  status: 'succeed';
  is_group: 0 | 1 | 2 | 3;
  is_read: 0 | 1;
  is_undo: 0 | 1;
  is_last: 0 | 1;
  toContactId: number | string;
  toUser: number | string;
  to_user: number;
  from_user: number;
  fromUser: UserSummary;
  at: number[];
  pid: number;
  extends: Record<string, unknown> | null;
  role: number;
  /**
   * File types only (§4.1, §14), URLs absolute: `preview` = `fileUpload.preview` prefix (else
   * `/view.html?src=`) + the encoded file URL, `download` = `/filedown/<token>`, `extUrl` = the
   * image itself for images, else `/static/img/ext/<EXT>.png`. Image `extends` also carry
   * `thumb` (see uploads.ts).
   */
  file_id?: number;
  file_cate?: number;
  fileName?: string;
  fileSize?: number;
  preview?: string;
  download?: string;
  extUrl?: string;
  /** Pushes only: the conversation as the recipient should list it. */
  contactInfo?: unknown;
}

export const sendMessageParams = z.object({
  id: t.uuid.req(),
  type: t.str.req(),
  content: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().optional()),
  toContactId: t.cid.req(),
  at: t.list(item.int).opt(),
  pid: t.int.opt(),
  extends: t.obj.opt(),
  file_id: t.int.opt(),
});
export type SendMessageParams = z.infer<typeof sendMessageParams>;

export const getMessageListParams = z.object({
  toContactId: t.cid.req(),
  ...paging,
  last_id: t.int.opt(),
  type: t.str.opt(),
  keywords: t.str.opt(),
  is_at: t.flag.def(0),
});

export const getMessageInfoParams = z.object({ id: t.uuid.opt(), msg_id: t.int.opt() });

export const getMessageContextParams = z.object({
  toContactId: t.cid.req(),
  msg_id: t.int.req(),
  limit: t.int.def(10),
});

export const setMsgIsReadParams = z.object({
  toContactId: t.cid.req(),
  messages: t.list(item.obj).opt(),
});

export const readAtMsgParams = z.object({ toContactId: t.gid.req() });

/** One changed row of an `isRead` event (§4.5); the event's data is an array of these. */
export interface IsReadRow {
  id: string;
  msg_id: number;
  is_read: 1;
  status: 'succeed';
  type: MessageType;
  content: string;
  sendTime: number;
  /** The reader's uid. */
  toContactId: number;
}
export interface ReadAllEvent {
  toContactId: number;
}
/** `atMsgList` (§4.5): my unread mentions in a group, sent when I open it. */
export interface AtMsgListEvent {
  list: Message[];
  count: number;
  toContactId: string;
}
