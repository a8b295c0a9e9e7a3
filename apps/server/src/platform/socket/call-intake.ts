import type { WebSocket } from 'ws';

type Pausable = Pick<WebSocket, 'pause' | 'resume'>;

/**
 * Bounds the §11.6 calls a node holds in progress. A bound socket may send calls without waiting
 * for their replies, so a node that fell behind (the first seconds after a start, with its code not
 * yet optimised) read every frame as it came and held thousands of half-done sends in the heap.
 * Each scavenge then copied all of them, and GC took a fifth of the core just when it had none to
 * spare: at 3,000 sends a second the node stayed behind for seconds (docs/performance.md, issue 23,
 * tenth pass). Past `max` calls in progress, the socket that brings one more stops being read; the
 * frames wait in the kernel (TCP slows the sender), and every paused socket is read again once half
 * of those calls are answered. Nothing is dropped or refused, and a node that keeps up never pauses.
 */
export class CallIntake {
  private inFlight = 0;
  private readonly paused = new Set<Pausable>();

  constructor(private readonly max: number) {}

  /** A call from `ws` starts. */
  started(ws: Pausable): void {
    this.inFlight += 1;
    if (this.inFlight >= this.max && !this.paused.has(ws)) {
      this.paused.add(ws);
      ws.pause();
    }
  }

  /** A call has been answered (or failed). */
  ended(): void {
    this.inFlight -= 1;
    if (this.paused.size === 0 || this.inFlight > this.max / 2) return;
    for (const ws of this.paused) ws.resume();
    this.paused.clear();
  }

  /** A closed socket is not held for a resume. */
  forget(ws: Pausable): void {
    this.paused.delete(ws);
  }
}
