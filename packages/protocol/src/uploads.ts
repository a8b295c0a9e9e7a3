import { fileCategories } from './config';
import { limits } from './limits';
import type { Message } from './messages';

/**
 * Uploads (PROTOCOL §5): `/common/upload/uploadFile|uploadAvatar|uploadImage|uploadEmoji`, each a
 * `multipart/form-data` POST with a token.
 *
 * Decisions where §5 is silent:
 * - The multipart field names are those of `uploadFields`; any other field is ignored, and only
 *   the first `file` part counts.
 * - `message` may also arrive as bracket fields (`message[type]=voice`); both mean the same body.
 * - The extension decides the category and whether the type is allowed; the bytes decide how a
 *   file is served (an image is re-read with an image decoder; a `.png` that is not an image is
 *   stored as cate 9 "other" and served as a download).
 * - Image answers and image messages carry the absolute URL of a thumbnail whose longest side is
 *   at most `thumbnailMaxPx` (spec §9) as `thumb` (answer) / `extends.thumb` (message). For
 *   images already that small, and animated GIFs, `thumb` is the image's own URL.
 */

/** Names of the multipart fields. */
export const uploadFields = { file: 'file', message: 'message', ext: 'ext' } as const;

/** `cate` of a file (§5): 1 document, 2 image, 3 audio, 4 video, 9 other. */
export const FileCate = { doc: 1, image: 2, audio: 3, video: 4, other: 9 } as const;
export type FileCate = (typeof FileCate)[keyof typeof FileCate];

/** The category of a lower-case extension without the dot (§5 lists; anything else is 9). */
export function fileCateOf(ext: string): FileCate {
  const e = ext.toLowerCase();
  for (const [cate, exts] of Object.entries(fileCategories)) {
    if ((exts as readonly string[]).includes(e)) return Number(cate) as FileCate;
  }
  return FileCate.other;
}

/** The extension of a file name, lower-case without the dot; '' when it has none. */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

/** How a client lays out an image bubble (§4.2): 1 landscape, 2 portrait, 3 small. */
export const FixMode = { landscape: 1, portrait: 2, small: 3 } as const;
export type FixMode = (typeof FixMode)[keyof typeof FixMode];

/** Small = at most 200 wide and 240 high (§4.2); else landscape when wider than high. */
export function fixModeOf(width: number, height: number): FixMode {
  if (width <= 200 && height <= 240) return FixMode.small;
  return width > height ? FixMode.landscape : FixMode.portrait;
}

/** Longest side of an image thumbnail (spec §9 "capped at 200 or 240 px"). */
export const thumbnailMaxPx = limits.thumbnailCapsPx[1];

/** Stickers (§8): these extensions only, at most `limits.stickerBytes`. */
export const stickerExts = ['jpg', 'jpeg', 'gif', 'png'] as const;

/** Client-sent voice notes keep `extends.duration` within these seconds (§4.2). */
export const voiceDurationS = { min: 1, max: limits.recordedVoiceMaxS } as const;

/** Default video poster path (§4.2, §14), made absolute in messages. */
export const defaultVideoPoster = '/static/common/img/video.png';

/** Image size of an upload answer (`videoInfo`, named so by compatible clients). */
export interface ImageInfo {
  width: number;
  height: number;
  fixMode: FixMode;
}

/** `data` of `uploadFile` without `message` (§5). */
export interface UploadedFile {
  file_id: number;
  /** `/storage/…` path. */
  src: string;
  /** Absolute URL of `src`. */
  url: string;
  /** Original name without the extension. */
  name: string;
  cate: FileCate;
  /** Bytes. */
  size: number;
  md5: string;
  /** MIME type the server serves the file with (from the bytes for images, else the extension). */
  file_type: string;
  ext: string;
  type: 2;
  user_id: number;
  /** Images: their size; anything else `[]`. */
  videoInfo: ImageInfo | [];
  /** Images only (added): absolute thumbnail URL, see the module comment. */
  thumb?: string;
}

/** `data` of `uploadFile` with `message`: the sendMessage payload (§4.4). */
export type UploadFileMessageAnswer = Message;

/** `data` of `uploadAvatar`, `uploadImage`, `uploadEmoji`: the absolute URL of the stored file. */
export type UploadUrlAnswer = string;

/** `extends` the server writes on file messages (§4.2). */
export interface ImageExtends extends ImageInfo {
  /** Absolute thumbnail URL (added; see the module comment). */
  thumb: string;
}
export interface VoiceExtends {
  duration: number;
}
export interface VideoExtends {
  duration?: number;
  /** Absolute URL of the default poster (the server does not decode video). */
  poster: string;
}
export interface FileExtends {
  ext: string;
}
