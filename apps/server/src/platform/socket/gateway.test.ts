import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { MemoryBus, MemoryPresence } from '../bus/index';
import { manualClock } from '../clock';
import { Gateway, type CallRunner } from './gateway';

class FakeWs extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  closedWith: number | undefined;
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    if (this.readyState !== 1) return;
    this.readyState = 3;
    this.closedWith = code;
    this.emit('close', code);
  }
  frame(obj: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(obj)), false);
  }
}

afterEach(() => vi.useRealTimers());

function gateway(opts = {}) {
  const g = new Gateway(new MemoryBus(), new MemoryPresence(), { authenticate: async () => null }, opts);
  return g;
}

describe('gateway heartbeat (PROTOCOL §11.1)', () => {
  it('pings every heartbeat and closes a connection silent for the idle limit with 4000', async () => {
    vi.useFakeTimers();
    const g = gateway({ heartbeatMs: 25_000, idleCloseMs: 75_000 });
    const quiet = new FakeWs();
    const chatty = new FakeWs();
    g.accept(quiet as unknown as WebSocket, '127.0.0.1');
    g.accept(chatty as unknown as WebSocket, '127.0.0.1');
    expect(JSON.parse(quiet.sent[0] ?? '{}')).toMatchObject({ type: 'init' });

    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(25_000);
      chatty.frame({ type: 'pong' }); // any frame counts as activity
    }
    expect(quiet.sent.filter((s) => s === '{"type":"ping"}')).toHaveLength(2);
    expect(quiet.closedWith).toBe(4000);
    expect(chatty.closedWith).toBeUndefined();
    await g.close();
    expect(chatty.closedWith).toBe(1001);
  });

  it('reads silence from the injected clock, and a clock moved past the limit pings before it closes', async () => {
    vi.useFakeTimers();
    const clock = manualClock();
    const g = gateway({ clock, heartbeatMs: 25_000, idleCloseMs: 75_000 });
    const ws = new FakeWs();
    g.accept(ws as unknown as WebSocket, '127.0.0.1');
    clock.advance(3_600_000);
    await vi.advanceTimersByTimeAsync(50_000);
    expect([ws.sent.filter((f) => f === '{"type":"ping"}').length, ws.closedWith]).toEqual([2, undefined]);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(ws.closedWith).toBe(4000);
    await g.close();
  });

  it('pings connections opened together a part of the period at a time, each once a period', async () => {
    vi.useFakeTimers();
    const g = gateway({ heartbeatMs: 25_000, idleCloseMs: 75_000 });
    const socks = Array.from({ length: 100 }, () => new FakeWs());
    for (const s of socks) g.accept(s as unknown as WebSocket, `10.1.0.${socks.indexOf(s) % 50}`);
    const pinged = () => socks.map((s) => s.sent.filter((f) => f === '{"type":"ping"}').length);
    const most = [];
    for (let second = 0; second < 25; second++) {
      const before = pinged().reduce((a, b) => a + b, 0);
      await vi.advanceTimersByTimeAsync(1000);
      most.push(pinged().reduce((a, b) => a + b, 0) - before);
    }
    // 100 connections over 25 parts of the period: 4 a second, never all at once.
    expect(Math.max(...most)).toBe(4);
    expect(pinged().every((n) => n === 1)).toBe(true);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(pinged().every((n) => n === 2)).toBe(true);
    await g.close();
  });

  it('closes unbound connections beyond the per-address limit with 4008', () => {
    const g = gateway({ maxUnboundPerIp: 2 });
    const socks = [new FakeWs(), new FakeWs(), new FakeWs()];
    for (const s of socks) g.accept(s as unknown as WebSocket, '10.0.0.9');
    expect(socks.map((s) => s.closedWith)).toEqual([undefined, undefined, 4008]);
    const other = new FakeWs();
    g.accept(other as unknown as WebSocket, '10.0.0.10');
    expect(other.closedWith).toBeUndefined();
    // A closed connection frees its place.
    socks[0]?.close(1000);
    const again = new FakeWs();
    g.accept(again as unknown as WebSocket, '10.0.0.9');
    expect(again.closedWith).toBeUndefined();
    void g.close();
  });

  it('ignores oversized, binary and malformed frames without closing', async () => {
    const g = gateway();
    const ws = new FakeWs();
    g.accept(ws as unknown as WebSocket, '127.0.0.1');
    ws.emit('message', Buffer.from('not json'), false);
    ws.emit('message', Buffer.from([1, 2, 3]), true);
    ws.emit('message', Buffer.alloc(70 * 1024, 0x20), false);
    ws.frame({ type: 'ping' });
    await vi.waitFor(() => expect(ws.sent.at(-1)).toBe('{"type":"pong","multiport":false}'));
    expect(ws.closedWith).toBeUndefined();
    await g.close();
  });
});

/** A gateway whose `authenticate` the test answers by hand, to close sockets mid-bind. */
function slowAuthGateway(opts = {}) {
  const pending: Array<(s: { userId: number; jti: string; terminal: 'web' }) => void> = [];
  const presence = new MemoryPresence();
  const g = new Gateway(
    new MemoryBus(),
    presence,
    {
      authenticate: (token) =>
        new Promise((resolve) =>
          pending.push(() => resolve({ userId: Number(token), jti: `j${token}`, terminal: 'web' })),
        ),
    },
    opts,
  );
  const answerAll = () => pending.splice(0).forEach((r) => r({ userId: 0, jti: '', terminal: 'web' }));
  return { g, presence, answerAll, waiting: () => pending.length };
}

