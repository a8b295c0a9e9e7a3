import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type LogConfig } from 'kysely';
import pg from 'pg';
import { Checkpointer } from './checkpoint';
import type { DialectKind } from './dialect';
import { GroupCommitter } from './group-commit';
import { migrationProvider } from './migrations/index';
import { OwnSchemaPostgresDialect } from './own-schema-dialect';
import type { DB } from './schema';
import { allowDirect } from './direct';
import { cachedStatements } from './statement-cache';
import { countCommits, newCommitStats, useGroupCommit, type CommitStats } from './tx';
import { syncingPrepare, WalSync } from './wal-sync';

export type { DB } from './schema';
export type { DialectKind } from './dialect';
export { withTx, type Tx, type OnCommit, type CommitStats } from './tx';
export { isUniqueViolation } from './errors';

export type DatabaseOptions = (
  | {
      kind: 'sqlite';
      file: string;
      /** tests: least ms between WAL checkpoints (checkpoint.ts) */ checkpointIntervalMs?: number;
    }
  | { kind: 'postgres'; url: string; /** tests: a private schema per file */ searchPath?: string }
) & { /** Kysely's query log (diagnostics, tests counting commits). */ log?: LogConfig };

export interface Database {
  db: Kysely<DB>;
  dialect: DialectKind;
  /**
   * Runs `fn` once everything committed so far is on disk, in call order: how replies and pushes
   * built from reads leave the server (SQLite lets readers see a batch while its WAL is synced,
   * wal-sync.ts). At once when nothing is pending, and always on PostgreSQL, whose commits
   * return synced.
   */
  afterDurable(fn: () => void): void;
  /** Write commits so far (`/metrics`). */
  commits: CommitStats;
  /**
   * SQLite files only: a consistent copy of the database at `dest`, taken while the server goes
   * on serving (`npm run backup`, docs/deployment.md). Through this connection, because its
   * EXCLUSIVE lock keeps every other process out; SQLite's online backup API copies a few
   * hundred pages per event-loop turn, and writes this connection makes meanwhile are copied
   * into the backup as they happen, so it never restarts however busy the server is.
   */
  snapshot?: (dest: string) => Promise<void>;
  destroy(): Promise<void>;
}

const atOnce = (fn: () => void) => fn();

/** pg returns int8 (bigint columns, count(*)) as strings by default; our values fit a double. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Checkpoints off the event loop (checkpoint.ts): SQLite's own, inside COMMIT, is switched off;
 * the copy runs unsynced and the database file is synced on the thread pool.
 */
function checkpointerOf(sqlite: Database.Database, file: string, intervalMs?: number): Checkpointer {
  sqlite.pragma('wal_autocheckpoint = 0');
  const copy = () => {
    if (sqlite.inTransaction) return false;
    sqlite.pragma('synchronous = OFF');
    try {
      const [r] = sqlite.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number; checkpointed: number }>;
      return (r?.checkpointed ?? 0) > 0;
    } finally {
      sqlite.pragma('synchronous = NORMAL');
    }
  };
  return new Checkpointer(file, copy, (err) => console.error(err), intervalMs);
}

const logOf = (opts: DatabaseOptions) => (opts.log ? { log: opts.log } : {});

