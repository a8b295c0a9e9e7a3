import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { MemoryBus, MemoryPresence } from '../bus/index';
import { Gateway } from './gateway';

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
