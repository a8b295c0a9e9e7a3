import type { Lifecycle } from './lifecycle';

export interface ShutdownSteps {
  /** PARLEY_SHUTDOWN_GRACE_S in ms: the process has exited by then, whatever clients do. */
  graceMs: number;
  lifecycle: Lifecycle;
  /** Stops serving: sockets closed with 1001, requests already read answered, listener closed. */
  closeApp(): Promise<void>;
  /**
   * Cuts every connection still open. Runs when the app has not closed by `cutAtMs`: a request
   * unanswered by then was never acknowledged, so its client sends it again (idempotent by id).
   */
  cutConnections(): void;
  /** The bus, presence, counters and database, after the app: nothing writes to them any more. */
  closeDependencies(): Promise<void>;
  exit(code: number): void;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** Real timers unless a test moves its own. */
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/**
 * The node's stop (PROTOCOL §20), as main.ts runs it on SIGTERM/SIGINT:
 * 1. draining at once (`/readyz` 503, new API calls `common.shuttingDown`, `Connection: close`);
 * 2. the app closes: sockets 1001, requests in flight answered, then its own clean-up;
 * 3. at `cutAtMs` (grace minus 3 s, at least half of it) connections still open are cut, leaving
 *    time to close the database cleanly;
 * 4. dependencies closed, exit 0. A failure on the way exits 1 at once; so does a second signal
 *    (an operator's "now"); and if nothing of that finished within the grace, exit 1 anyway.
 * Acknowledged messages are durable throughout: a reply leaves only after its commit is on disk.
 */
export function createShutdown(s: ShutdownSteps): (signal: string) => void {
  const setTimer = s.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const cutAtMs = Math.max(s.graceMs - 3000, s.graceMs / 2);
  let started = false;
  let exited = false;
  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    s.exit(code);
  };
  return (signal) => {
    if (started) {
      s.log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    started = true;
    s.lifecycle.beginDrain();
    s.log.info({ signal, graceMs: s.graceMs }, 'shutting down');
    const t0 = Date.now();
    let appClosed = false;
    setTimer(() => {
      if (appClosed) return;
      s.log.warn({ afterMs: Date.now() - t0 }, 'shutdown: cutting connections still open');
      s.cutConnections();
    }, cutAtMs);
    setTimer(() => {
      s.log.error({ afterMs: Date.now() - t0 }, 'shutdown did not finish within the grace: exiting');
      exit(1);
    }, s.graceMs);
    void (async () => {
      try {
        await s.closeApp();
        appClosed = true;
        await s.closeDependencies();
        s.log.info({ afterMs: Date.now() - t0 }, 'shut down');
        exit(0);
      } catch (err) {
        s.log.error({ err }, 'shutdown failed');
        exit(1);
      }
    })();
  };
}
