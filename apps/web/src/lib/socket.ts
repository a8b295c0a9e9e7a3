import { socketClientRules, type EventFrame, type ServerFrame } from '@parley/protocol';

/**
 * The only WebSocket of the web client, with the connection rules of spec §4:
 * - on open: a ping at once, then every 25 s;
 * - a failed open is retried every 15 s; after 10 failed opens or 5 closes the client emits a
 *   connection error, reports the network as down, and waits for the browser's `online` event;
 * - when the page becomes visible and the socket is dead, it reconnects;
 * - on unload it sends `close`;
 * - sending while not open fails with the framework's text (code 10002).
 * After every (re)bind it emits `ready`, so screens re-read what they show (PROTOCOL §11.5).
 */

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'down';

export interface SocketEnv {
  createSocket(url: string): WebSocketLike;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  now(): number;
}

/** The part of the browser WebSocket this client uses (tests pass a fake). */
export interface WebSocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface SocketHandlers {
  /** Server events (§11.4). */
  onEvent(frame: EventFrame): void;
  onStatus?(status: SocketStatus): void;
  /** Bound to the user after (re)connecting: re-read contacts and the open chat. */
  onReady?(info: { clientId: string; reconnect: boolean }): void;
  /** Spec §4: emitted after 10 failed opens or 5 closes. */
  onConnectionError?(): void;
  /** The server closed the socket with this code (e.g. 4003: my session was revoked). */
  onClosed?(code: number): void;
}

export class SocketNotOpenError extends Error {
  readonly code = socketClientRules.notOpenCode;
  constructor() {
    super('sendSocketMessage:fail SocketTask.readyState is not OPEN');
  }
}

/** A §11.6 call that got no reply before its socket closed: it may not have run; retry elsewhere. */
export class SocketCallDroppedError extends Error {
  constructor() {
    super('socket closed before the reply');
  }
}

/** A §11.6 call that got no reply in time (the socket is alive but the answer is late). */
export class SocketCallTimeoutError extends Error {
  constructor() {
    super('no reply in time');
  }
}

/** What api-client needs of a bound socket: §11.6 calls answered with the §1.3 envelope. */
export interface CallChannel {
  call(path: string, params: object, timeoutMs: number): Promise<unknown>;
}

/** Client frames are ≤ 64 KB (§11.1): bigger calls go over HTTP, whose limit is 1 MiB. */
export const maxCallFrameChars = 60_000;

let boundChannel: CallChannel | null = null;

/** The app's socket while it is bound to the signed-in user, else null (api-client then uses HTTP). */
export function currentCallChannel(): CallChannel | null {
  return boundChannel;
}

function publishChannel(c: CallChannel): void {
  boundChannel = c;
}

interface PendingCall {
  resolve(env: unknown): void;
  reject(err: Error): void;
  timer: unknown;
}

const OPEN = 1;
/** A connection that lived this long resets the close counter: it was healthy. */
const HEALTHY_MS = 60_000;

export class SocketClient implements CallChannel {
  private ws: WebSocketLike | null = null;
  /** Frames answered by a pong (pings, bindUid) sent and pongs received on this connection. */
  private pongsOwed = 0;
  private pongsSeen = 0;
  /** The pong count that confirms the bind (the server answers frames in order), 0 = no bind sent. */
  private bindAt = 0;
  private calls = new Map<number, PendingCall>();
  private seq = 0;
  private status: SocketStatus = 'idle';
  private failedOpens = 0;
  private closes = 0;
  private everBound = false;
  private openedAt = 0;
  private pingTimer: unknown = null;
  private retryTimer: unknown = null;
  private stopped = true;
  clientId = '';
  multiport = false;

  constructor(
    private readonly url: string,
    private readonly getToken: () => { token: string; userId: number } | null,
    private readonly handlers: SocketHandlers,
    private readonly env: SocketEnv = browserEnv(),
  ) {}

  get state(): SocketStatus {
    return this.status;
  }

  /** Open and bound to the user: API calls may travel over it (§11.6). */
  get bound(): boolean {
    return this.bindAt > 0 && this.pongsSeen >= this.bindAt && this.ws?.readyState === OPEN;
  }

  /**
   * A §11.6 call; resolves with the envelope of its reply. Rejects with SocketCallDroppedError
   * when the socket closes first (the call may or may not have run: the caller retries over
   * HTTP, which is safe for sends since a message id is idempotent), SocketCallTimeoutError
   * after `timeoutMs`, SocketNotOpenError when it cannot be sent at all.
   */
  call(path: string, params: object, timeoutMs: number): Promise<unknown> {
    if (!this.bound) return Promise.reject(new SocketNotOpenError());
    this.seq = this.seq >= 2 ** 31 ? 1 : this.seq + 1;
    const seq = this.seq;
    return new Promise((resolve, reject) => {
      const timer = this.env.setTimeout(() => {
        this.calls.delete(seq);
        reject(new SocketCallTimeoutError());
      }, timeoutMs);
      this.calls.set(seq, { resolve, reject, timer });
      try {
        this.send({ type: 'call', seq, path, params });
      } catch (e) {
        this.env.clearTimeout(timer);
        this.calls.delete(seq);
        reject(e instanceof Error ? e : new SocketNotOpenError());
      }
    });
  }

