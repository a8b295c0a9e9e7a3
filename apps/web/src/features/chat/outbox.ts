import { create } from 'zustand';

/**
 * Messages on their way (client state: they are not server data until acknowledged). Each keeps
 * its client uuid so a retry is the same message to the server (sendMessage is idempotent).
 */
export interface PendingMessage {
  id: string;
  conversation: string;
  type: 'text' | 'emoji' | 'location' | 'contact';
  content: string;
  createdAt: number;
  status: 'sending' | 'failed';
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

export const outbox = {
  add(p: PendingEntry): void {
    update(p.conversation, (l) => [...l.filter((x) => x.id !== p.id), p]);
  },
  setStatus(conversation: string, id: string, status: PendingMessage['status']): void {
    update(conversation, (l) => l.map((x) => (x.id === id ? { ...x, status } : x)));
  },
  /** Upload progress 0–1 of a pending file message. */
  setProgress(conversation: string, id: string, progress: number): void {
    update(conversation, (l) => l.map((x) => (x.id === id && x.upload ? { ...x, upload: { ...x.upload, progress } } : x)));
  },
  remove(conversation: string, id: string): void {
    revokePreview(outbox.get(conversation, id));
    update(conversation, (l) => l.filter((x) => x.id !== id));
  },
  get(conversation: string, id: string): PendingEntry | undefined {
    return useOutbox.getState().pending[conversation]?.find((x) => x.id === id);
  },
  clear(): void {
    for (const list of Object.values(useOutbox.getState().pending)) list.forEach(revokePreview);
    useOutbox.setState({ pending: {} });
  },
};

const none: PendingEntry[] = [];
export function usePending(conversation: string): PendingEntry[] {
  return useOutbox((s) => s.pending[conversation] ?? none);
}
