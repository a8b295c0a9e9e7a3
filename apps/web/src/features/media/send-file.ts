import type { QueryClient } from '@tanstack/react-query';
import { limits, newMessageId, type FileUploadInfo } from '@parley/protocol';
import { i18n } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { endpoints } from '../../lib/endpoints';
import { holdTabLock, withTabLock } from '../../lib/tab-lock';
import { dialogs } from '../../ui/dialogs';
import { keyOf } from '../../state/conversations/model';
import { delivered, retry, undelivered } from '../../state/messages/api';
import { outbox, type PendingEntry, type PendingUpload } from '../../state/messages/outbox';
import type { BodyMessage } from '../../state/messages/types';
import { messageTypeOf, uploadRefusal } from './checks';
import { readImageSize, readVideoInfo } from './probe';

/**
 * Sending pictures, videos, voice notes and files: each is a pending outbox entry (shown at
 * once from its local bytes, with progress and a cancel ×) until the server's answer or push
 * replaces it. A retry re-sends the same uuid, so it cannot create a second message (§4.4).
 */

/** Uploads in flight, to abort them (not state: nothing renders from it). */
const inFlight = new Map<string, AbortController>();

/**
 * Each upload this tab will send or is sending holds a lock named for it, from the moment it is
 * queued until it settled and the device knows: another tab that sees it "sending" waits on that
 * lock, and if it is free while the device still says "sending", this tab went away mid-upload
 * (`takeOverUpload`). Released by `letGo`.
 */
const holds = new Map<string, () => void>();
/** Uploads of other tabs this tab waits on (one wait each, however often it hears of them). */
const watching = new Set<string>();
const uploadLockOf = (id: string) => `parley-upload-${id}`;

function hold(id: string): void {
  if (!holds.has(id)) holds.set(id, holdTabLock(uploadLockOf(id)));
}

/** Once the device has this tab's last word on the entry, other tabs may look. */
async function letGo(id: string): Promise<void> {
  const release = holds.get(id);
  if (!release) return;
  holds.delete(id);
  await outbox.settled();
  release();
}

/** Progress is stored in steps of 1 %, so a fast upload does not re-render the chat per packet. */
const PROGRESS_STEP = 0.01;

/** Most files picked at once (WeChat's album limit; each becomes its own message). */
export const maxPickedFiles = limits.momentsImages;

export interface UploadInput {
  blob: Blob;
  /** Name with extension (a recording gets one made up from its MIME type). */
  name: string;
  type: PendingUpload['type'];
  extends?: Record<string, unknown>;
  /** Show the local bytes while uploading (pictures and videos). */
  preview?: boolean;
}

/** Adds a pending upload to the chat (does not start it). */
function queue(conversation: string, input: UploadInput, createdAt = Date.now(), previewUrl?: string): PendingUpload {
  const p: PendingUpload = {
    id: newMessageId(),
    conversation: keyOf(conversation),
    type: input.type,
    content: '',
    createdAt,
    status: 'sending',
    upload: {
      blob: input.blob,
      name: input.name,
      previewUrl: previewUrl ?? (input.preview ? URL.createObjectURL(input.blob) : undefined),
      extends: input.extends ?? {},
      progress: 0,
    },
  };
  hold(p.id);
  outbox.add(p);
  return p;
}

/** Uploads a pending entry as its message; resolves when it settled (sent, failed or cancelled). */
async function transmit(qc: QueryClient, p: PendingUpload): Promise<void> {
  const controller = new AbortController();
  inFlight.get(p.id)?.abort();
  inFlight.set(p.id, controller);
  hold(p.id); // before the status says "sending" to the other tabs
  outbox.setStatus(p.conversation, p.id, 'sending');
  outbox.setProgress(p.conversation, p.id, 0);
  let shown = 0;
  try {
    const msg = await endpoints.uploadFileMessage(
      p.upload.blob,
      p.upload.name,
      { id: p.id, type: p.type, toContactId: p.conversation, extends: p.upload.extends, fileName: p.upload.name },
      {
        signal: controller.signal,
        onProgress: (f) => {
          if (f - shown < PROGRESS_STEP && f < 1) return;
          shown = f;
          outbox.setProgress(p.conversation, p.id, f);
        },
      },
    );
    delivered(qc, p.conversation, msg);
  } catch (e) {
    // Cancelled, or a body over the server's limit (413: the site's size setting shrank since
    // the check): neither can succeed by retrying.
    if (e instanceof ApiError && (e.kind === 'aborted' || (e.kind === 'code' && e.code === 413)))
      outbox.remove(p.conversation, p.id);
    else undelivered(p.conversation, p.id, e);
  } finally {
    if (inFlight.get(p.id) === controller) {
      inFlight.delete(p.id);
      await letGo(p.id);
    }
  }
}

/** Sends one recording or file as a message (voice notes, captured photos and videos). */
export function sendUpload(qc: QueryClient, conversation: string, input: UploadInput): Promise<void> {
  return transmit(qc, queue(conversation, input));
}

/** Stops an upload: nothing is sent, the bubble goes away. */
export function cancelUpload(conversation: string, id: string): void {
  const controller = inFlight.get(id);
  if (controller) controller.abort();
  else {
    outbox.remove(conversation, id);
    void letGo(id);
  }
}

