import { create } from 'zustand';
import { z } from 'zod';
import { fileCategories, type MomentLocation } from '@parley/protocol';
import { endpoints } from '../../lib/endpoints';
import type { MediaKind } from './model';

/**
 * The post being written, kept when the page is left: text, location, visibility and the
 * pictures or video with their upload state. Uploads run here, not in the page, so they go on
 * while the user looks elsewhere. What is uploaded survives a reload (localStorage, validated
 * when read back); bytes still uploading live only in memory.
 */

export interface DraftItem {
  key: string;
  kind: MediaKind;
  /** What the thumbnail shows: an object URL while local, the stored URL once uploaded. */
  preview: string;
  fileId?: number;
  /** 0–1. */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  file?: File;
}

export interface Draft {
  owner: number;
  content: string;
  visibility: 0 | 1;
  location: MomentLocation | null;
  items: DraftItem[];
}

const STORAGE_KEY = 'parley.momentDraft';
const empty = (owner: number): Draft => ({ owner, content: '', visibility: 1, location: null, items: [] });

const stored = z.object({
  owner: z.number(),
  content: z.string(),
  visibility: z.union([z.literal(0), z.literal(1)]),
  location: z.object({ name: z.string(), address: z.string(), latitude: z.number(), longitude: z.number() }).nullable(),
  items: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(['image', 'video']),
      preview: z.string(),
      fileId: z.number(),
      progress: z.number(),
      status: z.literal('done'),
    }),
  ),
});

function read(owner: number): Draft {
  try {
    const parsed = stored.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success && parsed.data.owner === owner ? parsed.data : empty(owner);
  } catch {
    return empty(owner);
  }
}

function write(d: Draft): void {
  try {
    const done = d.items.filter((i) => i.status === 'done').map(({ file: _file, ...rest }) => rest);
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...d, items: done }));
  } catch {
    // Private mode or a full storage: the draft still lives for this session.
  }
}

export const useDraft = create<{ draft: Draft | null }>(() => ({ draft: null }));

/** My draft, loaded once per user. */
export function loadDraft(owner: number): Draft {
  const cur = useDraft.getState().draft;
  if (cur && cur.owner === owner) return cur;
  const d = read(owner);
  useDraft.setState({ draft: d });
  return d;
}

export function updateDraft(fn: (d: Draft) => Draft): void {
  const cur = useDraft.getState().draft;
  if (!cur) return;
  const next = fn(cur);
  useDraft.setState({ draft: next });
  write(next);
}

export function clearDraft(): void {
  const cur = useDraft.getState().draft;
  if (!cur) return;
  for (const i of cur.items) if (i.preview.startsWith('blob:')) URL.revokeObjectURL(i.preview);
  const next = empty(cur.owner);
  useDraft.setState({ draft: next });
  write(next);
}

const extOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';
const imageExts: readonly string[] = fileCategories[2];
const videoExts: readonly string[] = fileCategories[4];

/** Picture, video, or neither (by type, else extension). */
export function kindOf(file: File): MediaKind | 'other' {
  const ext = extOf(file.name);
  if (file.type.startsWith('image/') || imageExts.includes(ext)) return 'image';
  if (file.type.startsWith('video/') || videoExts.includes(ext)) return 'video';
  return 'other';
}

const patchItem = (key: string, patch: Partial<DraftItem>) =>
  updateDraft((d) => ({ ...d, items: d.items.map((i) => (i.key === key ? { ...i, ...patch } : i)) }));

let seq = 0;
/** One upload at a time, in the order picked, so progress reads top to bottom. */
let queue: Promise<void> = Promise.resolve();

function upload(key: string, file: File): void {
  queue = queue.then(async () => {
    if (!useDraft.getState().draft?.items.some((i) => i.key === key)) return; // removed meanwhile
    patchItem(key, { status: 'uploading', progress: 0 });
    try {
      const r = await endpoints.uploadFile(file, file.name, { onProgress: (f) => patchItem(key, { progress: f }) });
      // The stored URL is now the thumbnail; the local copy can go.
      const old = useDraft.getState().draft?.items.find((i) => i.key === key)?.preview;
      patchItem(key, { status: 'done', progress: 1, fileId: r.file_id, preview: r.url || r.src });
      if (old?.startsWith('blob:')) URL.revokeObjectURL(old);
    } catch {
      patchItem(key, { status: 'failed' });
    }
  });
}

export function addFiles(files: File[], kinds: MediaKind[]): void {
  const items: DraftItem[] = files.map((file, i) => ({
    key: `m${Date.now()}-${++seq}`,
    kind: kinds[i] as MediaKind,
    preview: URL.createObjectURL(file),
    progress: 0,
    status: 'uploading',
    file,
  }));
  updateDraft((d) => ({ ...d, items: [...d.items, ...items] }));
  for (const it of items) upload(it.key, it.file as File);
}

export function retryItem(key: string): void {
  const it = useDraft.getState().draft?.items.find((i) => i.key === key);
  if (it?.file) upload(key, it.file);
}

export function removeItem(key: string): void {
  updateDraft((d) => {
    const it = d.items.find((i) => i.key === key);
    if (it?.preview.startsWith('blob:')) URL.revokeObjectURL(it.preview);
    return { ...d, items: d.items.filter((i) => i.key !== key) };
  });
}
