import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  CloseCode,
  limits,
  readClientFrame,
  type ClientFrame,
  type Envelope,
  type ServerFrame,
} from '@parley/protocol';
import type { BusMessage, EventBus, PresenceRegistry, Recipients } from '../bus';
import { systemClock, type Clock } from '../clock';
import { CallIntake } from './call-intake';
import { releaseReadFragments } from './release-fragments';
import { TickCork } from './tick-cork';
import { SharedFrame } from './shared-frame';
import { HEARTBEAT_SLOTS, HeartbeatSlots } from './heartbeat-slots';

/** A client frame of §11, or undefined for anything else (binary, too large, not JSON, unknown). */
function parseFrame(data: unknown, isBinary: boolean): ClientFrame | undefined {
  if (isBinary || !Buffer.isBuffer(data) || data.length > limits.socketFrameBytes) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
  return readClientFrame(parsed);
}

/**
 * The socket gateway of one node (PROTOCOL §11). It knows connections, not chat: who a token
 * belongs to and what to do when a user comes online are hooks given by the app. Deliveries and
 * session closes arrive through the bus, so they reach connections on every node.
 */

export interface SocketSession {
  userId: number;
  jti: string;
  terminal: 'web' | 'mobile';
  /** The token that bound the connection: socket `call`s are authenticated with it as over HTTP (§11.6). */
  token?: string;
}

/** What the upgrade request told about the client; socket `call`s see it as HTTP calls see their request. */
export interface ConnMeta {
  userAgent: string;
  origin: string;
  /** Accept-Language of the upgrade request (or its `?lang=`); a call's `params.lang` overrides it. */
  acceptLanguage?: string;
}

/** A `call` frame with everything needed to run it as the connection's own HTTP request would run. */
export interface SocketCall {
  path: string;
  params: Record<string, unknown>;
  session: SocketSession | undefined;
  ip: string;
  meta: ConnMeta;
}

export interface GatewayHooks {
  /** Resolves a `bearer …` token (or bare JWT) to its live session, or null. */
  authenticate(token: string): Promise<SocketSession | null>;
  onOnline?(userId: number): void;
  onOffline?(userId: number): void;
}

/** Runs a §11.6 call; resolves to the envelope to reply with. */
export type CallRunner = (c: SocketCall) => Promise<Envelope>;

/**
 * What the upgrade brought. `call` comes with each connection rather than with the gateway: the
 * API that runs calls includes the bind endpoints, which use this gateway, so the gateway is made
 * first and the socket route, registered after the API, hands the API's runner to each connection.
 */
export interface AcceptOptions {
  /** `?token=` of the upgrade: the connection binds at once. */
  token?: string;
  meta?: ConnMeta;
  /** Absent: `call` frames are ignored. */
  call?: CallRunner;
}

export interface GatewayOptions {
  /** Time of each connection's last frame (idle close); the heartbeat itself runs on real timers. */
  clock?: Clock;
  heartbeatMs?: number;
  idleCloseMs?: number;
  maxPerUser?: number;
  maxUnboundPerIp?: number;
  /** §11.6 calls in progress on this node before sockets stop being read (call-intake.ts). */
  maxCallsInFlight?: number;
}

interface Conn {
  id: string;
  ws: WebSocket;
  ip: string;
  meta: ConnMeta;
  lastSeen: number;
  /** Pings sent since its last frame. */
  unanswered: number;
  session?: SocketSession;
  cid?: string;
  /** Frames are handled one after another, after any `?token=` bind, so a ping answers bound state. */
  queue: Promise<void>;
  /** Steps in `queue` not yet ended: while none is, a `call` frame is taken at once (nothing is ahead of it). */
  waiting: number;
  /** §11.6 calls not yet replied to. */
  calls: number;
  /** A session close that waits for those replies: a call that ends its own session is still answered. */
  closeAfterCalls?: number;
  /** The node's shutdown waiting for those replies (close()). */
  afterCalls?: () => void;
  /** performance.now() when bound (a `refetch` after a Redis outage spares those bound after it). */
  boundAt?: number;
  /** Closed by this node with `refetch`: its client is expected back at once (REFETCH_GRACE_MS). */
  refetching?: boolean;
  call?: CallRunner;
}

