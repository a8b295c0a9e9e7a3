import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { fdatasync, type Checkpointer } from './checkpoint';
import { dbTimingsOn, recordWalSync } from '../diagnostics/db-timings';

/**
 * Durability of SQLite commits without blocking the event loop on the disk.
 *
 * With `synchronous = FULL`, better-sqlite3 (synchronous by design) fsyncs the WAL inside every
 * COMMIT on the main thread: 0.25 ms on a quiet disk, several ms on a busy one, during which the
 * server does nothing else. Instead the database runs with `synchronous = NORMAL` (the WAL is
 * written at COMMIT but synced only at checkpoints; never corrupt, but the last commits could
 * vanish in a power loss) and this module syncs the WAL file itself before anyone hears of a
 * commit:
 * - a group batch (group-commit.ts) commits with the sync deferred and takes the next *epoch*
 *   (`committedBatch`); one `fdatasync` on libuv's thread pool covers every epoch committed
 *   before it started, and the next starts as soon as it ends, so syncs never queue up. The
 *   batch's callers hear of it (`whenDurable`) only when its epoch is on disk. The connection is
 *   free meanwhile, so the next batch and readers need not wait for the disk;
 * - a reader may therefore see rows that are committed but not yet on disk, so whatever leaves
 *   the server built from reads (HTTP replies, socket pushes) goes out through `afterDurable`:
 *   at once when nothing is pending, else in order once everything committed before it was
 *   produced is on disk. Nobody outside can see a commit a power loss could undo;
 * - any other write that commits (an autocommit statement, a transaction that is not a group
 *   batch, such as a migration) is synced at once, synchronously, before its statement returns:
 *   exactly what FULL did (and it covers every epoch committed before it).
 * fdatasync flushes the file whichever descriptor wrote it, so a descriptor of our own to the
 * `-wal` file is enough; the directory is synced once per WAL file so its entry survives too.
 * Whenever everything committed is on disk, the `checkpointer` may copy the WAL into the database
 * file (checkpoint.ts); every write first asks it (`beforeWrite`) whether it may touch the WAL.
 */
export class WalSync {
  private fd: number | undefined;
  /** Set by the group committer around its own COMMIT, which it syncs asynchronously. */
  deferred = false;
  private committedEpoch = 0;
  private durableEpoch = 0;
  private syncing = false;
  /** The sync running on the thread pool: its descriptor is closed only once it has ended. */
  private inflight: Promise<void> | undefined;
  private closed = false;
  private waiters: Array<{ epoch: number; resolve: () => void; reject: (err: unknown) => void }> = [];
  private outputs: Array<{ epoch: number; run: () => void }> = [];

  private readonly log: (err: unknown) => void;
  private readonly checkpointer: Checkpointer | undefined;

  constructor(
    private readonly dbFile: string,
    opts: { log?: (err: unknown) => void; checkpointer?: Checkpointer } = {},
  ) {
    this.log = opts.log ?? ((err) => console.error(err));
    this.checkpointer = opts.checkpointer;
  }

  /** A group batch committed without syncing: its epoch. Its sync starts now or after the running one. */
  committedBatch(): number {
    this.committedEpoch += 1;
    this.pump();
    return this.committedEpoch;
  }

