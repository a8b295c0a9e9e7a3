import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * Lets the frames written to one socket during a turn of the event loop leave in one write.
 * ws sends every frame with its own writev; a group commit pushes several messages to the
 * same members in one turn, and for a 500-member group the syscalls were 40 % of the server's
 * time. The first frame of a turn corks the socket, and everything corked is released right
 * after the turn (setImmediate), so nothing waits on a timer. Node counts corks, so ws's own
 * cork/uncork around each frame nests inside ours.
 */
export class TickCork {
  private held = new Set<Socket>();

  hold(ws: WebSocket): void {
    // ws keeps its net.Socket in `_socket`; without one (not open yet, or a test double) frames just go.
    const socket = (ws as unknown as { _socket?: Socket })._socket;
    if (!socket || this.held.has(socket) || typeof socket.cork !== 'function') return;
    socket.cork();
    this.held.add(socket);
    if (this.held.size === 1) setImmediate(() => this.release());
  }

  private release(): void {
    const sockets = [...this.held];
    this.held.clear();
    for (const s of sockets) s.uncork();
  }
}
