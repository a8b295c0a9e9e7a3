import fs from 'node:fs';
import { promisify } from 'node:util';
import { dbTimingsOn, recordCheckpoint, recordFileSync } from '../diagnostics/db-timings';

/** `fs.fdatasync` on libuv's thread pool, as a promise (also used by wal-sync.ts). */
export const fdatasync = promisify(fs.fdatasync);

/** Copies the WAL's committed frames into the database file without syncing it; true if it copied any. */
export type CopyWal = () => boolean;

export const DEFAULT_CHECKPOINT_INTERVAL_MS = 200;

/**
 * WAL checkpoints that never stop the event loop on the disk.
 *
 * SQLite's automatic checkpoint (every 1,000 WAL pages) runs inside a COMMIT on the main thread
 * and syncs the database file there: 5–20 ms with the event loop stopped, a few times a second
 * under load, which the bench showed as latency spikes and as a quarter of the COMMIT's cost.
 * Instead the automatic checkpoint is off and this class runs one at most every `intervalMs`,
 * when every commit is already on disk (`WalSync` calls `maybeRun` then):
 * - the copy itself runs with `synchronous = OFF` (`CopyWal`): pages are written to the database
 *   file but not synced, a millisecond or two of CPU;
 * - the database file is then synced on libuv's thread pool. Until that sync ends the WAL must not
 *   be overwritten, since its frames are the only durable copy of those pages; SQLite starts
 *   the WAL over at the first write after a complete checkpoint, so:
 *   - the group committer waits for `synced()` before its next batch (its units gather meanwhile);
 *   - any other write first syncs the database file itself (`beforeWrite`, rare: only a write in
 *     the few milliseconds of the sync pays it, on the calling thread as before).
 * A crash before the sync loses nothing: recovery replays the whole WAL over the database file.
 */
export class Checkpointer {
  private fd: number | undefined;
  private dirty = false;
  private syncing: Promise<void> | undefined;
  private last = 0;
  private closed = false;

  constructor(
    private readonly dbFile: string,
    private readonly copy: CopyWal,
    private readonly log: (err: unknown) => void,
    private readonly intervalMs = DEFAULT_CHECKPOINT_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Called when every commit is on disk: checkpoints if the last one is old enough. */
  maybeRun(): void {
    if (this.closed || this.dirty || this.syncing || this.now() - this.last < this.intervalMs) return;
    this.last = this.now();
    let copied: boolean;
    const t0 = dbTimingsOn() ? performance.now() : 0;
    try {
      copied = this.copy();
    } catch (err) {
      this.log(err);
      return;
    }
    if (!copied) return;
    const t1 = t0 ? performance.now() : 0;
    if (t0) recordCheckpoint(t1 - t0);
    this.dirty = true;
    const fd = this.dbFd();
    this.syncing = fdatasync(fd).then(
      () => {
        if (t1) recordFileSync(performance.now() - t1, false);
        this.dirty = false;
        this.syncing = undefined;
      },
      (err: unknown) => {
        // Stays dirty: the next write syncs on its own thread, and fails if the disk still does.
        this.log(err);
        this.syncing = undefined;
      },
    );
  }

  /** Resolves once the last checkpoint's pages are on disk (at once when none is pending). */
  synced(): Promise<void> | undefined {
    return this.syncing;
  }

  /** Before any write: the WAL may start over only once the checkpointed pages are on disk. */
  beforeWrite(): void {
    if (!this.dirty) return;
    const t0 = dbTimingsOn() ? performance.now() : 0;
    fs.fdatasyncSync(this.dbFd());
    if (t0) recordFileSync(performance.now() - t0, true);
    this.dirty = false;
  }

  private dbFd(): number {
    this.fd ??= fs.openSync(this.dbFile, 'r');
    return this.fd;
  }

  /** With the database; a sync still running keeps its descriptor until it ends (as in WalSync.close). */
  close(): void {
    this.closed = true;
    const fd = this.fd;
    this.fd = undefined;
    const release = () => {
      if (fd !== undefined) fs.closeSync(fd);
    };
    if (this.syncing) void this.syncing.then(release, release);
    else release();
  }
}
