import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { fakeChannelClass } from '../../test/tabs';

/**
 * Issue 22: two open tabs of the app share one outbox. What one tab keeps for later shows in
 * the other without a reload, and when the network returns each entry is sent by one tab only.
 * Each "tab" is a fresh copy of the modules; they share the device (an in-memory store), a
 * BroadcastChannel and Web Locks, as tabs of one origin do.
 */
const shared = vi.hoisted(() => ({
  rows: new Map<string, unknown>(),
  sent: [] as { id: string; content: string }[],
  online: false,
  /** How long an announcement takes to reach the other tabs. */
  delay: 0,
  /** The server stores what is sent but the answer never comes (the sending tab closes first). */
  hang: false,
}));

vi.mock('../../lib/device-store', async () => {
  const { memoryDeviceStore } = await import('../../test/tabs');
  return { deviceStore: () => memoryDeviceStore(shared.rows, structuredClone) };
});

// Uploads taken over from a closed tab: features/realtime/other-tabs.test.ts (texts only here, a lighter import per tab).
vi.mock('../../features/media/send-file', () => ({ takeOverUpload: async () => undefined }));

/** BroadcastChannel between the tabs of this test, each announcement `shared.delay` ms late. */
const FakeChannel = fakeChannelClass(structuredClone, () => shared.delay);

/** Web Locks: one holder per name, the others queue; a tab that closes frees what it holds. */
const held = new Map<string, Promise<unknown>>();
/** Per name, frees the lock for the next in line as if its holder's tab had closed. */
const holders = new Map<string, () => void>();
const locks = {
  request: (name: string, fn: () => Promise<unknown>) => {
    const before = held.get(name) ?? Promise.resolve();
    let free: () => void = () => undefined;
    const freed = new Promise<void>((resolve) => {
      free = resolve;
    });
    const granted = () => {
      holders.set(name, free);
      return fn();
    };
    const run = before.then(granted, granted);
    held.set(name, Promise.race([run.catch(() => undefined), freed]));
    return run;
  },
};

/**
 * sendMessage as the test decides (offline, or an answer echoing the input). Mocked per tab,
 * after the tab's module reset: its ApiError is the class that tab's api.ts checks against.
 */
function mockEndpoints() {
  vi.doMock('../../lib/endpoints', async () => {
    const { ApiError } = await import('../../lib/api-client');
    return {
      endpoints: {
        sendMessage: async (input: { id: string; content: string; toContactId: string }) => {
          if (!shared.online) throw new ApiError('offline', 'offline');
          shared.sent.push({ id: input.id, content: input.content });
          if (shared.hang) await new Promise(() => undefined);
          await new Promise((r) => setTimeout(r, 5));
          return {
            id: input.id,
            msg_id: shared.sent.length,
            content: input.content,
            type: 'text',
            sendTime: Date.now(),
            toContactId: input.toContactId,
          } as unknown as Message;
        },
      },
    };
  });
}

async function openTab() {
  vi.resetModules();
  mockEndpoints();
  const api = await import('./api');
  const { outbox } = await import('./outbox');
  const { takeOverFromClosedTabs } = await import('../../features/realtime/other-tabs');
  const before = new Set(FakeChannel.open);
  outbox.keepFor(1);
  const channel = FakeChannel.open.find((c) => !before.has(c));
  const qc = new QueryClient();
  takeOverFromClosedTabs(qc);
  return { api, outbox, qc, channel };
}

/**
 * The tab goes away: it hears and says nothing more, and the locks it holds are free. (Here the
 * closing tab is the only holder: whoever holds a lock at this moment is that tab.)
 */
function closeTab(tab: Awaited<ReturnType<typeof openTab>>) {
  tab.channel?.close();
  if (tab.channel) tab.channel.postMessage = () => undefined;
  for (const free of holders.values()) free();
}

const texts = (tab: Awaited<ReturnType<typeof openTab>>) => tab.outbox.all().map((p) => `${p.content}:${p.status}`);

