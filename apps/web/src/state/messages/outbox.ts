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

/**
 * Other open tabs of the app (issue 22). Every change kept on the device is announced on a
 * BroadcastChannel, so what one tab typed shows, pending, in the others without a reload.
 * Sending stays with one tab at a time (the tab lock in api.ts and send-file.ts), and a tab
 * sends an entry only while the device still holds it (`claim`): one that another tab
 * delivered or dropped is gone from it. Status changes never write back a deleted entry (`patch`).
 */
type Note = { kind: 'set'; owner: number; entry: Stored } | { kind: 'del'; owner: number; id: string };
let channel: BroadcastChannel | null = null;
/** Ids this tab knows the device holds: written here, restored, or announced by another tab. */
const kept = new Set<string>();
/** Ids delivered or dropped here: a late announcement from another tab must not bring them back. */
const gone = new Set<string>();
/** Device writes not finished yet (`settled`). */
const writes = new Set<Promise<unknown>>();
/**
 * Told when another tab says it is sending an entry. Should that tab close before the answer,
 * its locks go with it and nothing else would ever send the entry, which would show "sending"
 * here for good: this tab waits for the lock and takes over (features/realtime/other-tabs.ts).
 */
let othersSending: ((p: PendingEntry) => void) | null = null;
/** Counts this tab's own status changes, to tell a device read older than one of them (`claim`). */
let statusChanges = 0;

function track(p: Promise<unknown>): void {
  writes.add(p);
  void p.finally(() => writes.delete(p));
}

function announce(note: Note): void {
  try {
    channel?.postMessage(note);
  } catch {
    // Not clonable (should not happen for our rows): the other tabs see it after a reload.
  }
}

const findById = (id: string): PendingEntry | undefined => outbox.all().find((x) => x.id === id);

/** An entry as it lives in this tab's memory (a fresh preview of its bytes, progress 0). */
function revive(entry: PendingEntry, status: PendingMessage['status']): PendingEntry {
  if (!entry.upload) return { ...entry, status };
  const previewUrl = entry.type === 'file' ? undefined : URL.createObjectURL(entry.upload.blob);
  return { ...entry, status, upload: { ...entry.upload, progress: 0, previewUrl } };
}

function dropHere(p: PendingEntry): void {
  revokePreview(p);
  gone.add(p.id);
  update(p.conversation, (l) => l.filter((x) => x.id !== p.id));
}

function fromOtherTab(data: unknown): void {
  // Another tab of this app wrote it, but what is read is checked all the same.
  const note = data as { kind?: unknown; owner?: unknown; id?: unknown; entry?: Stored } | null;
  if (owner === null || !note || typeof note !== 'object' || note.owner !== owner) return;
  if (note.kind === 'del' && typeof note.id === 'string') {
    kept.delete(note.id);
    const here = findById(note.id);
    if (here) dropHere(here);
    else gone.add(note.id);
    return;
  }
  const row = note.kind === 'set' ? note.entry : undefined;
  if (
    !row ||
    typeof row !== 'object' ||
    typeof row.id !== 'string' ||
    typeof row.conversation !== 'string' ||
    gone.has(row.id)
  )
    return;
  kept.add(row.id);
  const { owner: _owner, ...entry } = row;
  const here = findById(entry.id);
  if (here) {
    // Same entry, new status: keep this tab's preview URL and progress.
    const next =
      here.upload && entry.upload
        ? { ...entry, upload: { ...entry.upload, previewUrl: here.upload.previewUrl, progress: here.upload.progress } }
        : entry;
    update(entry.conversation, (l) => l.map((x) => (x.id === entry.id ? (next as PendingEntry) : x)));
  } else {
    const added = revive(entry as PendingEntry, entry.status);
    update(entry.conversation, (l) => [...l, added].sort((a, b) => a.createdAt - b.createdAt));
  }
  const now = findById(entry.id);
  if (now?.status === 'sending') othersSending?.(now);
}

function listen(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel('parley-outbox');
  channel.onmessage = (e: MessageEvent<unknown>) => fromOtherTab(e.data);
}

function save(p: PendingEntry | undefined): void {
  if (!p || owner === null) return;
  const me = owner;
  const copy = (
    p.upload ? { ...p, upload: { ...p.upload, previewUrl: undefined, progress: 0 } } : { ...p }
  ) as PendingEntry;
  const row: Stored = { ...copy, owner: me };
  track(
    stored.set(p.id, row).then((ok) => {
      if (!ok) return;
      kept.add(p.id);
      announce({ kind: 'set', owner: me, entry: row });
    }),
  );
}

