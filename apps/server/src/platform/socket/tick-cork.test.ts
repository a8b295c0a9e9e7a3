import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { TickCork } from './tick-cork';

function fakeWs() {
  const socket = { corks: 0, uncorks: 0, cork: () => void socket.corks++, uncork: () => void socket.uncorks++ };
  return { ws: { _socket: socket } as unknown as WebSocket, socket };
}
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TickCork', () => {
  it('corks each socket once per turn and releases all of them right after it', async () => {
    const cork = new TickCork();
    const a = fakeWs();
    const b = fakeWs();
    cork.hold(a.ws);
    cork.hold(b.ws);
    cork.hold(a.ws);
    expect([a.socket.corks, b.socket.corks, a.socket.uncorks]).toEqual([1, 1, 0]);
    await nextTurn();
    expect([a.socket.uncorks, b.socket.uncorks]).toEqual([1, 1]);
    cork.hold(a.ws); // a new turn corks again
    await nextTurn();
    expect([a.socket.corks, a.socket.uncorks]).toEqual([2, 2]);
  });

  it('leaves a WebSocket without a socket alone', () => {
    expect(() => new TickCork().hold({} as WebSocket)).not.toThrow();
  });
});
