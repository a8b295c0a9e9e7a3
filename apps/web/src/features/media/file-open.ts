import { extensionOf, fileCateOf, FileCate } from '@parley/protocol';

/**
 * How a file is opened on tap: pictures, video, audio and PDF through the preview page
 * (`preview`, PROTOCOL §14 /view.html), plain text straight from storage (served inline), the
 * rest downloaded under its own name (`download`, /filedown). null: nothing can open it.
 */
export type FileOpen = { kind: 'preview' | 'download'; url: string } | null;

const textExts = new Set(['txt', 'md', 'csv']);

export function fileOpen(f: { name: string; content?: string; preview?: string; download?: string }): FileOpen {
  const ext = extensionOf(f.name);
  const cate = fileCateOf(ext);
  const viewable = cate === FileCate.image || cate === FileCate.video || cate === FileCate.audio || ext === 'pdf';
  if (viewable && f.preview) return { kind: 'preview', url: f.preview };
  if (textExts.has(ext) && f.content) return { kind: 'preview', url: f.content };
  if (f.download) return { kind: 'download', url: f.download };
  return null;
}
