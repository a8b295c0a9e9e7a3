import { extensionOf, fileCateOf, FileCate, type FileUploadInfo } from '@parley/protocol';

/** What the client checks before uploading (PROTOCOL §5 answers 401 for the same reasons). */

export type UploadRefusal = 'empty' | 'tooLarge' | 'typeNotAllowed';

const MB = 1024 * 1024;

/** The refusal a file would get from the server, or null when it may be sent. */
export function uploadRefusal(
  file: { name: string; size: number },
  rules: Pick<FileUploadInfo, 'size' | 'fileExt'>,
): UploadRefusal | null {
  if (file.size <= 0) return 'empty';
  const ext = extensionOf(file.name);
  const allowed = rules.fileExt.map((e) => e.toLowerCase().replace(/^\./, ''));
  if (!ext || !allowed.includes(ext)) return 'typeNotAllowed';
  if (rules.size > 0 && file.size > rules.size * MB) return 'tooLarge';
  return null;
}

/** The message type the server will give a picked file (§5: by category). */
export function messageTypeOf(name: string): 'image' | 'video' | 'file' {
  const cate = fileCateOf(extensionOf(name));
  if (cate === FileCate.image) return 'image';
  if (cate === FileCate.video) return 'video';
  return 'file';
}

/**
 * File extension for a MediaRecorder blob: webm and ogg as they are; MP4 audio as m4a so the
 * server files it as audio (mp4 is a video extension in §5).
 */
export function recordingExt(mime: string, kind: 'audio' | 'video'): string {
  const m = mime.toLowerCase();
  if (m.includes('ogg')) return 'ogg';
  if (m.includes('mp4')) return kind === 'audio' ? 'm4a' : 'mp4';
  return 'webm';
}
