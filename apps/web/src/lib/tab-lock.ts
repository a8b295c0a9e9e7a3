/**
 * One tab at a time for work every open tab of the app could start (Web Locks, shared by the
 * tabs of one origin): e.g. sending the outbox, which all tabs see (issue 22). The lock is
 * released when `fn` settles or the tab goes away. Without Web Locks (older browsers, tests)
 * `fn` runs at once; the server's de-duplication by client id (PROTOCOL §4.4) still holds there.
 */
export function withTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = lockManager();
  if (!locks) return fn();
  return locks.request(name, () => fn());
}

function lockManager(): LockManager | undefined {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks && typeof locks.request === 'function' ? locks : undefined;
}

/** Whether a lock really waits for another tab (else `withTabLock` runs at once). */
export const tabLocksAvailable = (): boolean => lockManager() !== undefined;

/**
 * Asks for the lock `name` now and keeps it until the returned function is called (or the tab
 * goes away): for work promised before it starts, e.g. a picked file queued behind others. The
 * request is made at once, so a tab that hears of the work later queues behind this one.
 */
export function holdTabLock(name: string): () => void {
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  void withTabLock(name, () => done);
  return release;
}
