import { z } from 'zod';
import { paging, t } from './coerce';
import type { FileCate } from './uploads';
import type { MessageType, UserSummary } from './messages';

/**
 * The file manager, `POST /enterprise/files/index` (PROTOCOL §4.7).
 *
 * Decisions where §4.7 is silent:
 * - Default scope: file messages (image, video, file; not voice, not recalled, not hidden by me)
 *   of my single chats and my favourites, newest first. `role` 1 = sent by me, 2 = received.
 * - `is_all` 1 (system admins): every stored upload, message or not, newest first; `role` then
 *   means uploaded by me (1) or by others (2). Rows without a message have `msg_id` 0, `id` "",
 *   `msg_type` "", `to_user` 0.
 * - `cate` 0 = any; `keywords` = substring of the original file name.
 */

export const filesIndexParams = z.object({
  is_all: t.flag.def(0),
  role: t.int.def(0),
  cate: t.int.def(0),
  keywords: t.str.def(''),
  ...paging,
});
export type FilesIndexParams = z.infer<typeof filesIndexParams>;

/** `role` of filesIndexParams. */
export const FileRole = { any: 0, sent: 1, received: 2 } as const;

/** One row of the file manager. URLs are absolute. */
export interface FileManagerRow {
  msg_id: number;
  /** Message uuid, "" for an upload without a message. */
  id: string;
  file_id: number;
  src: string;
  preview: string;
  extUrl: string;
  download: string;
  cate: FileCate;
  /** Original name with extension. */
  name: string;
  /** Bytes. */
  size: number;
  ext: string;
  msg_type: MessageType | '';
  from_user: number;
  to_user: number;
  /** Seconds. */
  create_time: number;
  /** The sender (or uploader). */
  user_id_info: UserSummary;
}
