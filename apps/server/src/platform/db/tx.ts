import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

export type Tx = Transaction<DB>;
export type OnCommit = (fn: () => void | Promise<void>) => void;

/**
 * Runs `work` in one transaction. Callbacks registered with `onCommit` run only after the
 * commit succeeded (in order), so events and cache drops never describe rows that were
 * rolled back. A failing callback is reported, not rethrown: the data is already committed.
 */
export async function withTx<T>(
  db: Kysely<DB>,
  work: (tx: Tx, onCommit: OnCommit) => Promise<T>,
  onCallbackError: (err: unknown) => void = (err) => console.error(err),
): Promise<T> {
  const callbacks: Array<() => void | Promise<void>> = [];
  const result = await db.transaction().execute((tx) => work(tx, (fn) => callbacks.push(fn)));
  for (const fn of callbacks) {
    try {
      await fn();
    } catch (err) {
      onCallbackError(err);
    }
  }
  return result;
}
