import WebSocket from 'ws';
import type { Events } from '../../src/platform/events';
import { eventMismatch } from './event-schemas';

/**
 * A real WebSocket client of `/wss`, as a compatible client would use it. Frames are recorded
 * so a test can wait for the next one of a type, or check that none arrived. Every event frame
 * is checked against the protocol's SocketEventMap (event-schemas.ts): a payload that does not
 * match fails the test that pushed it, whether or not the test awaits that frame.
 */
export interface TestSocket {
  clientId: string;
  frames: Array<{ type: string; data?: unknown; [k: string]: unknown }>;
  /** Resolves with the next frame of `type` (matching `where`), received from now on or already queued. */
  next<T = unknown>(
    type: string,
    where?: (data: T) => boolean,
    timeoutMs?: number,
  ): Promise<{ type: string; data: T; [k: string]: unknown }>;
  /**
   * Fails if a frame of `type` arrives before the answer to a ping: for a frame sent before the
   * HTTP answer, or with one its other recipients already got (one node's sockets get a
   * publication in order). For a push that crosses the bus, see `pushesReached`.
   */
  expectNoneSoFar(type: string): Promise<void>;
  send(frame: unknown): void;
  /** A §11.6 `call` frame; resolves with its `reply` (matched by seq), envelope fields at top level. */
  call(
    path: string,
    params?: Record<string, unknown>,
    opts?: { seq?: number; timeoutMs?: number },
  ): Promise<ReplyEnvelope>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): void;
  /** Drops the TCP connection without a closing handshake, as a client losing its network does. */
  terminate(): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ReplyEnvelope<T = any> {
  type: 'reply';
  seq: number;
  code: number;
  msg: string;
  count: number;
  data: T;
  page: number;
}

let lastSeq = 0;

export async function connectSocket(baseUrl: string, opts: { token?: string } = {}): Promise<TestSocket> {
  const url = baseUrl.replace(/^http/, 'ws') + '/wss' + (opts.token ? `?token=${encodeURIComponent(opts.token)}` : '');
  const ws = new WebSocket(url);
  const frames: TestSocket['frames'] = [];
  let consumed = 0;
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as TestSocket['frames'][number];
    const mismatch = eventMismatch(frame);
    // Thrown outside the socket's handler: the test runner reports it against the running test.
    if (mismatch)
      setImmediate(() => {
        throw new Error(mismatch);
      });
    frames.push(frame);
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const init = await new Promise<{ client_id: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no init frame within 3 s')), 3000);
    const check = () => {
      const f = frames.find((x) => x.type === 'init');
      if (f) {
        clearTimeout(timer);
        waiters.delete(check);
        resolve(f as unknown as { client_id: string });
      }
    };
    waiters.add(check);
    ws.on('error', reject);
  });
  consumed = frames.findIndex((f) => f.type === 'init') + 1;

  function next<T>(type: string, where: (d: T) => boolean = () => true, timeoutMs = 3000) {
    return nextFrame(type, (f) => where(f.data as T), timeoutMs) as Promise<{ type: string; data: T }>;
  }

  function nextFrame(type: string, where: (f: TestSocket['frames'][number]) => boolean, timeoutMs: number) {
    return new Promise<TestSocket['frames'][number]>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no '${type}' frame within ${timeoutMs} ms; got ${JSON.stringify(frames.slice(consumed))}`));
      }, timeoutMs);
      function check() {
        for (let i = consumed; i < frames.length; i++) {
          const f = frames[i];
          if (!f) continue;
          if (f.type === type && where(f)) {
            frames.splice(i, 1);
            clearTimeout(timer);
            waiters.delete(check);
            resolve(f);
            return;
          }
        }
      }
      waiters.add(check);
      check();
    });
  }

  const api: TestSocket = {
    clientId: init.client_id,
    frames,
    next: next as TestSocket['next'],
    async expectNoneSoFar(type) {
      const before = frames.slice(consumed).filter((f) => f.type === type).length;
      ws.send(JSON.stringify({ type: 'ping' }));
      await next('pong');
      const after = frames.slice(consumed).filter((f) => f.type === type);
      if (after.length > before) throw new Error(`unexpected '${type}' frame: ${JSON.stringify(after)}`);
    },
    send: (frame) => ws.send(JSON.stringify(frame)),
    async call(path, params = {}, opts = {}) {
      const seq = opts.seq ?? ++lastSeq;
      const reply = nextFrame('reply', (f) => f.seq === seq, opts.timeoutMs ?? 5000);
      ws.send(JSON.stringify({ type: 'call', seq, path, params }));
      return (await reply) as unknown as ReplyEnvelope;
    },
    closed,
    close: () => ws.close(),
    terminate: () => ws.terminate(),
  };
  if (opts.token) {
    // Frames are handled after the token bind, so this pong means "bound" (or closed if refused).
    api.send({ type: 'ping' });
    await Promise.race([next('pong'), closed]);
  }
  return api;
}

/** One signed-in socket per user, in order, typed as a tuple so destructuring needs no checks. */
export function connectSockets<const T extends readonly { token: string }[]>(
  baseUrl: string,
  users: T,
): Promise<{ -readonly [K in keyof T]: TestSocket }> {
  return Promise.all(users.map((u) => connectSocket(baseUrl, { token: u.token }))) as Promise<{
    -readonly [K in keyof T]: TestSocket;
  }>;
}

let marker = 0;

/**
 * A barrier instead of a wait: resolves once every push `nodes` queued before the call has
 * reached `ws`, whichever node holds it. Each node pushes a marker (an `isOnline` of no real
 * user, taken out of `frames`) to this one connection; one node's pushes keep their order, in
 * process and through Redis, so the marker arrives after them.
 */
export async function pushesReached(
  nodes: { services: { events: Events } } | Array<{ services: { events: Events } }>,
  ws: TestSocket,
): Promise<void> {
  for (const node of [nodes].flat()) {
    const id = -++marker;
    const back = ws.next<{ id: number }>('isOnline', (d) => d.id === id);
    await node.services.events.publish({ clients: [ws.clientId] }, 'isOnline', { id, is_online: 0 });
    await back;
  }
}
