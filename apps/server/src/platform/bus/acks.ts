/** How long a revocation waits for a node that does not acknowledge it (hung, or not a node). */
export const DEFAULT_ACK_TIMEOUT_MS = 1000;

interface Waiting {
  heard: number;
  /** Subscribers Redis handed the publication to (PUBLISH's answer); unknown until it answers. */
  expected?: number;
  done: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Acknowledgements of the publications a node must not answer before every node has acted on
 * (a revocation: the other nodes must have dropped the session from their cache, else the
 * revoked token is still served there for a moment; session-cache.ts). Redis taking a PUBLISH
 * says only that the copies sit in the subscribers' socket buffers, not that they were read.
 * So each subscriber answers once its handlers ran (the publisher's own copy counts too), and
 * the publication is settled when as many answered as PUBLISH said received it. A subscriber
 * that never answers holds it `timeoutMs` at most: the cache's expiry is the backstop then.
 * An answer may arrive before PUBLISH's own reply (it travels on another connection), so
 * answers are counted from the moment the token is issued.
 */
export class Acknowledgements {
  private waiting = new Map<string, Waiting>();
  private next = 0;

  constructor(private readonly timeoutMs = DEFAULT_ACK_TIMEOUT_MS) {}

  /** A token for one publication, and the promise settled once it is acknowledged or timed out. */
  issue(): { token: string; settled: Promise<void> } {
    const token = String(++this.next);
    const settled = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(entry.timer);
        this.waiting.delete(token);
        resolve();
      };
      const entry: Waiting = { heard: 0, done, timer: setTimeout(done, this.timeoutMs) };
      entry.timer.unref();
      this.waiting.set(token, entry);
    });
    return { token, settled };
  }

  /** PUBLISH answered: `receivers` subscribers got it (0 when it failed: nobody will answer). */
  published(token: string, receivers: number): void {
    const w = this.waiting.get(token);
    if (!w) return;
    w.expected = receivers;
    if (w.heard >= receivers) w.done();
  }

  /** One subscriber acted on the publication of `token`. */
  heard(token: string): void {
    const w = this.waiting.get(token);
    if (!w) return;
    w.heard += 1;
    if (w.expected !== undefined && w.heard >= w.expected) w.done();
  }

  /** Shutting down: nothing waits any longer. */
  settleAll(): void {
    for (const w of [...this.waiting.values()]) w.done();
  }
}
