import { clear, createStore, del, entries, get, promisifyRequest, set, type UseStore } from 'idb-keyval';

/**
 * What this device keeps between visits (issue 22), in IndexedDB through idb-keyval: a small
 * key-value store per concern, each in its own database (idb-keyval opens one object store per
 * database). Every call fails soft: private windows and full disks only lose the offline copy.
 */
export interface DeviceStore<T> {
  get(key: string): Promise<T | undefined>;
  /** True once written (false when the device could not keep it). */
  set(key: string, value: T): Promise<boolean>;
  /**
   * Changes a kept value in one transaction and resolves the new value; a key that is not
   * there stays absent (undefined), so a late change never brings back what another tab deleted.
   */
  patch(key: string, fn: (old: T) => T): Promise<T | undefined>;
  /** Whether the key is kept; undefined when the device cannot tell (no IndexedDB, an error). */
  has(key: string): Promise<boolean | undefined>;
  del(key: string): Promise<void>;
  entries(): Promise<[string, T][]>;
  clear(): Promise<void>;
}

const hasIdb = () => typeof indexedDB !== 'undefined';

export function deviceStore<T>(name: string): DeviceStore<T> {
  let store: UseStore | undefined;
  const s = () => (store ??= createStore(`parley-${name}`, name));
  const soft = async <R>(fn: () => Promise<R>, fallback: R): Promise<R> => {
    if (!hasIdb()) return fallback;
    try {
      return await fn();
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => soft(() => get<T>(key, s()), undefined),
    set: (key, value) => soft(() => set(key, value, s()).then(() => true), false),
    patch: (key, fn) =>
      soft(
        () =>
          s()(
            'readwrite',
            (os) =>
              // Built by hand like idb-keyval's update: chained promises could let the transaction close.
              new Promise<T | undefined>((resolve, reject) => {
                const req = os.get(key);
                req.onsuccess = () => {
                  try {
                    const old = req.result as T | undefined;
                    if (old === undefined) return resolve(undefined);
                    const next = fn(old);
                    os.put(next, key);
                    resolve(promisifyRequest(os.transaction).then(() => next));
                  } catch (err) {
                    reject(err instanceof Error ? err : new Error(String(err)));
                  }
                };
                req.onerror = () => reject(req.error ?? new Error('patch'));
              }),
          ),
        undefined,
      ),
    has: (key) =>
      soft(() => s()('readonly', (os) => promisifyRequest(os.getKey(key)).then((k) => k !== undefined)), undefined),
    del: (key) => soft(() => del(key, s()), undefined),
    entries: () => soft(() => entries<string, T>(s()), []),
    clear: () => soft(() => clear(s()), undefined),
  };
}
