import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type BetterSqlite3 from 'better-sqlite3';

const fdatasync = promisify(fs.fdatasync);

/**
 * Durability of SQLite commits without blocking the event loop on the disk.
 *
 * With `synchronous = FULL`, better-sqlite3 (synchronous by design) fsyncs the WAL inside every
 * COMMIT on the main thread: 0.25 ms on a quiet disk, several ms on a busy one, during which the
 * server does nothing else. Instead the database runs with `synchronous = NORMAL` (the WAL is
 * written at COMMIT but synced only at checkpoints; never corrupt, but the last commits could
 * vanish in a power loss) and this module syncs the WAL file itself before anyone hears of a
 * commit:
 * - the group committer (group-commit.ts) defers the sync of its COMMIT and awaits `sync()` on
 *   libuv's thread pool while it still holds the connection, so no reader sees the batch and
 *   no reply goes out before the WAL is on disk, while the event loop keeps serving sockets;
 * - any other write that commits (an autocommit statement, a transaction that is not a group
 *   batch, such as a migration) is synced at once, synchronously, before its statement returns:
 *   exactly what FULL did.
 * fdatasync flushes the file whichever descriptor wrote it, so a descriptor of our own to the
 * `-wal` file is enough; the directory is synced once per WAL file so its entry survives too.
 */
export class WalSync {
  private fd: number | undefined;
  private ino: number | undefined;
  /** Set by the group committer around its own COMMIT, which it syncs asynchronously. */
  deferred = false;

  constructor(private readonly dbFile: string) {}

  /** The WAL file, (re)opened when it is new; undefined while none exists (nothing to sync). */
  private walFd(): number | undefined {
    const wal = `${this.dbFile}-wal`;
    const st = fs.statSync(wal, { throwIfNoEntry: false });
    if (!st) return undefined;
    if (this.fd === undefined || st.ino !== this.ino) {
      this.close();
      this.fd = fs.openSync(wal, 'r+');
      this.ino = st.ino;
      const dir = fs.openSync(path.dirname(wal), 'r');
      try {
        fs.fsyncSync(dir);
      } finally {
        fs.closeSync(dir);
      }
    }
    return this.fd;
  }

  /** On the thread pool: resolves when every committed frame is on disk. */
  async sync(): Promise<void> {
    const fd = this.walFd();
    if (fd !== undefined) await fdatasync(fd);
  }

  /** On the calling thread, for commits that are not group batches. */
  syncNow(): void {
    const fd = this.walFd();
    if (fd !== undefined) fs.fdatasyncSync(fd);
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
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
  wal: Pick<WalSync, 'deferred' | 'syncNow'>,
): (text: string) => Statement {
  const after = <T>(result: T): T => {
    if (!sqlite.inTransaction && !wal.deferred) wal.syncNow();
    return result;
  };
  return (text) => {
    const stmt = sqlite.prepare(text);
    if (stmt.readonly && !COMMITS.test(text)) return stmt;
    return {
      reader: stmt.reader,
      readonly: stmt.readonly,
      get busy() {
        return stmt.busy;
      },
      all: (...params) => after(stmt.all(...params)),
      run: (...params) => after(stmt.run(...params)),
      iterate: (...params) => stmt.iterate(...params),
    };
  };
}