  private dropCalls(): void {
    const pending = [...this.calls.values()];
    this.calls.clear();
    for (const c of pending) {
      this.env.clearTimeout(c.timer);
      c.reject(new SocketCallDroppedError());
    }
  }

  private unbind(): void {
    this.bindAt = 0;
    this.pongsOwed = 0;
    this.pongsSeen = 0;
    if (boundChannel === this) boundChannel = null;
    this.dropCalls();
  }

  start(): void {
    this.stopped = false;
    this.failedOpens = 0;
    this.closes = 0;
    this.connect();
  }

  /** Logout or unload: say goodbye and stop reconnecting. */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    if (this.ws && this.ws.readyState === OPEN) {
      try {
        this.ws.send(JSON.stringify({ type: 'close' }));
      } catch {
        // The page is going away; nothing to report.
      }
      this.ws.close(1000);
    }
    this.ws = null;
    this.unbind();
    this.setStatus('idle');
  }

  send(frame: Record<string, unknown>): void {
    if (!this.ws || this.ws.readyState !== OPEN) throw new SocketNotOpenError();
    this.ws.send(JSON.stringify(frame));
    if (frame.type === 'ping' || frame.type === 'bindUid') this.pongsOwed += 1;
  }

  /** The page became visible again, or the network returned. */
  wake(): void {
    if (this.stopped) return;
    const dead = !this.ws || this.ws.readyState > OPEN;
    if (this.status === 'down' || dead) {
      this.failedOpens = 0;
      this.closes = 0;
      this.connect();
    }
  }

  private setStatus(s: SocketStatus): void {
    if (this.status === s) return;
    this.status = s;
    this.handlers.onStatus?.(s);
  }

  private clearTimers(): void {
    if (this.pingTimer !== null) this.env.clearInterval(this.pingTimer);
    if (this.retryTimer !== null) this.env.clearTimeout(this.retryTimer);
    this.pingTimer = null;
    this.retryTimer = null;
  }

  private connect(): void {
    this.clearTimers();
    this.unbind();
    if (this.ws) {
      const old = this.ws;
      old.onclose = old.onerror = old.onmessage = old.onopen = null;
      try {
        old.close();
      } catch {
        // already closed
      }
    }
    this.setStatus('connecting');
    let opened = false;
    const ws = this.env.createSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      opened = true;
      this.failedOpens = 0;
      this.openedAt = this.env.now();
      this.setStatus('open');
      this.sendQuietly({ type: 'ping' });
      this.pingTimer = this.env.setInterval(() => this.sendQuietly({ type: 'ping' }), socketClientRules.pingEveryMs);
    };
    ws.onmessage = (ev) => this.onMessage(ev.data);
    ws.onerror = () => {
      // onclose follows; the decision is made there.
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.unbind();
      this.handlers.onClosed?.(ev?.code ?? 0);
      this.clearTimers();
      if (this.stopped) return;
      if (opened) {
        if (this.env.now() - this.openedAt >= HEALTHY_MS) this.closes = 0;
        this.closes += 1;
      } else {
        this.failedOpens += 1;
      }
      if (this.failedOpens >= socketClientRules.maxFailedOpens || this.closes >= socketClientRules.maxCloses) {
        this.setStatus('down');
        this.handlers.onConnectionError?.();
        return; // wake() on `online` or visibility brings it back.
      }
      this.setStatus('connecting');
      // A socket that had been open reconnects at once; a failed open waits 15 s (spec §4).
      const delay = opened ? 0 : socketClientRules.retryOpenMs;
      this.retryTimer = this.env.setTimeout(() => this.connect(), delay);
    };
  }

  private sendQuietly(frame: Record<string, unknown>): void {
    try {
      this.send(frame);
    } catch {
      // The close handler deals with a dead socket.
    }
  }

  private onMessage(data: unknown): void {
    if (typeof data !== 'string') return;
    // The one place frames enter: shaped as the protocol declares them (the server's tests hold
    // every pushed payload to SocketEventMap); each case below narrows by `type`, with no cast.
    let frame: ServerFrame;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    switch (frame.type) {
      case 'ping':
        this.sendQuietly({ type: 'pong' });
        return;
      case 'pong':
        this.multiport = Boolean(frame.multiport);
        this.pongsSeen += 1;
        if (this.bound) publishChannel(this);
        return;
      case 'reply': {
        const call = this.calls.get(frame.seq);
        if (!call) return;
        this.calls.delete(frame.seq);
        this.env.clearTimeout(call.timer);
        const { type: _type, seq: _seq, ...envelope } = frame;
        call.resolve(envelope);
        return;
      }
      case 'init': {
        this.clientId = String(frame.client_id ?? '');
        const auth = this.getToken();
        if (!auth) return;
        this.sendQuietly({ type: 'bindUid', user_id: auth.userId, token: auth.token });
        this.bindAt = this.pongsOwed;
        const reconnect = this.everBound;
        this.everBound = true;
        this.handlers.onReady?.({ clientId: this.clientId, reconnect });
        return;
      }
      default:
        this.handlers.onEvent(frame);
    }
  }
}

function browserEnv(): SocketEnv {
  return {
    createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (h) => window.clearTimeout(h as number),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (h) => window.clearInterval(h as number),
    now: () => Date.now(),
  };
}

/** `ws(s)://<this origin>/wss`, following the page's scheme. */
export function socketUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/wss`;
}
