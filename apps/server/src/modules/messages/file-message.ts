import {
  defaultVideoPoster,
  FileCate,
  fileMessageTypes,
  fixModeOf,
  voiceDurationS,
  type FixMode,
} from '@parley/protocol';
import type { Selectable } from 'kysely';
import type { FilesTable } from '../../platform/db/schema-files';
import { badParam } from '../../platform/http/errors';
import type { Prepared } from './kinds';

/**
 * File messages (PROTOCOL §4.2, §5): which type an upload becomes, what content and `extends`
 * the server writes, and the file columns of the row. Content is the stored `/storage/…` path;
 * readers get it absolute (present.ts).
 */

export type FileRow = Selectable<FilesTable>;
export type FileMessageType = (typeof fileMessageTypes)[number];

export const isFileMessageType = (t: string): t is FileMessageType =>
  (fileMessageTypes as readonly string[]).includes(t);

/** Browsers' MediaRecorder makes webm/ogg; those count as voice when the client says voice. */
const RECORDING_EXTS = ['webm', 'ogg'];

/** §5: the message type of an upload of `file` when the client asked for `requested`. */
export function uploadMessageType(file: Pick<FileRow, 'cate' | 'ext'>, requested: string | undefined): FileMessageType {
  if (file.cate === FileCate.image) return 'image';
  if (requested === 'voice' && (file.cate === FileCate.audio || RECORDING_EXTS.includes(file.ext))) return 'voice';
  if (file.cate === FileCate.video) return 'video';
  return 'file';
}

/** Whether `file` can be sent as `type` (sendMessage with `file_id`). */
function fits(type: FileMessageType, file: FileRow): boolean {
  if (type === 'file') return true;
  return uploadMessageType(file, type) === type;
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** Check 5 of §4.4 for file types: content and server-written `extends`. */
export function prepareFileContent(
  type: FileMessageType,
  file: FileRow,
  ext: Record<string, unknown> | undefined,
): Prepared {
  if (!fits(type, file)) throw badParam('type');
  switch (type) {
    case 'image': {
      const fixMode: FixMode = fixModeOf(file.width, file.height);
      return {
        content: file.path,
        extends: { width: file.width, height: file.height, fixMode, thumb: file.thumb_path || file.path },
      };
    }
    case 'voice': {
      const d = Math.round(num(ext?.duration) ?? voiceDurationS.min);
      return {
        content: file.path,
        extends: { duration: Math.min(Math.max(d, voiceDurationS.min), voiceDurationS.max) },
      };
    }
    case 'video': {
      const d = num(ext?.duration);
      return {
        content: file.path,
        extends: { ...(d !== undefined && d >= 0 ? { duration: Math.round(d) } : {}), poster: defaultVideoPoster },
      };
    }
    case 'file':
      return { content: file.path, extends: { ext: file.ext } };
  }
}

/** The file columns of a message row (none for other types). */
export function fileColumns(file: FileRow | undefined) {
  return {
    file_id: file?.id ?? 0,
    file_cate: file?.cate ?? 0,
    file_name: file?.name ?? '',
    file_size: file?.size ?? 0,
  };
}
