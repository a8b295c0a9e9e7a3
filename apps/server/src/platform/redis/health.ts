import type { Redis } from 'ioredis';

/** One change of whether this node reaches Redis (every connection up, or at least one down). */
export type RedisStateChange = { up: false; error: string } | { up: true; downForMs: number };

/**
 * Whether this node reaches Redis, across all of its connections (bus, presence, counters).
 * Every client is watched here, so each has an `error` listener (without one ioredis prints an
 * "Unhandled error event" per retry) and an outage is reported once, when the first connection
 * drops, and once more when the last one is back — not once per retry and connection.
 */
export class RedisHealth {
  /** Publications Redis did not take since start (the bus counts them here, for /metrics). */
  publishFailures = 0;
  private down = new Set<string>();
  private downSince = 0;
  private lastError = '';
  private listeners = new Set<(c: RedisStateChange) => void>();
  private probe: Redis | undefined;
  private closing = false;

  /** Watches a client; the first command client watched answers `ping()`. */
  watch(client: Redis, name: string, opts: { probe?: boolean } = {}): void {
    if (opts.probe && !this.probe) this.probe = client;
    // Until the first `ready` a client counts as down: a node started while Redis is away says so.
    this.markDown(name, '');
    client.on('error', (err: Error) => this.markDown(name, err.message));
    client.on('close', () => this.markDown(name, 'connection closed'));
    client.on('ready', () => this.markUp(name));
  }

  /** True while every watched connection is ready. */
  get up(): boolean {
    return this.down.size === 0;
  }

  /**
   * Readiness (PROTOCOL §20): a PING round trip within `timeoutMs`. False while any connection
   * is down, so /readyz turns 503 for the whole outage.
   */
  async ping(timeoutMs = 1000): Promise<boolean> {
    if (!this.up || !this.probe) return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref();
    });
    const answer = this.probe.ping().then(
      (r) => r === 'PONG',
      () => false,
    );
    const ok = await Promise.race([answer, late]);
    clearTimeout(timer);
    return ok;
  }

  /**
   * Calls `listener` on every change; at once with the current outage if one is going on, so a
   * listener attached after start-up (main.ts logs through the app's logger) misses nothing.
   */
  onChange(listener: (c: RedisStateChange) => void): () => void {
    this.listeners.add(listener);
    if (!this.up && this.lastError) listener({ up: false, error: this.lastError });
    return () => this.listeners.delete(listener);
  }

  /** Node shutdown: the connections closing now are no outage. */
  closingDown(): void {
    this.closing = true;
    this.listeners.clear();
  }

  private markDown(name: string, error: string): void {
    if (this.closing) return;
    if (this.down.size === 0) this.downSince = Date.now();
    this.down.add(name);
    // Reported once per outage; the start-up state (nothing connected yet) only once it fails.
    if (error && !this.lastError) {
      this.lastError = error;
      this.emit({ up: false, error });
    }
  }

  private markUp(name: string): void {
    if (!this.down.delete(name) || this.down.size > 0 || this.closing) return;
    if (this.lastError) this.emit({ up: true, downForMs: Date.now() - this.downSince });
    this.lastError = '';
  }

  private emit(c: RedisStateChange): void {
    for (const l of [...this.listeners]) l(c);
  }
}
