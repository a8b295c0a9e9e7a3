import { create } from 'zustand';
import { deviceStore } from '../../lib/device-store';

/**
 * Messages on their way (client state: they are not server data until acknowledged). Each keeps
 * its client uuid so a retry is the same message to the server (sendMessage is idempotent).
 *
 * The outbox is also kept on the device (IndexedDB, issue 22): what was typed offline, or whose
 * request failed, survives a reload and a browser restart and is sent when the network returns
 * (outbox-flush.ts). `waiting` = the network failed, it goes again by itself; `failed` = the
 * server refused it, only the retry mark sends it again.
 */
export interface PendingMessage {
  id: string;
  conversation: string;
  type: 'text' | 'emoji' | 'location' | 'contact';
  content: string;
  createdAt: number;
  status: 'sending' | 'failed' | 'waiting';
  /** Mentioned user ids (0 = everyone) of a group text. */
  at?: number[];
  /** The quoted msg_id and the client `extends` (quote text) of a quoting text. */
  pid?: number;
  extends?: Record<string, unknown>;
  upload?: undefined;
}

/** What a file message carries until the server has it (features/media/send-file.ts). */
export interface UploadPart {
  blob: Blob;
  /** File name sent with the bytes (its extension tells the server the type). */
  name: string;
  /** Object URL of the local bytes, shown until the stored file arrives; revoked on removal. */
  previewUrl?: string;
  /** Client `extends` (width/height of images, duration of voice and video). */
  extends: Record<string, unknown>;
  /** 0–1 of the bytes sent. */
  progress: number;
}

/** A picture, voice note, video or file on its way: same life cycle, plus its bytes. */
export interface PendingUpload extends Omit<PendingMessage, 'type' | 'upload' | 'at' | 'pid' | 'extends'> {
  type: 'image' | 'voice' | 'video' | 'file';
  upload: UploadPart;
}

export type PendingEntry = PendingMessage | PendingUpload;

interface OutboxState {
  pending: Record<string, PendingEntry[]>;
}

export const useOutbox = create<OutboxState>(() => ({ pending: {} }));

function update(conversation: string, fn: (list: PendingEntry[]) => PendingEntry[]): void {
  useOutbox.setState((s) => {
    const next = fn(s.pending[conversation] ?? []);
    const others = Object.entries(s.pending).filter(([k]) => k !== conversation);
    return { pending: Object.fromEntries(next.length ? [...others, [conversation, next]] : others) };
  });
}

const revokePreview = (p: PendingEntry | undefined) => {
  if (p?.upload?.previewUrl) URL.revokeObjectURL(p.upload.previewUrl);
};

/** The stored copy: no object URL (it dies with the page) and no progress. */
type Stored = PendingEntry & { owner: number };
const stored = deviceStore<Stored>('outbox');
let owner: number | null = null;

function save(p: PendingEntry | undefined): void {
  if (!p || owner === null) return;
  const copy = (p.upload ? { ...p, upload: { ...p.upload, previewUrl: undefined, progress: 0 } } : { ...p }) as PendingEntry;
  void stored.set(p.id, { ...copy, owner });
}

export const outbox = {
  add(p: PendingEntry): void {
    update(p.conversation, (l) => [...l.filter((x) => x.id !== p.id), p]);
    save(p);
  },
  setStatus(conversation: string, id: string, status: PendingMessage['status']): void {
    update(conversation, (l) => l.map((x) => (x.id === id ? { ...x, status } : x)));
    save(outbox.get(conversation, id));
  },
  /** Upload progress 0–1 of a pending file message. */
  setProgress(conversation: string, id: string, progress: number): void {
    update(conversation, (l) => l.map((x) => (x.id === id && x.upload ? { ...x, upload: { ...x.upload, progress } } : x)));
  },
  remove(conversation: string, id: string): void {
    revokePreview(outbox.get(conversation, id));
    update(conversation, (l) => l.filter((x) => x.id !== id));
    void stored.del(id);
  },
  get(conversation: string, id: string): PendingEntry | undefined {
    return useOutbox.getState().pending[conversation]?.find((x) => x.id === id);
  },
  /** Every entry, oldest first (the order they must reach the server in). */
  all(): PendingEntry[] {
    return Object.values(useOutbox.getState().pending)
      .flat()
      .sort((a, b) => a.createdAt - b.createdAt);
  },
  /** Sign-out: nothing of this account stays on the device. */
  clear(): void {
    for (const list of Object.values(useOutbox.getState().pending)) list.forEach(revokePreview);
    useOutbox.setState({ pending: {} });
    owner = null;
    void stored.clear();
  },
  /**
   * At start: `user`'s stored entries come back. One in flight when the page went away may or
   * may not have reached the server; it waits like the others and its resend is harmless (§4.4).
   */
  async restore(user: number): Promise<void> {
    owner = user;
    const rows = await stored.entries();
    for (const [, row] of rows.sort((a, b) => a[1].createdAt - b[1].createdAt)) {
      if (row.owner !== user) continue;
      const { owner: _owner, ...entry } = row;
      const status = entry.status === 'failed' ? 'failed' : 'waiting';
      const restored: PendingEntry = entry.upload
        ? { ...entry, status, upload: { ...entry.upload, progress: 0, previewUrl: entry.type === 'file' ? undefined : URL.createObjectURL(entry.upload.blob) } }
        : { ...entry, status };
      update(restored.conversation, (l) => [...l.filter((x) => x.id !== restored.id), restored]);
    }
  },
  /** Entries are kept on the device for this user from now on (login). */
  keepFor(user: number): void {
    owner = user;
  },
};

const none: PendingEntry[] = [];
export function usePending(conversation: string): PendingEntry[] {
  return useOutbox((s) => s.pending[conversation] ?? none);
}
