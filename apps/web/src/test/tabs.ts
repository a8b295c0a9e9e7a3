/**
 * What the tabs of one origin share, faked for the tests that play several tabs
 * (state/messages/outbox-tabs.test.ts, features/realtime/other-tabs.test.ts). `copy` stands for
 * the structured clone a real store or channel makes; the default keeps the value itself (jsdom
 * cannot clone its Blobs).
 */
type Copy = (v: unknown) => unknown;
const same: Copy = (v) => v;
const tick = () => new Promise((r) => setTimeout(r, 1));

/** The device store (lib/device-store) over a map; each call answers a tick later, as IndexedDB does. */
export function memoryDeviceStore(rows: Map<string, unknown>, copy: Copy = same) {
  return {
    get: async (k: string) => (await tick(), rows.get(k)),
    set: async (k: string, v: unknown) => (await tick(), rows.set(k, copy(v)), true),
    patch: async (k: string, fn: (old: unknown) => unknown) => {
      await tick();
      if (!rows.has(k)) return undefined;
      const next = fn(rows.get(k));
      rows.set(k, copy(next));
      return next;
    },
    has: async (k: string) => (await tick(), rows.has(k)),
    del: async (k: string) => void (await tick(), rows.delete(k)),
    entries: async () => (await tick(), [...rows.entries()]),
    clear: async () => void (await tick(), rows.clear()),
  };
}

/** A BroadcastChannel class between the tabs of a test (never to the sender), after `delay()` ms. */
export function fakeChannelClass(copy: Copy = same, delay = () => 0) {
  return class FakeChannel {
    static open: FakeChannel[] = [];
    onmessage: ((e: MessageEvent<unknown>) => void) | null = null;
    constructor(readonly name: string) {
      FakeChannel.open.push(this);
    }
    postMessage(data: unknown) {
      const sent = copy(data);
      for (const c of FakeChannel.open) {
        if (c !== this && c.name === this.name)
          setTimeout(() => c.onmessage?.({ data: sent } as MessageEvent<unknown>), delay());
      }
    }
    close() {
      FakeChannel.open = FakeChannel.open.filter((c) => c !== this);
    }
  };
}
