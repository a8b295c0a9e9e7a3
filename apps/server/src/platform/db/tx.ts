import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

export type Tx = Transaction<DB>;
export type OnCommit = (fn: () => void | Promise<void>) => void;

/** What withTx asks of group-commit.ts's GroupCommitter, named here so the two files do not import each other. */
interface Committer {
  run<T>(work: (tx: Tx, onCommit: OnCommit) => Promise<T>, onCallbackError: (err: unknown) => void): Promise<T>;
}

/** SQLite databases opened by `openDatabase` commit concurrent units together (group-commit.ts). */
const committers = new WeakMap<Kysely<DB>, Committer>();

export function useGroupCommit(db: Kysely<DB>, committer: Committer): void {
  committers.set(db, committer);
}

/**
 * Runs `work` in one transaction. Callbacks registered with `onCommit` run only after the
 * commit succeeded (in order), so events and cache drops never describe rows that were
 * rolled back. A failing callback is reported, not rethrown: the data is already committed.
 *
 * On SQLite the transaction may be shared with other callers' units (group commit): `work`
 * then runs in a savepoint of it, is undone alone if it throws, and resolves only once the
 * shared commit is on disk. Either way: all of `work` or none of it, and nothing is heard of
 * it before its commit.
 */
export async function withTx<T>(
  db: Kysely<DB>,
  work: (tx: Tx, onCommit: OnCommit) => Promise<T>,
  onCallbackError: (err: unknown) => void = (err) => console.error(err),
): Promise<T> {
  const committer = committers.get(db);
  if (committer) return committer.run(work, onCallbackError);
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