export type BindResult = 'ok' | 'unknown' | 'otherUser' | 'tooMany';

/** Closes per step when many connections are asked to refetch: their clients reconnect at once. */
const REFETCH_BATCH = 200;
const REFETCH_STEP_MS = 50;
/**
 * How long a connection closed with `refetch` stays in presence. Its client reconnects at once,
 * but a contact asked to refetch at the same moment (after a Redis outage every client is) re-read
 * presence in between, saw the user offline, and kept that: the damped pushes of a reconnect say
 * nothing (presence-pushes.ts). A client that does not come back is offline this much later.
 */
const REFETCH_GRACE_MS = 5_000;

/**
 * Closes these connections with `refetch` (1012): their clients reconnect and re-read
 * (PROTOCOL §11.5). A whole node's connections after a Redis outage are spread over a few
 * seconds (200 every 50 ms) rather than all reconnecting in the same instant.
 */
function askToRefetch(conns: Conn[]): void {
  for (let i = 0; i < conns.length; i += REFETCH_BATCH) {
    const batch = conns.slice(i, i + REFETCH_BATCH);
    const close = () =>
      batch.forEach((c) => {
        c.refetching = true;
        c.ws.close(CloseCode.refetch);
      });
    if (i === 0) close();
    else setTimeout(close, (i / REFETCH_BATCH) * REFETCH_STEP_MS).unref();
  }
}

