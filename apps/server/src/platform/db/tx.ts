import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

export type Tx = Transaction<DB>;
export type OnCommit = (fn: () => void | Promise<void>) => void;

/** What withTx asks of group-commit.ts's GroupCommitter, named here so the two files do not import each other. */
interface Committer {
  run<T>(work: (tx: Tx, onCommit: OnCommit) => Promise<T>, onCallbackError: (err: unknown) => void): Promise<T>;
}

/** Commits of write transactions for `/metrics`: plain numbers, bumped once per commit. */
export interface CommitStats {
  /** COMMITs (on SQLite one group commit holds many units). */
  batches: number;
  /** withTx units in them. */
  units: number;
  /** Time from a batch's start to its commit being on disk, summed. */
  seconds: number;
}

export const newCommitStats = (): CommitStats => ({ batches: 0, units: 0, seconds: 0 });

/** The stats of databases whose transactions commit one by one (PostgreSQL). */
const statsOf = new WeakMap<Kysely<DB>, CommitStats>();

export function countCommits(db: Kysely<DB>, stats: CommitStats): void {
  statsOf.set(db, stats);
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
  const stats = statsOf.get(db);
  const t0 = stats ? performance.now() : 0;
  const callbacks: Array<() => void | Promise<void>> = [];
  const result = await db.transaction().execute((tx) => work(tx, (fn) => callbacks.push(fn)));
  if (stats) {
    stats.batches++;
    stats.units++;
    stats.seconds += (performance.now() - t0) / 1000;
  }
  for (const fn of callbacks) {
    try {
      await fn();
    } catch (err) {
      onCallbackError(err);
    }
  }
  return result;
}