/** The retry mark of any pending message: uploads here, texts and stickers in the chat. */
export function retryPending(qc: QueryClient, conversation: string, id: string): void {
  const p = outbox.get(conversation, id);
  if (p?.upload) void transmit(qc, p);
  else retry(qc, conversation, id);
}

const UPLOAD_LOCK = 'parley-outbox-uploads';

/**
 * The network is back: pictures, voice notes and files that waited (offline, or kept on the
 * device across a reload) go again, oldest first, one at a time, with the same id.
 */
export function resendWaitingUploads(qc: QueryClient): Promise<void> {
  // One tab at a time, as texts (chat/api.ts): what another tab uploaded meanwhile is not sent
  // again. A lock of their own: a long upload does not hold texts back.
  return withTabLock(UPLOAD_LOCK, async () => {
    for (const p of outbox.all()) {
      const current = outbox.get(p.conversation, p.id);
      if (!current?.upload || current.status !== 'waiting') continue;
      if (!(await outbox.claim(p.conversation, p.id))) continue;
      await transmit(qc, current);
      if (outbox.get(p.conversation, p.id)?.status === 'waiting') break; // still no network
    }
    await outbox.settled();
  });
}

/**
 * Another tab is sending this upload (issue 22): once its lock is free, either that tab settled
 * it (gone from the device, or failed / waiting there) or it closed mid-upload, leaving it
 * "sending" on the device. Then this tab takes over: it waits like one kept from before a
 * reload, and goes at once if the network is there (same id, so at most one message, §4.4).
 */
export async function takeOverUpload(qc: QueryClient, p: PendingUpload): Promise<void> {
  if (holds.has(p.id) || watching.has(p.id)) return; // this tab's own, or already waited for
  watching.add(p.id);
  let orphaned: boolean;
  try {
    orphaned = await withTabLock(uploadLockOf(p.id), async () => {
      if (holds.has(p.id) || !outbox.get(p.conversation, p.id) || !(await outbox.leftSending(p.id))) return false;
      outbox.setStatus(p.conversation, p.id, 'waiting');
      // A third tab waiting on the same lock then finds it waiting, not "sending".
      await outbox.settled();
      return true;
    });
  } finally {
    watching.delete(p.id);
  }
  if (orphaned) await resendWaitingUploads(qc);
}

/** Why a file cannot be sent, in the user's language; null when it can. */
export function refusalText(file: { name: string; size: number }, rules: FileUploadInfo): string | null {
  const reason = uploadRefusal(file, rules);
  if (reason === 'tooLarge') return i18n.t('media.check.tooLarge', { size: rules.size });
  if (reason === 'typeNotAllowed') return i18n.t('media.check.typeNotAllowed', { name: file.name });
  if (reason === 'empty') return i18n.t('media.check.empty');
  return null;
}

/** Client `extends` of a picked file: an image's size, a video's length (whole seconds, ≥ 1). */
async function describe(type: PendingUpload['type'], url: string | undefined): Promise<Record<string, unknown>> {
  if (url && type === 'image') return (await readImageSize(url)) ?? {};
  if (url && type === 'video') {
    const info = await readVideoInfo(url);
    return info && info.duration > 0 ? { duration: Math.max(1, Math.round(info.duration)) } : {};
  }
  return {};
}

/**
 * Files picked in the album or the file chooser: each is checked (a refused one is explained
 * and skipped); the rest are measured locally (so no bubble changes size later), shown in the
 * order picked, then uploaded one after the other so the messages arrive in that order.
 */
export async function sendPickedFiles(
  qc: QueryClient,
  conversation: string,
  files: File[],
  rules: FileUploadInfo,
): Promise<void> {
  if (files.length > maxPickedFiles) dialogs.toast(i18n.t('media.check.tooMany', { max: maxPickedFiles }));
  const accepted: File[] = [];
  for (const file of files.slice(0, maxPickedFiles)) {
    const refusal = refusalText(file, rules);
    if (refusal) dialogs.toast(refusal, { icon: 'error', duration: limits.serverToastMs });
    else accepted.push(file);
  }
  const described = await Promise.all(
    accepted.map(async (file) => {
      const type = messageTypeOf(file.name);
      const previewUrl = type === 'file' ? undefined : URL.createObjectURL(file);
      return { file, type, previewUrl, ext: await describe(type, previewUrl) };
    }),
  );
  const now = Date.now();
  const queued = described.map((d, i) =>
    queue(conversation, { blob: d.file, name: d.file.name, type: d.type, extends: d.ext }, now + i, d.previewUrl),
  );
  for (const p of queued) {
    const current = outbox.get(p.conversation, p.id);
    if (current?.upload) await transmit(qc, current);
    else await letGo(p.id); // cancelled here, or sent by another tab, meanwhile
  }
}

/** What a pending entry's bubble shows: the local bytes and what is known of them. */
export function pendingBody(p: PendingEntry): BodyMessage {
  // Stickers, locations and contact cards draw from their `extends` while on their way too.
  if (!p.upload) return { id: p.id, type: p.type, content: p.content, extends: p.extends ?? null };
  return {
    id: p.id,
    type: p.type,
    content: p.upload.previewUrl ?? '',
    extends: p.upload.extends,
    fileName: p.upload.name,
    fileSize: p.upload.blob.size,
  };
}