const initId = (ws: FakeWs) => (JSON.parse(ws.sent[0] ?? '{}') as { client_id: string }).client_id;

describe('gateway hardening (issue 19)', () => {
  it('names connections with 128 random bits, not a counter', () => {
    const g = gateway();
    const ids = Array.from({ length: 50 }, () => {
      const ws = new FakeWs();
      g.accept(ws as unknown as WebSocket, `10.1.0.${Math.random()}`);
      return initId(ws);
    });
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
      const secret = id.split('.').at(-1) ?? '';
      expect(Buffer.from(secret, 'base64url').length).toBeGreaterThanOrEqual(16);
    }
    void g.close();
  });

  it('closes 4001 when a bound socket is asked to bind to another user', async () => {
    const { g, answerAll } = slowAuthGateway();
    const ws = new FakeWs();
    g.accept(ws as unknown as WebSocket, '127.0.0.1');
    ws.frame({ type: 'bindUid', token: '7' });
    await vi.waitFor(() => {
      answerAll();
      expect(ws.sent.at(-1)).toContain('pong');
    });
    expect(g.localCount(7)).toBe(1);
    ws.frame({ type: 'bindUid', token: '8' });
    await vi.waitFor(() => {
      answerAll();
      expect(ws.closedWith).toBe(4001);
    });
    expect(g.localCount(8)).toBe(0);
    await g.close();
  });

  it('lets a connection with ?token= in past the unbound-per-address limit', async () => {
    const { g, answerAll } = slowAuthGateway({ maxUnboundPerIp: 2 });
    const idle = [new FakeWs(), new FakeWs(), new FakeWs()];
    for (const s of idle) g.accept(s as unknown as WebSocket, '10.0.0.9');
    expect(idle[2]?.closedWith).toBe(4008);
    const signedIn = new FakeWs();
    g.accept(signedIn as unknown as WebSocket, '10.0.0.9', { token: '5' });
    answerAll();
    await vi.waitFor(() => expect(g.localCount(5)).toBe(1));
    expect(signedIn.closedWith).toBeUndefined();
    await g.close();
  });

  it('binds nothing for a socket that closed while its token was being checked', async () => {
    const { g, presence, answerAll, waiting } = slowAuthGateway();
    for (let i = 0; i < 20; i++) {
      const byFrame = new FakeWs();
      g.accept(byFrame as unknown as WebSocket, '127.0.0.1');
      byFrame.frame({ type: 'bindUid', token: '9' });
      const byQuery = new FakeWs();
      g.accept(byQuery as unknown as WebSocket, '127.0.0.1', { token: '9' });
      await vi.waitFor(() => expect(waiting()).toBe(2));
      byFrame.close(1000);
      byQuery.close(1000);
      answerAll();
    }
    await new Promise((r) => setImmediate(r));
    expect(g.localCount(9)).toBe(0);
    expect(await presence.count(9)).toBe(0);
    // The limit of 20 per user is not used up by ghosts: a new socket binds.
    const live = new FakeWs();
    g.accept(live as unknown as WebSocket, '127.0.0.1', { token: '9' });
    answerAll();
    await vi.waitFor(() => expect(g.localCount(9)).toBe(1));
    expect(live.closedWith).toBeUndefined();
    await g.close();
  });
});

/** A socket whose reading can be paused, as ws's can. */
class PausableWs extends FakeWs {
  paused = false;
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
  }
}

describe('calls in progress (issue 23)', () => {
  it('stops reading a socket past the limit, reads it again once half are answered, and answers every call', async () => {
    const held: Array<() => void> = [];
    const g = new Gateway(
      new MemoryBus(),
      new MemoryPresence(),
      { authenticate: async () => null },
      { maxCallsInFlight: 4 },
    );
    const call: CallRunner = () =>
      new Promise((resolve) => held.push(() => resolve({ code: 0, msg: '', count: 0, data: '', page: 0 })));
    const a = new PausableWs();
    const b = new PausableWs();
    g.accept(a as unknown as WebSocket, '127.0.0.1', { call });
    g.accept(b as unknown as WebSocket, '127.0.0.1', { call });
    const callOver = (ws: FakeWs, seq: number) =>
      ws.frame({ type: 'call', seq, path: '/enterprise/im/getContacts', params: {} });
    for (let seq = 1; seq <= 3; seq++) callOver(a, seq);
    expect(held).toHaveLength(3);
    expect(a.paused).toBe(false);
    callOver(b, 1); // the fourth in progress: the socket that brought it stops being read
    expect(b.paused).toBe(true);
    expect(a.paused).toBe(false);
    callOver(b, 2); // a frame already read still runs
    expect(held).toHaveLength(5);

    const answer = async (n: number) => {
      held.splice(0, n).forEach((r) => r());
      await new Promise((r) => setImmediate(r));
    };
    await answer(2); // three left in progress: more than half the limit
    expect(b.paused).toBe(true);
    await answer(1); // two left: read again
    expect(b.paused).toBe(false);
    await answer(2);
    const replies = (ws: FakeWs) => ws.sent.filter((s) => s.includes('"reply"')).length;
    expect([replies(a), replies(b)]).toEqual([3, 2]);
    await g.close();
  });
});
