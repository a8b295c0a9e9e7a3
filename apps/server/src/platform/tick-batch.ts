/**
 * Merges the point reads made in the same tick into one query (the DataLoader idea, without
 * its cache): a message push asks for both parties' prefs, remark names and contact tests at
 * once, and answering each pair with one statement instead of two or three is a fifth of the
 * statements of a send. `load` gets the distinct keys of the tick, in order, and returns one
 * value per key; callers get their own key's value (or the load's error). Nothing is
 * remembered after the tick, so a read never sees older data than a direct query would.
 *
 * `wait: 'turn'` gathers the keys of a whole event-loop turn instead (setImmediate): for reads
 * off the reply's path, where a turn's wait costs nothing a person sees and merges far more. A
 * group commit resolves hundreds of sends in one turn, but their continuations reach a read
 * through different numbers of awaits, so a microtask batch catches only a few of them.
 */
export function tickBatcher<K, V>(
  load: (keys: K[]) => Promise<V[]>,
  keyOf: (key: K) => string,
  { wait = 'microtask' }: { wait?: 'microtask' | 'turn' } = {},
): (key: K) => Promise<V> {
  const later = wait === 'turn' ? (fn: () => void) => void setImmediate(fn) : queueMicrotask;
  let pending:
    Map<string, { key: K; waiters: Array<{ resolve: (v: V) => void; reject: (e: unknown) => void }> }> | undefined;

  async function dispatch(batch: NonNullable<typeof pending>): Promise<void> {
    const entries = [...batch.values()];
    try {
      const values = await load(entries.map((e) => e.key));
      entries.forEach((e, i) => e.waiters.forEach((w) => w.resolve(values[i] as V)));
    } catch (err) {
      for (const e of entries) for (const w of e.waiters) w.reject(err);
    }
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (!pending) {
        const batch = (pending = new Map());
        later(() => {
          pending = undefined;
          void dispatch(batch);
        });
      }
      const id = keyOf(key);
      const entry = pending.get(id) ?? { key, waiters: [] };
      entry.waiters.push({ resolve, reject });
      pending.set(id, entry);
    });
}
