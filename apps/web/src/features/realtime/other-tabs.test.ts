import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { fakeChannelClass } from '../../test/tabs';

/**
 * Issue 22, uploads: this tab hears that another tab is uploading a picture, and that tab closes
 * before the answer (texts: state/messages/outbox-tabs.test.ts). The other tab is played by the
 * test: a row on the device, its announcement, and the lock it holds for that upload.
 */
const shared = vi.hoisted(() => ({ rows: new Map<string, unknown>(), uploads: [] as string[] }));

vi.mock('../../lib/device-store', async () => {
  const { memoryDeviceStore } = await import('../../test/tabs');
  return { deviceStore: () => memoryDeviceStore(shared.rows) };
});
vi.mock('../../lib/endpoints', () => ({
  endpoints: {
    uploadFileMessage: async (_blob: Blob, name: string, m: { id: string; type: string; toContactId: string }) => {
      shared.uploads.push(m.id);
      return { id: m.id, msg_id: 9, type: m.type, content: `/storage/${name}`, sendTime: 1 } as unknown as Message;
    },
  },
}));
vi.mock('../../ui/dialogs', () => ({ dialogs: { toast: () => undefined } }));

const FakeChannel = fakeChannelClass();

/** Web Locks: one holder per name, the others queue. `asked` lists every request, in order. */
const held = new Map<string, Promise<unknown>>();
const asked: string[] = [];
const locks = {
  request: (name: string, fn: () => Promise<unknown>) => {
    asked.push(name);
    const run = (held.get(name) ?? Promise.resolve()).then(fn, fn);
    held.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  },
};

vi.stubGlobal('BroadcastChannel', FakeChannel);
Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
const { outbox } = await import('../../state/messages/outbox');
const { takeOverFromClosedTabs } = await import('./other-tabs');

/** The other tab: holds the upload's lock until it closes or settles, and tells of its entry. */
function otherTab() {
  const channel = new FakeChannel('parley-outbox');
  const entry = {
    id: 'up-1',
    conversation: '7',
    type: 'image',
    content: '',
    createdAt: 1,
    status: 'sending',
    upload: { blob: new Blob(['png']), name: 'a.png', extends: { width: 2, height: 1 }, progress: 0 },
    owner: 1,
  };
  let close: () => void = () => undefined;
  void locks.request(
    'parley-upload-up-1',
    () =>
      new Promise<void>((resolve) => {
        close = resolve;
      }),
  );
  shared.rows.set(entry.id, entry);
  channel.postMessage({ kind: 'set', owner: 1, entry });
  return {
    /** The tab goes away mid-upload: its lock is free, the device still says "sending". */
    close: () => {
      channel.close();
      close();
    },
    /** The upload was answered: gone from the device, the others told, then the lock freed. */
    delivered: () => {
      shared.rows.delete(entry.id);
      channel.postMessage({ kind: 'del', owner: 1, id: entry.id });
      setTimeout(close, 5);
    },
  };
}

let stop: () => void = () => undefined;
beforeEach(async () => {
  shared.rows.clear();
  shared.uploads.length = 0;
  held.clear();
  asked.length = 0;
  outbox.keepFor(1);
  const qc = new QueryClient();
  qc.setQueryData(['messages', '7'], { messages: [], hasMore: false });
  stop = takeOverFromClosedTabs(qc);
});
afterEach(() => {
  stop();
  outbox.clear();
});

const pending = () => outbox.all().map((p) => `${p.id}:${p.status}`);
/** This tab has queued for the upload's lock behind the other tab (the other tab's is the first request). */
const queuedHere = () => expect(asked.filter((n) => n === 'parley-upload-up-1')).toHaveLength(2);

describe('an upload of another tab (issue 22)', () => {
  it('is sent from here, once, with its id, when that tab closes before the answer', async () => {
    const other = otherTab();
    await vi.waitFor(() => expect(pending()).toEqual(['up-1:sending']));
    await vi.waitFor(queuedHere);
    expect(shared.uploads).toEqual([]); // that tab is still at it: this one only waits behind its lock

    other.close();
    await vi.waitFor(() => expect(pending()).toEqual([]));
    expect(shared.uploads).toEqual(['up-1']);
    expect(shared.rows.size).toBe(0);
  });

  it('is left alone when that tab delivers it', async () => {
    const other = otherTab();
    await vi.waitFor(() => expect(pending()).toEqual(['up-1:sending']));
    await vi.waitFor(queuedHere);
    other.delivered();
    await vi.waitFor(() => expect(pending()).toEqual([]));
    await held.get('parley-upload-up-1'); // this tab's turn at the lock has run and ended
    expect(shared.uploads).toEqual([]);
  });
});
