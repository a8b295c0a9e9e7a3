import { describe, expect, it } from 'vitest';
import { createLifecycle } from './lifecycle';
import { createShutdown, type ShutdownSteps } from './shutdown';

/** main.ts's stop on SIGTERM/SIGINT, with its timers in the test's hand (no clock involved). */

interface Harness {
  shutdown: (signal: string) => void;
  exits: number[];
  steps: string[];
  lifecycle: ReturnType<typeof createLifecycle>;
  /** Fires the timer set for `ms` (the cut or the grace). */
  fire(ms: number): void;
  /** Lets every pending promise step run. */
  settle(): Promise<void>;
}

function harness(over: Partial<ShutdownSteps> = {}): Harness {
  const exits: number[] = [];
  const steps: string[] = [];
  const timers = new Map<number, () => void>();
  const lifecycle = createLifecycle();
  const quiet = () => undefined;
  const shutdown = createShutdown({
    graceMs: 10_000,
    lifecycle,
    closeApp: async () => void steps.push('app'),
    cutConnections: () => void steps.push('cut'),
    closeDependencies: async () => void steps.push('deps'),
    exit: (code) => void exits.push(code),
    log: { info: quiet, warn: quiet, error: quiet },
    setTimer: (fn, ms) => timers.set(ms, fn),
    ...over,
  });
  return {
    shutdown,
    exits,
    steps,
    lifecycle,
    fire: (ms) => timers.get(ms)?.(),
    settle: () => new Promise((r) => setImmediate(r)),
  };
}

describe('shutdown', () => {
  it('drains at once, closes the app then its dependencies, and exits 0', async () => {
    const h = harness();
    h.shutdown('SIGTERM');
    expect(h.lifecycle.draining, '/readyz 503 from the first moment').toBe(true);
    await h.settle();
    expect(h.steps).toEqual(['app', 'deps']);
    expect(h.exits).toEqual([0]);
    h.fire(10_000); // the grace's timer firing after the exit changes nothing
    expect(h.exits).toEqual([0]);
  });

  it('cuts connections still open 3 s before the grace, then closes the database cleanly', async () => {
    let release: () => void = () => undefined;
    const h = harness({ closeApp: () => new Promise<void>((r) => (release = r)), cutConnections: () => release() });
    h.shutdown('SIGTERM');
    await h.settle();
    expect(h.exits, 'a client holding its connection holds the app').toEqual([]);
    h.fire(7_000);
    await h.settle();
    expect(h.exits).toEqual([0]);
  });

  it('exits 1 at the grace when closing still hangs', async () => {
    const h = harness({ closeApp: () => new Promise<void>(() => undefined) });
    h.shutdown('SIGTERM');
    h.fire(7_000);
    await h.settle();
    expect(h.steps).toEqual(['cut']);
    expect(h.exits).toEqual([]);
    h.fire(10_000);
    expect(h.exits).toEqual([1]);
  });

  it('exits 1 at once on a second signal', () => {
    const h = harness({ closeApp: () => new Promise<void>(() => undefined) });
    h.shutdown('SIGTERM');
    h.shutdown('SIGINT');
    expect(h.exits).toEqual([1]);
  });

  it('exits 1 when a step fails', async () => {
    const h = harness({ closeDependencies: () => Promise.reject(new Error('database would not close')) });
    h.shutdown('SIGTERM');
    await h.settle();
    expect(h.exits).toEqual([1]);
  });

  it('keeps half the grace for closing when the grace is short', async () => {
    const h = harness({ graceMs: 4_000, closeApp: () => new Promise<void>(() => undefined) });
    h.shutdown('SIGTERM');
    h.fire(2_000);
    expect(h.steps).toEqual(['cut']);
  });
});
