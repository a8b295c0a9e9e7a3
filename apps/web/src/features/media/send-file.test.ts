import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { defaultSystemInfo, type Message } from '@parley/protocol';
import { ApiError, type UploadOptions } from '../../lib/api-client';
import { messagesKey } from '../../state/messages/api';
import { outbox, useOutbox } from '../../state/messages/outbox';

/** Uploads the test settles by hand: progress, answer, failure, abort. */
interface Call {
  name: string;
  message: { id: string; type: string; toContactId: string | number; extends?: Record<string, unknown> };
  options: UploadOptions;
  resolve(m: Partial<Message>): void;
  reject(e: unknown): void;
}
const calls: Call[] = [];
const toast = vi.fn();

vi.mock('../../lib/endpoints', () => ({
  endpoints: {
    uploadFileMessage: (_blob: Blob, name: string, message: Call['message'], options: UploadOptions) =>
      new Promise((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(new ApiError('aborted', '')));
        calls.push({ name, message, options, resolve, reject });
      }),
  },
}));
vi.mock('../../ui/dialogs', () => ({ dialogs: { toast: (...a: unknown[]) => toast(...a) } }));
vi.mock('./probe', () => ({
  readImageSize: async () => ({ width: 900, height: 600 }),
  readVideoInfo: async () => ({ duration: 7.6, width: 640, height: 480 }),
}));

const { cancelUpload, resendWaitingUploads, retryPending, sendPickedFiles, sendUpload } = await import('./send-file');

const conversation = '7';
const pending = () => outbox.get(conversation, calls[0]?.message.id ?? '') ?? null;
const flush = () => new Promise((r) => setTimeout(r, 0));
const stored = (qc: QueryClient) => qc.getQueryData<{ messages: Message[] }>(messagesKey(conversation))?.messages ?? [];
const answer = (call: Call, extra: Partial<Message> = {}): Partial<Message> => ({
  id: call.message.id,
  msg_id: 40 + calls.indexOf(call),
  type: call.message.type as Message['type'],
  content: 'https://x/storage/a',
  sendTime: 1,
  ...extra,
});

let qc: QueryClient;
beforeEach(() => {
  calls.length = 0;
  toast.mockReset();
  outbox.clear();
  qc = new QueryClient();
  qc.setQueryData(messagesKey(conversation), { messages: [], hasMore: false });
});
afterEach(() => outbox.clear());

const voice = () => ({
  blob: new Blob(['x'.repeat(100)], { type: 'audio/webm' }),
  name: 'voice-1.webm',
  type: 'voice' as const,
  extends: { duration: 3 },
});

describe('sending an upload', () => {
  it('shows a pending bubble with progress, then the stored message replaces it', async () => {
    const done = sendUpload(qc, conversation, voice());
    await flush();
    expect(calls[0]?.message).toMatchObject({ type: 'voice', toContactId: '7', extends: { duration: 3 } });
    expect(pending()).toMatchObject({ status: 'sending', type: 'voice', upload: { progress: 0 } });

    calls[0]?.options.onProgress?.(0.005);
    expect(pending()?.upload?.progress).toBe(0); // below one step: no re-render
    calls[0]?.options.onProgress?.(0.42);
    expect(pending()?.upload?.progress).toBe(0.42);

    const call = calls[0];
    if (call) call.resolve(answer(call));
    await done;
    expect(pending()).toBeNull();
    expect(stored(qc).map((m) => m.id)).toEqual([call?.message.id]);
  });

  it('keeps a failed upload for a retry with the same id (idempotent)', async () => {
    const done = sendUpload(qc, conversation, voice());
    await flush();
    calls[0]?.reject(new ApiError('network', 'No network'));
    await done;
    expect(pending()?.status).toBe('waiting');

    const id = calls[0]?.message.id ?? '';
    retryPending(qc, conversation, id);
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.message.id).toBe(id);
    expect(outbox.get(conversation, id)?.status).toBe('sending');
  });

  it('sends a file that waited for the network again by itself, once it returns, with the same id', async () => {
    const done = sendUpload(qc, conversation, voice());
    await flush();
    calls[0]?.reject(new ApiError('offline', 'Offline'));
    await done;
    expect(pending()?.status).toBe('waiting');

    const again = resendWaitingUploads(qc);
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.message.id).toBe(calls[0]?.message.id);
    const second = calls[1];
    if (second) second.resolve(answer(second));
    await again;
    expect(pending()).toBeNull();
  });

  it.each([401, 413])('drops the bubble when the server refuses the file for good (%i)', async (code) => {
    const done = sendUpload(qc, conversation, voice());
    await flush();
    calls[0]?.reject(new ApiError('code', 'Files are limited to 50 MB', code));
    await done;
    expect(pending()).toBeNull();
  });

  it('cancel aborts the upload and removes the bubble', async () => {
    const done = sendUpload(qc, conversation, voice());
    await flush();
    cancelUpload(conversation, calls[0]?.message.id ?? '');
    await done;
    expect(calls[0]?.options.signal?.aborted).toBe(true);
    expect(pending()).toBeNull();
    expect(stored(qc)).toEqual([]);
  });
});

describe('picked files', () => {
  const file = (name: string, size = 1000) => new File(['x'.repeat(size)], name);

  it('explains refused files and sends the rest one by one, in the order picked', async () => {
    const done = sendPickedFiles(
      qc,
      conversation,
      [file('a.png'), file('virus.exe'), file('clip.mp4'), file('notes.pdf')],
      defaultSystemInfo.fileUpload,
    );
    await flush();
    await flush();
    expect(toast).toHaveBeenCalledWith('不支持该文件类型：virus.exe', expect.anything());
    // All three show at once, measured; only the first is uploading.
    const list = pendingList();
    expect(list.map((p) => [p.type, p.upload?.name])).toEqual([
      ['image', 'a.png'],
      ['video', 'clip.mp4'],
      ['file', 'notes.pdf'],
    ]);
    expect(list[0]?.upload?.extends).toEqual({ width: 900, height: 600 });
    expect(list[1]?.upload?.extends).toEqual({ duration: 8 });
    expect(calls.map((c) => c.name)).toEqual(['a.png']);

    for (let i = 0; i < 3; i++) {
      const call = calls[i];
      if (call) call.resolve(answer(call));
      await flush();
      await flush();
    }
    await done;
    expect(calls.map((c) => c.name)).toEqual(['a.png', 'clip.mp4', 'notes.pdf']);
    expect(stored(qc).map((m) => m.type)).toEqual(['image', 'video', 'file']);
  });

  it('takes at most 9 at a time', async () => {
    void sendPickedFiles(
      qc,
      conversation,
      Array.from({ length: 11 }, (_, i) => file(`${i}.txt`)),
      defaultSystemInfo.fileUpload,
    );
    await flush();
    await flush();
    expect(toast).toHaveBeenCalledWith('一次最多选择9个文件');
    expect(pendingList()).toHaveLength(9);
  });
});

/** The conversation's pending list, in order. */
function pendingList() {
  return useOutbox.getState().pending[conversation] ?? [];
}
