/**
 * One tab at a time for work every open tab of the app could start (Web Locks, shared by the
 * tabs of one origin): e.g. sending the outbox, which all tabs see (issue 22). The lock is
 * released when `fn` settles or the tab goes away. Without Web Locks (older browsers, tests)
 * `fn` runs at once; the server's de-duplication by client id (PROTOCOL §4.4) still holds there.
 */
export function withTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks || typeof locks.request !== 'function') return fn();
  return locks.request(name, () => fn());
}
