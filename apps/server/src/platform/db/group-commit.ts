import { CompiledQuery, type ControlledTransaction, type Kysely } from 'kysely';
import type { DB } from './schema';
import { executeRows } from './direct';
import type { CommitStats, OnCommit, Tx } from './tx';
import type { WalSync } from './wal-sync';
import { BatchPacer, type BatchPacing } from './batch-pacer';
import { dbTimingsOn, recordBatch, recordGate, recordUnit } from '../diagnostics/db-timings';

/**
 * Group commit for SQLite: the units of work of concurrent `withTx` callers share one
 * transaction and therefore one COMMIT and one sync of the WAL to disk.
 *
 * - A unit runs inside its own SAVEPOINT; if it throws, only its savepoint is rolled back and
 *   only its caller sees the error (at once: nothing of it will ever be committed).
 * - The callers of the surviving units hear of success, and their `onCommit` callbacks run,
 *   only after the shared COMMIT is on disk, so a reply or a push never describes a row that
 *   could still be lost. If the COMMIT or its sync fails, every unit of the batch fails with it.
 * - SQLite has one connection, which Kysely guards with a mutex. The batch holds it from BEGIN
 *   to COMMIT, so readers never see uncommitted rows. It lets go before the WAL is synced, so
 *   readers run while the disk works (the next batch waits for the sync, and grows meanwhile:
 *   fewer, larger commits cost less per message). Readers may thus see a committed batch
 *   that is not on disk yet, which is why every output built from reads waits for the disk
 *   (`WalSync.afterDurable`: HTTP replies in app.ts, pushes in events.ts).
 * - When a batch starts is the pacer's (batch-pacer.ts): an idle server starts a batch of one
 *   at once (`setImmediate`, right after the event loop has read the requests already waiting); a
 *   busy one waits until the batch is full or has waited long enough. Units that arrive while a
 *   batch runs form the next one. A batch holds at most `maxBatch` units.
 *
 * PostgreSQL keeps one transaction per call: its connections commit in parallel.
 */

export interface GroupCommitOptions {
  /** Whether the connection is inside a transaction (better-sqlite3 `inTransaction`). */
  inTransaction: () => boolean;
  /**
   * Syncs the WAL after the COMMIT, off the event loop (wal-sync.ts); the COMMIT itself must not
   * sync while `deferred` is set. Without it the COMMIT is expected to sync (`synchronous = FULL`).
   */
  wal?: Pick<WalSync, 'deferred' | 'committedBatch' | 'whenDurable'> & Partial<Pick<WalSync, 'checkpointSynced'>>;
  maxBatch?: number;
  /** Counted for `/metrics` (per batch, never per unit). */
  stats?: CommitStats;
  /** When batches start (batch-pacer.ts, `DEFAULT_PACING` unless set). */
  pacing?: Partial<BatchPacing>;
}

interface Unit {
  work: (tx: Tx, onCommit: OnCommit) => Promise<unknown>;
  onCallbackError: (err: unknown) => void;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  callbacks: Array<() => void | Promise<void>>;
  result?: unknown;
  /** When it joined the queue (performance.now()), only while the stall log records; else 0. */
  queuedAt: number;
}

/** Thrown at units whose work was undone because SQLite abandoned the whole transaction. */
export class BatchAbortedError extends Error {}

export const DEFAULT_MAX_BATCH = 128;
// Compiled once: they run for every unit (building them each time showed in the profile).
const SAVEPOINT = CompiledQuery.raw('savepoint unit');
const RELEASE = CompiledQuery.raw('release unit');
const ROLLBACK_TO = CompiledQuery.raw('rollback to unit');