export const outbox = {
  add(p: PendingEntry): void {
    update(p.conversation, (l) => [...l.filter((x) => x.id !== p.id), p]);
    save(p);
  },
  setStatus(conversation: string, id: string, status: PendingMessage['status']): void {
    statusChanges++;
    update(conversation, (l) => l.map((x) => (x.id === id ? { ...x, status } : x)));
    if (owner === null) return;
    const me = owner;
    track(
      stored
        .patch(id, (row) => ({ ...row, status }))
        .then((row) => {
          if (row) announce({ kind: 'set', owner: me, entry: row });
        }),
    );
  },
  /** Upload progress 0–1 of a pending file message. */
  setProgress(conversation: string, id: string, progress: number): void {
    update(conversation, (l) =>
      l.map((x) => (x.id === id && x.upload ? { ...x, upload: { ...x.upload, progress } } : x)),
    );
  },
  remove(conversation: string, id: string): void {
    revokePreview(outbox.get(conversation, id));
    gone.add(id);
    update(conversation, (l) => l.filter((x) => x.id !== id));
    const me = owner;
    track(
      stored.del(id).then(() => {
        kept.delete(id);
        if (me !== null) announce({ kind: 'del', owner: me, id });
      }),
    );
  },
  /**
   * Just before this tab sends an entry, holding the tab lock: false when the device no longer
   * holds it (another tab delivered or dropped it meanwhile); it then leaves this tab too. Also
   * false for one this tab has as "sending" that another tab has since left waiting or failed
   * (its word may not have arrived yet): this tab shows that, and sends nothing out of turn.
   */
  async claim(conversation: string, id: string): Promise<boolean> {
    const p = outbox.get(conversation, id);
    if (!p) return false;
    // Not (yet) on the device: only this tab has it.
    if (!kept.has(id)) return true;
    if (p.status === 'sending') {
      const seen = statusChanges;
      const row = await stored.get(id);
      // Unless this tab changed a status meanwhile (then the row read may predate that change).
      if (row && row.status !== 'sending' && statusChanges === seen) {
        const status = row.status;
        update(conversation, (l) => l.map((x) => (x.id === id ? { ...x, status } : x)));
        return false;
      }
      if (row) return true;
    }
    if ((await stored.has(id)) !== false) return true;
    kept.delete(id);
    const still = outbox.get(conversation, id);
    if (still) dropHere(still);
    return false;
  },
  /**
   * Whether the device still holds an entry as being sent: asked holding the lock its sender
   * held, so a yes means that sender went away before the answer (a tab closed mid-send).
   */
  async leftSending(id: string): Promise<boolean> {
    return (await stored.get(id))?.status === 'sending';
  },
  /** Who hears of entries other tabs are sending (one listener; null to stop). */
  whenOthersSend(fn: ((p: PendingEntry) => void) | null): void {
    othersSending = fn;
  },
  /** Resolves once this tab's device writes so far are done (before it hands the send lock on). */
  async settled(): Promise<void> {
    await Promise.all([...writes]);
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
    kept.clear();
    gone.clear();
    channel?.close();
    channel = null;
    void stored.clear();
  },
  /**
   * At start: `user`'s stored entries come back. One in flight when the page went away may or
   * may not have reached the server; it waits like the others and its resend is harmless (§4.4).
   */
  async restore(user: number): Promise<void> {
    owner = user;
    listen();
    const rows = await stored.entries();
    for (const [, row] of rows.sort((a, b) => a[1].createdAt - b[1].createdAt)) {
      if (row.owner !== user) continue;
      const { owner: _owner, ...entry } = row;
      kept.add(entry.id);
      const restored = revive(entry as PendingEntry, entry.status === 'failed' ? 'failed' : 'waiting');
      update(restored.conversation, (l) => [...l.filter((x) => x.id !== restored.id), restored]);
    }
  },
  /** Entries are kept on the device for this user from now on (login), and shared with the other tabs. */
  keepFor(user: number): void {
    owner = user;
    listen();
  },
};

const none: PendingEntry[] = [];
export function usePending(conversation: string): PendingEntry[] {
  return useOutbox((s) => s.pending[conversation] ?? none);
}
