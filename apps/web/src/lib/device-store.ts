import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval';

/**
 * What this device keeps between visits (issue 22), in IndexedDB through idb-keyval: a small
 * key-value store per concern, each in its own database (idb-keyval opens one object store per
 * database). Every call fails soft: private windows and full disks only lose the offline copy.
 */
export interface DeviceStore<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T): Promise<void>;
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
    set: (key, value) => soft(() => set(key, value, s()), undefined),
    del: (key) => soft(() => del(key, s()), undefined),
    entries: () => soft(() => entries<string, T>(s()), []),
    clear: () => soft(() => clear(s()), undefined),
  };
}
