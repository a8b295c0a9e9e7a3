import { z } from 'zod';
import { item, paging, t } from './coerce';
import type { Contact, ContactKind } from './contacts';

/** Messages (PROTOCOL §4). */

export const messageTypes = [
  'text',
  'event',
  'location',
  'contact',
  'image',
  'emoji',
  'voice',
  'video',
  'file',
  'webrtc',
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
  is_group: ContactKind;
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
   * `thumb` (see uploads.ts). Exception: `file_id` also comes with `emoji` rows whose sticker is
   * one of our uploads, so a reader can add it to their stickers (§8 add).
   */
  file_id?: number;
  file_cate?: number;
  fileName?: string;
  fileSize?: number;
  preview?: string;
  download?: string;
  extUrl?: string;
  /** Pushes only: the conversation as the recipient should list it. */
  contactInfo?: Contact;
  /**
   * §17 (Parley extension): only on group rows I sent (and announcements I published), while
   * `chatInfo.readList` is 1: counted members who have read it / not yet (read-list.ts).
   */
  readCount?: number;
  unreadCount?: number;
}

export const sendMessageParams = z.object({
  id: t.uuid.req(),
  type: t.str.req(),
  // Kept as sent (not trimmed, unlike `t.str`); a number reads as its text.
  content: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string().optional(),
  ) as unknown as z.ZodOptional<z.ZodType<string, string | number>>,
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

export const setMsgIsReadParams = z.object({ toContactId: t.cid.req(), messages: t.list(item.obj).opt() });

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
/**
 * `atMsgList` (§4.5): my unread mentions in a group, sent when I open it. "The list changed"
 * includes mentions that this open itself read (they were on the page), so a client's own count
 * of arriving mentions is corrected to `count` (possibly 0). It may arrive before or after the
 * `getMessageList` answer: clients take `is_at` from it, never from that answer.
 */
export interface AtMsgListEvent {
  list: Message[];
  count: number;
  toContactId: string;
}

/**
 * Manager-mode filter `type:"link"` of getMessageList (§4.5, the history page's "links" tab):
 * text rows, not recalled, whose sanitised content holds a link (`<a href=…>`; bare URLs are
 * linkified on send, §4.3). `keywords` then match the text as for `type:"text"`.
 */
export const LINK_FILTER = 'link';

/**
 * `location` extends (§4.2). `latitude` −90…90 and `longitude` −180…180 are required numbers
 * (numeric strings from form bodies are read as numbers; anything else → 400 `common.badParam`
 * naming `extends.latitude` / `extends.longitude`). `name` ≤ 100 and `address` ≤ 255 chars are
 * strings ("" allowed) of which at least one is non-empty (else `common.badParam` `extends.name`).
 * Only these four keys are stored. The server writes `content` itself, in the language of the
 * sending request (§1.6): `[位置] <name>` / `[Location] <name>` (the address when there is no
 * name), HTML-escaped plain text, so conversation lists show it as is.
 */
export interface LocationExtends {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

/**
 * `contact` extends (§4.2): the shared user. The client sends `{id}` (or `user_id`); the id must
 * name an active, not deleted user — anyone may open any active user's card (getUserInfo), so
 * that is all "a user the sender may see" asks — else 400 `contact.notFound`. The server then
 * stores fresh `{id, displayName (their real name, never the sender's private remark), avatar
 * (absolute URL)}` and writes `content` `[名片] <name>` / `[Contact card] <name>` (escaped).
 */
export interface ContactCardExtends {
  id: number;
  displayName: string;
  avatar: string;
}

/**
 * undoMessage (§4.6). Checks in this order, first failure wins: the message is not visible to
 * me (§4.5 `getMessageInfo` rules) → `chat.msgNotFound`; no right → `chat.undoNotAllowed`;
 * sender past `chatInfo.redoTime` s → `chat.undoExpired` (`minutes` = redoTime / 60 rounded up;
 * redoTime 0 means senders cannot recall); an `event` or `webrtc` row (a recalled row is an
 * `event`) → 400 `chat.undoNotAllowed`.
 * Rights: single chats and favourites — the sender. Groups — the sender (within the window),
 * the owner (any message, any time), managers (their own and those of members, i.e. senders
 * whose role is 3 or who have left, any time). Announcements are never recalled (§12.3 delNotice).
 * The row keeps id, msg_id, sender, target and `sendTime`; its content, `at`, mentions and
 * client extends are discarded, file name and size blanked.
 */
export const undoMessageParams = z.object({ id: t.uuid.req() });

/**
 * delMessage (§4.6): `chatInfo.dbDelMsg` 0 → `chat.deleteDisabled`; not visible →
 * `chat.msgNotFound`; not mine, an announcement or a server event line (not a recall line) →
 * `chat.undoNotAllowed`. No time limit.
 */
export const delMessageParams = z.object({ id: t.uuid.req() });

/**
 * removeMessage (§4.6): hides a visible row for me only, no push. A single-chat row is deleted
 * once both sides hid it; a favourites row (only one side) at once.
 */
export const removeMessageParams = z.object({ id: t.uuid.req() });

/**
 * forwardMessage (§4.6). `user_ids` missing, empty or more than 5 distinct targets →
 * `chat.forwardCount` (an empty form list arrives as absent). A target named twice is sent once.
 * Targets that fail any §4.4 check (not a friend, muted, `system`…) are skipped and listed in
 * `fail`; the call itself still answers code 0 with `chat.forwardOk` or `chat.forwardPartly`.
 */
export const forwardMessageParams = z.object({ user_ids: t.list(item.cid).opt(), msg_id: t.int.req() });

/** forwardMessage `data`: the targets in their wire form (uid, `"group-N"`, -1…). */
export interface ForwardResult {
  success: Array<number | string>;
  fail: Array<number | string>;
}

/**
 * `undoMessage` event (§4.6, §11.4) → peer + actor (single), members (group), me (favourites).
 * `content` is the recall line as that recipient reads it (you / the other person / `<card or
 * name>` / a manager), in the language of the recalling request; `toContactId` names the
 * conversation from the recipient's side; `is_last` 1 when the row is the newest of its
 * conversation (lists then show the recall line); `isMobile` = the recalling request's terminal
 * kind (§2.1 User-Agent test). Parley adds `extends.undoBy` (who recalled), as the recalled row
 * carries it, so a client can word the line in its own language (event-lines.ts).
 */
export interface UndoMessageEvent {
  id: string;
  msg_id: number;
  from_user: number;
  type: 'event';
  is_undo: 1;
  status: 'succeed';
  is_last: 0 | 1;
  sendTime: number;
  content: string;
  toContactId: number | string;
  is_group: 0 | 1 | 3;
  isMobile: boolean;
  extends?: { undoBy: number };
}

/**
 * `delMessage` event (§4.6): the row is gone. `is_last` 1 when it was the newest of its
 * conversation, so a client re-reads that conversation's last line (getContactInfo).
 */
export interface DelMessageEvent {
  id: string;
  msg_id: number;
  from_user: number;
  to_user: number;
  toContactId: number | string;
  is_group: 0 | 1 | 3;
  is_last: 0 | 1;
}

/**
 * `updateMessage` event (§12.3 dealMsg mask): the row now reads the masked text, for each
 * recipient in its own conversation naming.
 */
export interface UpdateMessageEvent {
  id: string;
  msg_id: number;
  type: 'text';
  content: string;
  toContactId: number | string;
  is_group: ContactKind;
}
