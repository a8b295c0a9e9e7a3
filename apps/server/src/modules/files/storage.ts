import { randomBytes } from 'node:crypto';
import type { FileCate } from '@parley/protocol';

/**
 * Where an upload is stored (PROTOCOL §5): `<kind>/<YYYY-MM-DD>/<uid>/<token>.<ext>` below
 * /storage, with a 96-bit random token (16 base64url chars) that is also the file's
 * `/filedown/<token>` capability. A thumbnail sits next to it as `<token>_thumb.<jpg|png>`.
 */

const KIND_BY_CATE: Record<number, string> = { 2: 'image', 3: 'voice', 4: 'video' };

export const newToken = (): string => randomBytes(12).toString('base64url');

export function storagePaths(cate: FileCate, userId: number, ext: string, token: string, nowMs: number) {
  const dir = `${KIND_BY_CATE[cate] ?? 'file'}/${new Date(nowMs).toISOString().slice(0, 10)}/${userId}`;
  return { file: `${dir}/${token}.${ext}`, thumb: (thumbExt: string) => `${dir}/${token}_thumb.${thumbExt}` };
}

/** The original name as shown and downloaded: no directories or control characters, ≤ 255. */
export function cleanFileName(given: string, ext: string): string {
  const base = [...(given.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c >= ' ' && c !== '\u007f' && c !== '"')
    .join('')
    .trim();
  const withExt = base && base.toLowerCase().endsWith(`.${ext}`) ? base : `${base || 'file'}.${ext}`;
  if (withExt.length <= 255) return withExt;
  return `${withExt.slice(0, 250 - ext.length)}.${ext}`;
}

const MIME_BY_EXT: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  wmv: 'video/x-ms-wmv',
  amr: 'audio/amr',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  avi: 'video/x-msvideo',
  m2v: 'video/mpeg',
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
  webm: 'video/webm',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
};

/** MIME type of a non-image by its extension (images take theirs from the decoded bytes). */
export const mimeOfExt = (ext: string): string => MIME_BY_EXT[ext] ?? 'application/octet-stream';