export class Gateway {
  private conns = new Map<string, Conn>();
  private byUser = new Map<number, Set<Conn>>();
  private pendingBinds = new Map<string, (r: BindResult) => void>();
  /** Unbound connections per address, kept as counts: scanning every connection is O(n²) to fill a node. */
  private unboundByIp = new Map<string, number>();
  private cork = new TickCork();
  /** Connections by the part of the heartbeat period in which they are pinged. */
  private beats = new HeartbeatSlots<Conn>();
  private readonly intake: CallIntake;
  private timer: NodeJS.Timeout;
  private unsubscribe: () => void;
  private readonly opts: Required<Omit<GatewayOptions, 'clock'>>;
  private readonly clock: Clock;
  /** Push frames written to sockets since start (`/metrics`: a plain count, bumped per frame). */
  pushesSent = 0;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly presence: PresenceRegistry,
    private readonly hooks: GatewayHooks,
    opts: GatewayOptions = {},
  ) {
    this.clock = opts.clock ?? systemClock;
    releaseReadFragments(); // ws's reading kept each frame alive until a major GC (release-fragments.ts)
    this.opts = {
      heartbeatMs: opts.heartbeatMs ?? limits.heartbeatMs,
      idleCloseMs: opts.idleCloseMs ?? limits.serverIdleCloseMs,
      maxPerUser: opts.maxPerUser ?? limits.connectionsPerUser,
      maxUnboundPerIp: opts.maxUnboundPerIp ?? limits.unboundConnectionsPerIp,
      maxCallsInFlight: opts.maxCallsInFlight ?? 1024,
    };
    this.intake = new CallIntake(this.opts.maxCallsInFlight);
    this.unsubscribe = bus.subscribe((m) => this.onBus(m));
    this.timer = setInterval(() => this.tick(), this.opts.heartbeatMs / HEARTBEAT_SLOTS);
    this.timer.unref();
    presence.onSweptOffline((ids) => ids.forEach((id) => this.hooks.onOffline?.(id)));
    presence.onRestoredOnline((ids) => ids.forEach((id) => this.hooks.onOnline?.(id)));
  }

  /** Client ids name the node (PROTOCOL §1.4), so an HTTP bind on another node can route. */
  isLocalClient(clientId: string): boolean {
    return clientId.startsWith(`${this.presence.nodeId}.`);
  }

  accept(ws: WebSocket, ip: string, opts: AcceptOptions = {}): void {
    const { token, meta = { userAgent: '', origin: '' }, call } = opts;
    const unbound = this.unboundByIp.get(ip) ?? 0;
    const conn: Conn = {
      // A client id is a capability (HTTP bindUid binds by it): 128 random bits, never a counter (§1.4).
      id: `${this.presence.nodeId}.${randomBytes(16).toString('base64url')}`,
      ws,
      ip,
      meta,
      lastSeen: this.clock.now(),
      unanswered: 0,
      queue: Promise.resolve(),
      waiting: 0,
      calls: 0,
      ...(call ? { call } : {}),
    };
    this.conns.set(conn.id, conn);
    ws.on('message', (data, isBinary) => {
      conn.lastSeen = this.clock.now();
      conn.unanswered = 0;
      const frame = parseFrame(data, isBinary);
      if (!frame) return; // Unknown frames count as activity only.
      // A call needs nothing of the frames before it once they are handled; queueing it cost
      // three promises per message (docs/performance.md, issue 23).
      if (frame.type === 'call' && conn.waiting === 0) this.takeCall(conn, frame);
      else this.enqueue(conn, () => this.onFrame(conn, frame));
    });
    ws.on('close', () => void this.drop(conn));
    ws.on('error', () => void this.drop(conn));
    // A connection that authenticates on open is not an anonymous one: the unbound limit (which
    // behind a proxy without trusted client addresses is shared by everyone) does not apply.
    if (!token && unbound >= this.opts.maxUnboundPerIp) {
      this.conns.delete(conn.id);
      ws.close(CloseCode.tooManyConnections);
      return;
    }
    this.unboundByIp.set(ip, unbound + 1);
    this.beats.add(conn);
    this.send(conn, { type: 'init', client_id: conn.id });
    if (token) this.enqueue(conn, this.bindWithToken(conn, token));
  }

  /** Still held by this node and open: what every bind path checks after an await. */
  private isLive(conn: Conn): boolean {
    return this.conns.get(conn.id) === conn && conn.ws.readyState === conn.ws.OPEN;
  }

  private send(conn: Conn, frame: ServerFrame | string): void {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    // Corked like pushes: a call's reply and its own echo push (§4.4) leave in one write, where
    // they took two (writes were 12 % of the server's time at 3,000 sends a second).
    this.cork.hold(conn.ws);
    conn.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Runs `step` after the steps queued before it (a promise already started: at once, as the first step). */
  private enqueue(conn: Conn, step: (() => Promise<void>) | Promise<void>): void {
    conn.waiting++;
    conn.queue = (typeof step === 'function' ? conn.queue.then(step) : step)
      .catch(() => undefined)
      .then(() => {
        conn.waiting--;
      });
  }

  private takeCall(conn: Conn, frame: Extract<ClientFrame, { type: 'call' }>): void {
    if (conn.closeAfterCalls !== undefined) return; // its session has ended: it closes after the replies due
    // Not awaited: a slow call must not hold the frames behind it, so replies may come out of
    // order (§11.6). Frames before it (a bindUid) have been handled, so it sees their binding.
    void this.runCall(conn, frame.seq, frame.path, frame.params ?? {});
  }

  private async onFrame(conn: Conn, frame: ClientFrame): Promise<void> {
    switch (frame.type) {
      case 'ping':
        this.send(conn, { type: 'pong', multiport: await this.multiport(conn) });
        return;
      case 'bindUid': {
        const claimed = Number(frame.user_id);
        const found = await this.hooks.authenticate(frame.token);
        const session = found && { ...found, token: frame.token };
        if (!session || (frame.user_id !== undefined && claimed !== session.userId)) {
          conn.ws.close(CloseCode.authFailed);
          return;
        }
        // A bound socket is never silently rebound to someone else (§11.1): that was a hijack.
        if (conn.session && conn.session.userId !== session.userId) {
          conn.ws.close(CloseCode.authFailed);
          return;
        }
        if (!conn.session && (await this.bind(conn, session)) !== 'ok') return;
        this.send(conn, { type: 'pong', multiport: await this.multiport(conn) });
        return;
      }
      case 'call':
        this.takeCall(conn, frame);
        return;
      case 'pong':
      case 'close':
        return;
    }
  }

  private async runCall(conn: Conn, seq: number, path: string, params: Record<string, unknown>): Promise<void> {
    if (!conn.call) return;
    conn.calls++;
    this.intake.started(conn.ws);
    try {
      const env = await conn.call({ path, params, session: conn.session, ip: conn.ip, meta: conn.meta });
      const { code, msg, count, data, page } = env;
      const reply: ServerFrame = { type: 'reply', seq, code, msg, count, data, page };
      this.send(conn, reply);
    } finally {
      this.intake.ended();
      conn.calls--;
      if (conn.calls === 0 && conn.closeAfterCalls !== undefined) {
        conn.ws.close(conn.closeAfterCalls);
        conn.afterCalls?.();
      }
    }
  }

  /**
   * Closes a connection whose session ended. A `logout` made over this very connection revokes
   * its session before its reply is sent: closing at once lost that reply, so the close waits
   * for the calls in flight (and takes no new ones meanwhile).
   */
  private closeSession(c: Conn, code: number): void {
    if (c.calls > 0) c.closeAfterCalls = code;
    else c.ws.close(code);
  }

  private async multiport(conn: Conn): Promise<boolean> {
    return conn.session ? (await this.presence.count(conn.session.userId)) > 1 : false;
  }

  private async bindWithToken(conn: Conn, token: string): Promise<void> {
    const session = await this.hooks.authenticate(token);
    if (!session) conn.ws.close(CloseCode.authFailed);
    else await this.bind(conn, { ...session, token });
  }

  private async bind(conn: Conn, session: SocketSession, cid?: string): Promise<BindResult> {
    if (conn.session) return conn.session.userId === session.userId ? 'ok' : 'otherUser';
    // The caller awaited (authentication, the bus): the socket may have closed and been dropped
    // meanwhile. Binding it then would leave it in byUser and in presence for good.
    if (!this.isLive(conn)) return 'unknown';
    const mine = this.byUser.get(session.userId) ?? new Set<Conn>();
    if (mine.size >= this.opts.maxPerUser) {
      conn.ws.close(CloseCode.tooManyConnections);
      return 'tooMany';
    }
    conn.session = session;
    conn.boundAt = performance.now();
    this.countUnbound(conn.ip, -1);
    if (cid) conn.cid = cid;
    mine.add(conn);
    this.byUser.set(session.userId, mine);
    const change = await this.presence.add(session.userId, conn.id).catch(() => ({ changed: false, count: 0 }));
    if (!this.isLive(conn)) {
      // Closed while presence was being written: drop() may have removed the entry before it
      // was added, so remove it again (idempotent) rather than leave the user online.
      await this.forget(conn, session);
      return 'unknown';
    }
    if (change.changed) this.hooks.onOnline?.(session.userId);
    return 'ok';
  }

  /** HTTP bindUid for a connection of this node. */
  async bindLocal(clientId: string, session: SocketSession, cid?: string): Promise<BindResult> {
    const conn = this.conns.get(clientId);
    if (!conn || conn.ws.readyState !== conn.ws.OPEN) return 'unknown';
    return this.bind(conn, session, cid);
  }

  /** Whether a local connection is bound to this user (bindGroup's ownership check). */
  ownsClient(clientId: string, userId: number): boolean {
    return this.conns.get(clientId)?.session?.userId === userId;
  }

  /**
   * HTTP bindUid for a connection on any node: local ones directly, others through the bus
   * (the owning node answers; silence within `timeoutMs` means the connection is gone).
   * With `probe`, only reports whether the connection is bound to the session's user.
   */
  async bindAnywhere(
    clientId: string,
    session: SocketSession,
    opts: { cid?: string; probe?: boolean; timeoutMs?: number } = {},
  ): Promise<BindResult> {
    if (this.isLocalClient(clientId)) {
      if (opts.probe) return this.probeLocal(clientId, session.userId);
      return this.bindLocal(clientId, session, opts.cid);
    }
    const requestId = randomBytes(8).toString('hex');
    const answer = new Promise<BindResult>((resolve) => {
      const timer = setTimeout(() => {
        this.pendingBinds.delete(requestId);
        resolve('unknown');
      }, opts.timeoutMs ?? 2000);
      this.pendingBinds.set(requestId, (r) => {
        clearTimeout(timer);
        this.pendingBinds.delete(requestId);
        resolve(r);
      });
    });
    await this.bus.publish({
      kind: 'bindRequest',
      requestId,
      clientId,
      session,
      ...(opts.cid ? { cid: opts.cid } : {}),
      ...(opts.probe ? { probe: true } : {}),
    });
    return answer;
  }

  private probeLocal(clientId: string, userId: number): BindResult {
    const c = this.conns.get(clientId);
    if (!c) return 'unknown';
    return c.session?.userId === userId ? 'ok' : 'otherUser';
  }

  private async answerBind(m: Extract<BusMessage, { kind: 'bindRequest' }>): Promise<void> {
    if (!this.isLocalClient(m.clientId)) return;
    const result = m.probe
      ? this.probeLocal(m.clientId, m.session.userId)
      : await this.bindLocal(m.clientId, m.session, m.cid);
    await this.bus.publish({ kind: 'bindReply', requestId: m.requestId, result });
  }

  /** Live connections of a user on this node (the `offline` compatibility call re-checks). */
  localCount(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  private countUnbound(ip: string, delta: number): void {
    const n = (this.unboundByIp.get(ip) ?? 0) + delta;
    if (n > 0) this.unboundByIp.set(ip, n);
    else this.unboundByIp.delete(ip);
  }

  private async drop(conn: Conn): Promise<void> {
    this.intake.forget(conn.ws);
    if (!this.conns.delete(conn.id)) return;
    this.beats.remove(conn);
    const s = conn.session;
    if (!s) {
      this.countUnbound(conn.ip, -1);
      return;
    }
    await this.forget(conn, s);
  }

  /** Takes a bound connection out of byUser and presence (both idempotent). */
  private async forget(conn: Conn, s: SocketSession): Promise<void> {
    const mine = this.byUser.get(s.userId);
    mine?.delete(conn);
    if (mine && mine.size === 0) this.byUser.delete(s.userId);
    if (conn.refetching && !this.closing) {
      setTimeout(() => void this.leavePresence(conn, s), REFETCH_GRACE_MS).unref();
      return;
    }
    await this.leavePresence(conn, s);
  }

  private async leavePresence(conn: Conn, s: SocketSession): Promise<void> {
    const change = await this.presence.remove(s.userId, conn.id).catch(() => ({ changed: false, count: 0 }));
    if (change.changed) this.hooks.onOffline?.(s.userId);
  }

  private targets(to: Recipients): Conn[] {
    if (to.everyone) return [...this.conns.values()];
    if (to.allBound) return [...this.conns.values()].filter((c) => c.session);
    const out = new Set<Conn>();
    for (const uid of to.users ?? []) for (const c of this.byUser.get(uid) ?? []) out.add(c);
    for (const id of to.clients ?? []) {
      const c = this.conns.get(id);
      if (c) out.add(c);
    }
    return [...out];
  }

  private onBus(m: BusMessage): void {
    switch (m.kind) {
      case 'deliver': {
        // One frame for every recipient (shared-frame.ts), built at the first.
        const frame = new SharedFrame(m.frame);
        const deliver = (c: Conn) => {
          if (c.id === m.to.exceptClient || c.ws.readyState !== c.ws.OPEN) return;
          if (m.to.exceptUser !== undefined && c.session?.userId === m.to.exceptUser) return;
          this.cork.hold(c.ws);
          frame.send(c.ws);
          this.pushesSent++;
        };
        // A message push names one user (each side of a one-to-one send): their own connections
        // are distinct already, so no set or list is built for them.
        const { users, clients, everyone, allBound } = m.to;
        if (users?.length === 1 && !clients?.length && !everyone && !allBound)
          this.byUser.get(users[0] as number)?.forEach(deliver);
        else this.targets(m.to).forEach(deliver);
        return;
      }
      case 'closeSessions': {
        const jtis = new Set(m.jtis);
        for (const c of this.conns.values()) {
          if (!c.session || !jtis.has(c.session.jti)) continue;
          if (m.frame) this.send(c, m.frame);
          const close = () => this.closeSession(c, m.code);
          if (m.delayMs) setTimeout(close, m.delayMs).unref();
          else close();
        }
        return;
      }
      case 'closeUsers':
        for (const uid of m.userIds) for (const c of this.byUser.get(uid) ?? []) c.ws.close(m.code);
        return;
      case 'bindRequest':
        void this.answerBind(m);
        return;
      case 'bindReply':
        this.pendingBinds.get(m.requestId)?.(m.result);
        return;
      case 'refetch':
        askToRefetch(this.refetchTargets(m));
        return;
      case 'cacheDrop': // for the caches that follow the bus, not for sockets
        return;
      default: {
        const never: never = m;
        return never;
      }
    }
  }

  /** Bound connections a `refetch` names that were bound before the pushes they may have missed. */
  private refetchTargets(m: Extract<BusMessage, { kind: 'refetch' }>): Conn[] {
    const before = (m.receivedAt ?? performance.now()) - m.agoMs;
    const named = m.all ? [...this.conns.values()] : this.targets({ users: m.users ?? [], clients: m.clients ?? [] });
    return named.filter((c) => c.boundAt !== undefined && c.boundAt <= before);
  }

  /** A part of the heartbeat period: its connections are pinged, or closed if silent too long. */
  private tick(): void {
    const now = this.clock.now();
    const ping = JSON.stringify({ type: 'ping' });
    // Silent for the idle limit and deaf to the pings such a silence holds at real pace (2 at
    // 25/75 s): a clock moved by tests or a suspended host never closes a peer unasked.
    const pings = Math.ceil(this.opts.idleCloseMs / this.opts.heartbeatMs) - 1;
    // A slot holds open connections only: accept() deals them, drop() takes them out.
    for (const c of this.beats.advance()) {
      if (now - c.lastSeen >= this.opts.idleCloseMs && c.unanswered >= pings) c.ws.close(CloseCode.idle);
      else {
        c.unanswered++;
        this.send(c, ping);
      }
    }
  }

  /** Connections this node holds, and how many of them are bound to a user (`/metrics`). */
  stats(): { open: number; bound: number } {
    let bound = 0;
    for (const set of this.byUser.values()) bound += set.size;
    return { open: this.conns.size, bound };
  }

  /**
   * Node shutdown: every connection closed with 1001 and taken out of presence. A connection
   * with §11.6 calls in flight takes no new ones and closes once they are answered (their
   * requests were read: a reply is due, PROTOCOL §20). Called before the websocket plugin
   * closes its sockets (with no code, 1005) and again by the app's close: the second call waits.
   */
  close(): Promise<void> {
    this.closing ??= this.closeAll();
    return this.closing;
  }

  private async closeAll(): Promise<void> {
    clearInterval(this.timer);
    this.unsubscribe();
    await Promise.all([...this.conns.values()].map((c) => this.closeAndDrop(c)));
  }

  /** Shutdown past its grace: connections whose peers never answered the close are cut. */
  terminate(): void {
    for (const c of this.conns.values()) c.ws.terminate();
  }

  private async closeAndDrop(c: Conn): Promise<void> {
    if (c.calls > 0) {
      await new Promise<void>((resolve) => {
        c.afterCalls = resolve;
        c.closeAfterCalls = CloseCode.shutdown;
      });
    } else c.ws.close(CloseCode.shutdown);
    await this.drop(c);
  }
}