/** The only place that opens database connections. */
export function openDatabase(opts: DatabaseOptions): Database {
  if (opts.kind === 'sqlite') {
    if (opts.file !== ':memory:') fs.mkdirSync(path.dirname(opts.file), { recursive: true });
    const sqlite = new Database(opts.file);
    // A second process on the same file waits this long for the lock before it gives up.
    sqlite.pragma('busy_timeout = 5000');
    if (opts.file !== ':memory:') {
      // One process owns an embedded database (a second node needs PostgreSQL), so its locks are
      // taken once and kept: with the default NORMAL mode every statement outside a transaction
      // took and dropped the WAL read lock (fcntl calls on the -shm file), a third of a point
      // read's cost. EXCLUSIVE before WAL is entered also keeps the WAL index in heap memory.
      // Another process (a second server by mistake, the sqlite3 shell) now gets "database is
      // locked" (after busy_timeout) instead of sharing the file.
      sqlite.pragma('locking_mode = EXCLUSIVE');
    }
    // Savepoints keep their undo pages in a sub-journal, a temporary file by default: in EXCLUSIVE
    // mode that doubled the cost of every write inside a group batch (each unit is a savepoint).
    sqlite.pragma('temp_store = MEMORY');
    try {
      sqlite.pragma('journal_mode = WAL');
    } catch (err) {
      sqlite.close();
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
      throw new Error(
        `${opts.file} is in use by another process. Is another Parley server running on this data ` +
          'directory? An embedded database serves one node; several nodes need PostgreSQL (DATABASE_URL).',
        { cause: err },
      );
    }
    sqlite.pragma('foreign_keys = ON');
    // The page cache: SQLite's default is 2 MB, beyond which every page read is a system call
    // (the OS's page cache still answers it, a copy of 4 kB). 8 MB holds the hot indexes. Not
    // more: most COMMITs walk the whole cache. A B-tree page split parks a page at the number
    // of the lock page (1 GiB / page size) for a moment, and COMMIT then truncates the cache to
    // the database's size by visiting every page it holds, which in a database under 1 GiB
    // is all of them. With 64 MB (16,000 pages) full, that was 0.3–0.6 ms per group commit
    // and a fifth of a commit-bound process (docs/performance.md, ninth pass).
    sqlite.pragma('cache_size = -8192');
    // Durability: a commit is on disk before anyone hears of it. A file database syncs its WAL
    // itself (wal-sync.ts: group batches off the event loop, other commits at once), so SQLite
    // need not sync inside COMMIT; set explicitly, as a reopened WAL database otherwise comes
    // up with whatever this build defaults to.
    const wal =
      opts.file === ':memory:'
        ? undefined
        : new WalSync(opts.file, { checkpointer: checkpointerOf(sqlite, opts.file, opts.checkpointIntervalMs) });
    sqlite.pragma(wal ? 'synchronous = NORMAL' : 'synchronous = FULL');
    const source = wal ? { prepare: syncingPrepare(sqlite, wal), close: () => (wal.close(), sqlite.close()) } : sqlite;
    const statements = cachedStatements(source);
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: statements }), ...logOf(opts) });
    // A query log sees every statement only through Kysely (tests count commits with it).
    if (!opts.log)
      allowDirect(db, { inTransaction: () => sqlite.inTransaction, prepare: (sql) => statements.prepare(sql) });
    const commits = newCommitStats();
    const committer = new GroupCommitter(db, {
      inTransaction: () => sqlite.inTransaction,
      stats: commits,
      ...(wal ? { wal } : {}),
    });
    useGroupCommit(db, committer);
    return {
      db,
      dialect: 'sqlite',
      afterDurable: wal ? (fn) => wal.afterDurable(fn) : atOnce,
      commits,
      ...(wal ? { snapshot: async (dest: string) => void (await sqlite.backup(dest)) } : {}),
      destroy: async () => {
        await committer.drained();
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: opts.url,
    types: pgTypes,
    ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new OwnSchemaPostgresDialect({ pool }), ...logOf(opts) });
  const commits = newCommitStats();
  countCommits(db, commits);
  return { db, dialect: 'postgres', afterDurable: atOnce, commits, destroy: () => db.destroy() };
}

/**
 * Kysely's migrator for this database. On PostgreSQL its bookkeeping tables go to, and are looked
 * for in, the search_path's first schema alone (own-schema-dialect.ts), so a second schema in the
 * same database (tests, shared servers) is neither taken for ours nor able to break the look.
 */
export function migratorOf(database: Database): Migrator {
  return new Migrator({ db: database.db, provider: migrationProvider(database.dialect) });
}

/** Runs pending migrations under a lock (per schema on PostgreSQL), so nodes starting together are safe. */
export async function migrateToLatest(database: Database): Promise<void> {
  const { error, results } = await migratorOf(database).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
}
