import { ContactKind } from '@parley/protocol';
import type { Lang, Message, MessageType, UserSummary } from '@parley/protocol';
import { absoluteUrl, avatarUrl, type UserRow } from '../users/index';
import { ADMIN_NOTICE, groupWireId, parseJsonObject, visibleContent } from '../contacts/index';
import type { MessageRow } from './messages.repo';
import { isFileMessageType } from './file-message';
import { fileUrls } from './file-urls';

/** The message object of PROTOCOL §4.1, built from a stored row for one reader. */

export interface RowContext {
  viewerId: number;
  lang: Lang;
  origin: string;
  sender: UserRow | undefined;
  /** The viewer's name for the sender: remark, group card, else realname. */
  senderName: string;
  /** Sender's group role; 3 outside groups. */
  role: number;
  toContactId: number | string;
  isLast: boolean;
  /** Pushes carry `is_read` 0 for groups; rows 1. Favourites and notices are always read. */
  push?: boolean;
  /** One-to-one rows: whether the recipient's read mark has reached this row (none: unread). */
  read?: boolean;
  /** `fileUpload.preview` ('' or absent = our /view.html). */
  previewPrefix?: string;
}

export function summary(u: UserRow | undefined, id: number, displayName: string, origin: string): UserSummary {
  return {
    id,
    user_id: id,
    realname: u?.realname ?? '',
    displayName: displayName || u?.realname || '',
    account: u?.account ?? '',
    avatar: avatarUrl(origin, u?.avatar ?? ''),
    name_py: u?.name_py ?? '',
  };
}

/** The stored target as clients name it: uid, "group-N", -1 or "admin_notice". */
export function storedTarget(row: Pick<MessageRow, 'is_group' | 'to_user'>): number | string {
  if (row.is_group === ContactKind.group) return groupWireId(row.to_user);
  if (row.is_group === ContactKind.adminNotice) return ADMIN_NOTICE;
  if (row.is_group === ContactKind.favourites) return -1;
  return row.to_user;
}

/**
 * Sending expands `0` (@all) into the members' ids (PROTOCOL §4.4), so stored rows hold ids; a
 * `0` that is stored anyway (rows from before that rule) is kept: clients read it as "everyone",
 * as the mentions table, and so `is_at`, count it.
 */
const parseAt = (at: string): number[] =>
  at
    ? at
        .split(',')
        .filter((s) => s.trim() !== '')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n >= 0)
    : [];

/** §4.1 file fields, and the stored paths inside image/video `extends` made absolute. */
function fileParts(row: MessageRow, c: RowContext): Partial<Message> {
  if (row.file_id <= 0 || row.is_undo === 1) return {};
  // A sticker made from an upload names its file, for "add to my stickers" (§8).
  if (row.type === 'emoji') return { file_id: row.file_id };
  if (!isFileMessageType(row.type)) return {};
  const ext = parseJsonObject(row.extends) ?? {};
  for (const key of ['thumb', 'poster']) {
    if (typeof ext[key] === 'string') ext[key] = absoluteUrl(c.origin, ext[key], ext[key]);
  }
  const urls = fileUrls(
    c.origin,
    row.content,
    row.file_name.split('.').pop() ?? '',
    row.type === 'image',
    c.previewPrefix,
  );
  return {
    extends: ext,
    file_id: row.file_id,
    file_cate: row.file_cate,
    fileName: row.file_name,
    fileSize: row.file_size,
    preview: urls.preview,
    download: urls.download,
    extUrl: urls.extUrl,
  };
}

export function toMessage(row: MessageRow, c: RowContext): Message {
  const isGroup = row.is_group as 0 | 1 | 2 | 3;
  return {
    id: row.id,
    msg_id: row.msg_id,
    type: row.type as MessageType,
    content: visibleContent(row, c.viewerId, c.lang, c.origin, c.senderName),
    sendTime: row.send_time_ms,
    status: 'succeed',
    is_group: isGroup,
    is_read: isGroup === 0 ? (c.read ? 1 : 0) : isGroup === 1 && c.push ? 0 : 1,
    is_undo: row.is_undo === 1 ? 1 : 0,
    is_last: c.isLast ? 1 : 0,
    toContactId: c.toContactId,
    toUser: storedTarget(row),
    to_user: row.to_user,
    from_user: row.from_user,
    fromUser: summary(c.sender, row.from_user, c.senderName, c.origin),
    at: parseAt(row.at),
    pid: row.pid,
    extends: parseJsonObject(row.extends),
    role: c.role,
    ...fileParts(row, c),
  };
}