  /** Resolves once the batch of `epoch` is on disk; rejects if the sync that was to cover it failed. */
  whenDurable(epoch: number): Promise<void> {
    if (epoch <= this.durableEpoch) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ epoch, resolve, reject }));
  }

  /** Whether some committed batch is not on disk yet (a reader may have seen it). */
  get behind(): boolean {
    return this.durableEpoch < this.committedEpoch;
  }

  /** Runs `fn` once everything committed so far is on disk; outputs keep their order. */
  afterDurable(fn: () => void): void {
    if (this.outputs.length === 0 && !this.behind) fn();
    else this.outputs.push({ epoch: this.committedEpoch, run: fn });
  }

  private pump(): void {
    if (this.closed || this.syncing || !this.behind) return;
    this.syncing = true;
    const target = this.committedEpoch;
    this.inflight = this.sync().then(
      () => {
        this.syncing = false;
        this.durableEpoch = Math.max(this.durableEpoch, target);
        this.settle(target);
        if (!this.behind) this.checkpointer?.maybeRun();
        this.pump();
      },
      (err: unknown) => {
        this.syncing = false;
        this.settle(target, err);
        if (this.closed) return;
        // Outputs wait for a sync that works; the disk is retried, not hammered.
        if (this.behind) setTimeout(() => this.pump(), 50).unref();
      },
    );
  }

  /** Answers the batches up to `upTo` and lets out the outputs that are now covered. */
  private settle(upTo: number, err?: unknown): void {
    for (let w = this.waiters[0]; w && w.epoch <= upTo; w = this.waiters[0]) {
      this.waiters.shift();
      if (err === undefined) w.resolve();
      else w.reject(err);
    }
    if (err !== undefined) return;
    for (let o = this.outputs[0]; o && o.epoch <= this.durableEpoch; o = this.outputs[0]) {
      this.outputs.shift();
      try {
        o.run();
      } catch (e) {
        this.log(e);
      }
    }
  }

  /**
   * The WAL file, opened once it exists; undefined while none does (nothing to sync). SQLite
   * deletes it only when the database closes (the connection holds it exclusively and never
   * truncates it: checkpoint.ts), so the descriptor stays valid and no sync needs a `stat`.
   */
  private walFd(): number | undefined {
    if (this.fd !== undefined) return this.fd;
    const wal = `${this.dbFile}-wal`;
    if (!fs.existsSync(wal)) return undefined;
    this.fd = fs.openSync(wal, 'r+');
    const dir = fs.openSync(path.dirname(wal), 'r');
    try {
      fs.fsyncSync(dir);
    } finally {
      fs.closeSync(dir);
    }
    return this.fd;
  }

  /** On the thread pool: resolves when every committed frame is on disk. */
  async sync(): Promise<void> {
    if (this.closed) return;
    const fd = this.walFd();
    if (fd === undefined) return;
    const t0 = dbTimingsOn() ? performance.now() : 0;
    await fdatasync(fd);
    if (t0) recordWalSync(performance.now() - t0);
  }

  /** On the calling thread, for commits that are not group batches; covers every epoch before it. */
  syncNow(): void {
    const fd = this.walFd();
    if (fd !== undefined) fs.fdatasyncSync(fd);
    if (this.behind) {
      const upTo = this.committedEpoch;
      this.durableEpoch = upTo;
      // (a sync still running on the pool resolves later and finds nothing left below its target)
      queueMicrotask(() => this.settle(upTo));
    }
    this.checkpointer?.maybeRun();
  }

  /** Before a statement that may write to the WAL (see checkpoint.ts). */
  beforeWrite(): void {
    this.checkpointer?.beforeWrite();
  }

  /** Pending only while a checkpoint's pages are being synced; the next group batch waits for it. */
  checkpointSynced(): Promise<void> | undefined {
    return this.checkpointer?.synced();
  }

  /**
   * With the database. A sync still running on the thread pool keeps its descriptor until it
   * ends: closing it under that sync failed it with EBADF (or, once the number was reused,
   * synced some other file), which the last commits' callers then heard as a failed write.
   */
  close(): void {
    this.closed = true;
    const fd = this.fd;
    this.fd = undefined;
    const release = () => {
      if (fd !== undefined) fs.closeSync(fd);
    };
    if (this.inflight) void this.inflight.then(release, release);
    else release();
    this.checkpointer?.close();
  }
}

/** Statements whose completion can commit a write: writes, and the ends of transactions. */
const COMMITS = /^\s*(commit|end|release)\b/i;

type Statement = Pick<BetterSqlite3.Statement, 'reader' | 'readonly' | 'busy' | 'all' | 'run' | 'iterate'>;

/**
 * `prepare` of a better-sqlite3 database whose committing statements sync the WAL before they
 * return, unless the group committer deferred that sync (see WalSync).
 */
export function syncingPrepare(
  sqlite: BetterSqlite3.Database,
  wal: Pick<WalSync, 'deferred' | 'syncNow'> & Partial<Pick<WalSync, 'beforeWrite'>>,
): (text: string) => Statement {
  const after = <T>(result: T): T => {
    if (!sqlite.inTransaction && !wal.deferred) wal.syncNow();
    return result;
  };
  const before = () => wal.beforeWrite?.();
  return (text) => {
    const stmt = sqlite.prepare(text);
    if (stmt.readonly && !COMMITS.test(text)) return stmt;
    return {
      reader: stmt.reader,
      readonly: stmt.readonly,
      get busy() {
        return stmt.busy;
      },
      all: (...params) => (before(), after(stmt.all(...params))),
      run: (...params) => (before(), after(stmt.run(...params))),
      iterate: (...params) => (before(), stmt.iterate(...params)),
    };
  };
}
