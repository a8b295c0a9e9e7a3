import { absoluteUrl } from '../users/index';

/**
 * The URLs of a file (PROTOCOL §4.1, §14), shared by messages, the file manager and stickers.
 * A stored file is `/storage/<kind>/<date>/<uid>/<token>.<ext>`: its random name is also its
 * `/filedown/<token>` capability, so the download link follows from the path alone.
 */

/** Icons shipped under /static/img/ext/ (upper-case names); anything else shows folder.png. */
export const EXT_ICONS = [
  'PPT',
  'PPTX',
  'DOC',
  'DOCX',
  'XLS',
  'XLSX',
  'PDF',
  'TXT',
  'MD',
  'MP3',
  'WAV',
  'WMV',
  'AMR',
  'M4A',
  'AAC',
  'OGG',
  'MP4',
  '3GP',
  'AVI',
  'M2V',
  'MKV',
  'MOV',
  'WEBM',
  'ZIP',
  'RAR',
  '7Z',
  'CSV',
] as const;

const DEFAULT_PREVIEW = '/view.html?src=';

/** `<token>` of a stored path: its file name without the extension. */
export function tokenOfPath(storedPath: string): string {
  const base = storedPath.split('/').pop() ?? '';
  const dot = base.indexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

export interface FileUrls {
  src: string;
  preview: string;
  download: string;
  extUrl: string;
}

/** Absolute URLs of a stored file; `previewPrefix` = `fileUpload.preview` ('' = our viewer). */
export function fileUrls(
  origin: string,
  storedPath: string,
  ext: string,
  isImage: boolean,
  previewPrefix = '',
): FileUrls {
  const src = absoluteUrl(origin, storedPath, storedPath);
  const icon = ext.toUpperCase();
  return {
    src,
    preview: absoluteUrl(origin, previewPrefix || DEFAULT_PREVIEW, DEFAULT_PREVIEW) + encodeURIComponent(src),
    download: `${origin}/filedown/${tokenOfPath(storedPath)}`,
    extUrl: isImage
      ? src
      : `${origin}/static/img/ext/${(EXT_ICONS as readonly string[]).includes(icon) ? icon : 'folder'}.png`,
  };
}
