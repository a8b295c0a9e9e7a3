import type { FileManagerRow, FixMode, Sticker, UploadedFile } from '@parley/protocol';
import { FileCate, fixModeOf } from '@parley/protocol';
import type { MessageRow } from '../../platform/db/schema-chat';
import { fileUrls, summary } from '../messages/index';
import { absoluteUrl, type UserRow } from '../users/index';
import type { FileRow } from './files.repo';

/** Output shapes of uploads (§5), the file manager (§4.7) and stickers (§8). */

const withoutExt = (name: string) => name.replace(/\.[^.]*$/, '');

export function toUploadedFile(f: FileRow, origin: string): UploadedFile {
  const isImage = f.cate === FileCate.image;
  return {
    file_id: f.id,
    src: f.path,
    url: absoluteUrl(origin, f.path, f.path),
    name: withoutExt(f.name),
    cate: f.cate as FileCate,
    size: f.size,
    md5: f.md5,
    file_type: f.mime,
    ext: f.ext,
    type: 2,
    user_id: f.user_id,
    videoInfo: isImage ? { width: f.width, height: f.height, fixMode: fixModeOf(f.width, f.height) as FixMode } : [],
    ...(isImage ? { thumb: absoluteUrl(origin, f.thumb_path || f.path, f.path) } : {}),
  };
}

export interface ManagerContext {
  origin: string;
  previewPrefix: string;
  users: Map<number, UserRow>;
}

const extOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

export function messageFileRow(m: MessageRow, c: ManagerContext): FileManagerRow {
  const ext = extOf(m.file_name);
  const urls = fileUrls(c.origin, m.content, ext, m.type === 'image', c.previewPrefix);
  const sender = c.users.get(m.from_user);
  return {
    msg_id: m.msg_id,
    id: m.id,
    file_id: m.file_id,
    src: urls.src,
    preview: urls.preview,
    extUrl: urls.extUrl,
    download: urls.download,
    cate: m.file_cate as FileCate,
    name: m.file_name,
    size: m.file_size,
    ext,
    msg_type: m.type as FileManagerRow['msg_type'],
    from_user: m.from_user,
    to_user: m.to_user,
    create_time: Math.floor(m.send_time_ms / 1000),
    user_id_info: summary(sender, m.from_user, '', c.origin),
  };
}

export function storedFileRow(f: FileRow, c: ManagerContext): FileManagerRow {
  const urls = fileUrls(c.origin, f.path, f.ext, f.cate === FileCate.image, c.previewPrefix);
  return {
    msg_id: 0,
    id: '',
    file_id: f.id,
    src: urls.src,
    preview: urls.preview,
    extUrl: urls.extUrl,
    download: urls.download,
    cate: f.cate as FileCate,
    name: f.name,
    size: f.size,
    ext: f.ext,
    msg_type: '',
    from_user: f.user_id,
    to_user: 0,
    create_time: f.create_time,
    user_id_info: summary(c.users.get(f.user_id), f.user_id, '', c.origin),
  };
}

export function toSticker(s: { id: number; name: string; file_id: number; path: string }, origin: string): Sticker {
  return { id: s.id, name: s.name, title: s.name, src: absoluteUrl(origin, s.path, s.path), file_id: s.file_id };
}