export class GroupCommitter {
  private queue: Unit[] = [];
  private running = false;
  private idleWaiters: Array<() => void> = [];
  private readonly maxBatch: number;
  private readonly pacer: BatchPacer;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: GroupCommitOptions,
  ) {
    this.maxBatch = Math.max(1, opts.maxBatch ?? DEFAULT_MAX_BATCH);
    this.pacer = new BatchPacer(() => void this.flush(), opts.pacing);
  }

  run<T>(work: (tx: Tx, onCommit: OnCommit) => Promise<T>, onCallbackError: (err: unknown) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const queuedAt = dbTimingsOn() ? performance.now() : 0;
      this.queue.push({
        work,
        onCallbackError,
        resolve: resolve as (v: unknown) => void,
        reject,
        callbacks: [],
        queuedAt,
      });
      this.schedule();
    });
  }

  /** Resolves once no unit is queued or running (before closing the database). */
  drained(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private schedule(): void {
    if (!this.running) this.pacer.poke(this.queue.length);
  }

  private async flush(): Promise<void> {
    this.running = true;
    try {
      // A checkpoint may have copied the WAL into the database file; until that file is synced the
      // WAL must not start over, which this batch's COMMIT could do (checkpoint.ts). Units gather.
      const checkpoint = this.opts.wal?.checkpointSynced?.();
      if (checkpoint) {
        const t0 = dbTimingsOn() ? performance.now() : 0;
        await checkpoint;
        if (t0) recordGate(performance.now() - t0);
      }
      await this.runBatch(this.queue.splice(0, this.maxBatch));
    } finally {
      this.running = false;
      if (this.queue.length > 0) this.schedule();
      else for (const wake of this.idleWaiters.splice(0)) wake();
    }
  }

  private async runBatch(batch: Unit[]): Promise<void> {
    let committed: { units: Unit[]; epoch: number | undefined };
    const stats = this.opts.stats;
    const started = stats ? performance.now() : 0;
    try {
      const t0 = dbTimingsOn() ? performance.now() : 0;
      committed = await this.db.connection().execute((conn) => this.commitBatch(conn, batch));
      if (t0) recordBatch(batch.length, performance.now() - t0);
    } catch (err) {
      for (const u of batch) u.reject(err); // could not even get the connection
      return;
    }
    const { units, epoch } = committed;
    if (epoch !== undefined && units.length > 0) {
      // The connection is free for readers while the batch goes to disk; the next batch waits,
      // gathering the units that arrive meanwhile (committing it at once made batches smaller and
      // the server busier per message). Epochs are answered in order, so pushes keep commit order.
      try {
        await this.opts.wal?.whenDurable(epoch);
      } catch (err) {
        // Committed but perhaps not on disk: nobody may be told it worked.
        for (const u of units) u.reject(err);
        return;
      }
    }
    if (stats && units.length > 0) {
      stats.batches++;
      stats.units += units.length;
      stats.seconds += (performance.now() - started) / 1000;
    }
    for (const u of units) void this.finish(u);
  }

  /** Runs the units and commits them; the sync is left to the caller (`epoch`). */
  private async commitBatch(conn: Kysely<DB>, batch: Unit[]): Promise<{ units: Unit[]; epoch: number | undefined }> {
    const none = { units: [], epoch: undefined };
    let trx: ControlledTransaction<DB>;
    try {
      trx = await conn.startTransaction().execute();
    } catch (err) {
      for (const u of batch) u.reject(err);
      return none;
    }
    const done: Unit[] = [];
    for (let i = 0; i < batch.length; i++) {
      const unit = batch[i] as Unit;
      const outcome = await this.runUnit(trx, unit);
      if (outcome === 'done') done.push(unit);
      else if (outcome !== 'failed') {
        // SQLite rolled the whole transaction back (e.g. disk full): the finished units are
        // undone too; the ones not yet started go first into the next batch.
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
        for (const u of done)
          u.reject(new BatchAbortedError('The shared transaction was rolled back', { cause: outcome.aborted }));
        this.queue.unshift(...batch.slice(i + 1));
        return none;
      }
    }
    const wal = this.opts.wal;
    try {
      if (wal) wal.deferred = true;
      await trx.commit().execute();
    } catch (err) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      for (const u of done) u.reject(err);
      return none;
    } finally {
      if (wal) wal.deferred = false;
    }
    return { units: done, epoch: wal?.committedBatch() };
  }

  /**
   * One unit inside its savepoint: 'done', 'failed' (its savepoint undone, the batch goes on),
   * or the unit's error when the whole transaction was lost with it.
   */
  private async runUnit(trx: Tx, unit: Unit): Promise<'done' | 'failed' | { aborted: unknown }> {
    try {
      await executeRows(trx, SAVEPOINT);
      unit.result = await unit.work(trx, (fn) => unit.callbacks.push(fn));
      await executeRows(trx, RELEASE);
      return 'done';
    } catch (err) {
      unit.callbacks = [];
      unit.reject(err);
      if (!this.opts.inTransaction()) return { aborted: err };
      try {
        await trx.executeQuery(ROLLBACK_TO);
        await trx.executeQuery(RELEASE);
        return 'failed';
      } catch {
        return { aborted: err };
      }
    }
  }

  /** After the commit: the unit's callbacks in order (errors reported, not rethrown), then its caller. */
  private async finish(unit: Unit): Promise<void> {
    for (const fn of unit.callbacks) {
      try {
        await fn();
      } catch (err) {
        unit.onCallbackError(err);
      }
    }
    unit.resolve(unit.result);
    if (unit.queuedAt) recordUnit(performance.now() - unit.queuedAt);
  }
}