beforeEach(() => {
  shared.rows.clear();
  shared.sent.length = 0;
  shared.online = false;
  shared.delay = 0;
  shared.hang = false;
  FakeChannel.open = [];
  held.clear();
  holders.clear();
  vi.stubGlobal('BroadcastChannel', FakeChannel);
  Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the outbox in two tabs (issue 22)', () => {
  it('shows what one tab keeps for later in the other, without a reload', async () => {
    const a = await openTab();
    const b = await openTab();
    await a.api.sendText(a.qc, '7', 'one');
    await a.api.sendText(a.qc, '7', 'two');
    expect(texts(a)).toEqual(['one:waiting', 'two:waiting']);
    await vi.waitFor(() => expect(texts(b)).toEqual(['one:waiting', 'two:waiting']));
    expect(b.outbox.all().map((p) => p.id)).toEqual(a.outbox.all().map((p) => p.id));

    // The other tab's retry mark works on them too; a tab delivering one takes it off both.
    shared.online = true;
    const [first] = b.outbox.all();
    if (!first) throw new Error('no entry');
    b.api.retry(b.qc, first.conversation, first.id);
    await vi.waitFor(() => expect(texts(a)).toEqual([]));
    expect(shared.sent.map((s) => s.content)).toEqual(['one', 'two']);
    expect(texts(b)).toEqual([]);
  });

  it('sends each entry once when both tabs come back online at the same moment, in order', async () => {
    const a = await openTab();
    const b = await openTab();
    for (const [to, text] of [
      ['7', 'one'],
      ['8', 'two'],
      ['7', 'three'],
    ] as const) {
      await a.api.sendText(a.qc, to, text);
      await new Promise((r) => setTimeout(r, 2)); // typed one after the other
    }
    await vi.waitFor(() => expect(texts(b)).toHaveLength(3));

    // Announcements are slow now: tab b still lists all three when it gets its turn to send.
    shared.delay = 500;
    shared.online = true;
    await Promise.all([a.api.resendWaiting(a.qc), b.api.resendWaiting(b.qc)]);
    expect(shared.sent.map((s) => s.content)).toEqual(['one', 'two', 'three']);
    expect(new Set(shared.sent.map((s) => s.id)).size).toBe(3);
    expect(texts(a)).toEqual([]);
    expect(texts(b)).toEqual([]);
    expect([...shared.rows.keys()]).toEqual([]);
  });

  it('never brings back an entry another tab delivered when a late status change comes in', async () => {
    const a = await openTab();
    const b = await openTab();
    await a.api.sendText(a.qc, '7', 'one');
    await vi.waitFor(() => expect(texts(b)).toHaveLength(1));
    shared.delay = 500;
    shared.online = true;
    await a.api.resendWaiting(a.qc);
    expect(shared.rows.size).toBe(0);
    // Tab b has not heard yet and marks it waiting again: the device stays empty, and b's own
    // resend finds it gone instead of sending it a second time.
    const [late] = b.outbox.all();
    if (!late) throw new Error('tab b heard too early');
    b.outbox.setStatus(late.conversation, late.id, 'waiting');
    await b.outbox.settled();
    expect(shared.rows.size).toBe(0);
    await b.api.resendWaiting(b.qc);
    expect(shared.sent).toHaveLength(1);
    expect(texts(b)).toEqual([]);
  });

  it('finishes a send of a tab that closed before the answer, with the same id', async () => {
    shared.online = true;
    const a = await openTab();
    const b = await openTab();
    b.qc.setQueryData(['messages', '7'], { messages: [], hasMore: false });
    shared.hang = true;
    void a.api.sendText(a.qc, '7', 'one');
    // The request went out (the server may have stored it), the answer is still to come.
    await vi.waitFor(() => expect(shared.sent.map((x) => x.content)).toEqual(['one']));
    await vi.waitFor(() => expect(texts(b)).toEqual(['one:sending']));
    shared.hang = false;

    closeTab(a);
    // Tab b takes the lock tab a held and sends it again: the same uuid, so one message (§4.4).
    await vi.waitFor(() => expect(texts(b)).toEqual([]));
    expect(shared.sent.map((x) => x.content)).toEqual(['one', 'one']);
    expect(new Set(shared.sent.map((x) => x.id)).size).toBe(1);
    expect(shared.rows.size).toBe(0);
    const chat = b.qc.getQueryData<{ messages: Message[] }>(['messages', '7']);
    expect(chat?.messages.map((m) => m.content)).toEqual(['one']);
  });

  it('leaves a send of a living tab to it: the other tab only waits, and sends nothing twice', async () => {
    shared.online = true;
    const a = await openTab();
    const b = await openTab();
    await a.api.sendText(a.qc, '7', 'one');
    await a.api.sendText(a.qc, '7', 'two');
    await vi.waitFor(() => expect(texts(b)).toEqual([]));
    // Tab b queued for each send's lock when it heard of it; every turn it was given has now run.
    await Promise.all(held.values());
    expect(shared.sent.map((x) => x.content)).toEqual(['one', 'two']);
    expect(texts(a)).toEqual([]);
  });
});
