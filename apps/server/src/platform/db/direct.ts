import type { CompiledQuery, Kysely } from 'kysely';
import { cacheKeyOf } from './dialect';
import type { DB } from './schema';

/**
 * SQLite's hottest statements run on its one connection without Kysely's executor. better-sqlite3
 * is synchronous, yet each query through Kysely passed its connection provider, the driver's
 * mutex and half a dozen promises: on the send path that machinery allocated more per message
 * than the statements themselves and took about a twentieth of the server's time
 * (docs/performance.md, issue 23). The compiled SQL and the prepared-statement cache (and with
 * it the WAL sync of committing statements) are the same ones Kysely uses.
 *
 * It is safe exactly when Kysely's mutex would let the statement run at once:
 * - on a live transaction's handle: that transaction holds the connection;
 * - on the database's handle while no transaction is open: a synchronous statement cannot
 *   interleave with anyone. While one is open (a group batch between BEGIN and COMMIT), Kysely
 *   queues the caller behind it, so that is left to Kysely.
 * Anything else (PostgreSQL, a database opened with a query log) goes through Kysely as before.
 */

/** What of better-sqlite3 (behind the statement cache) this needs. */
export interface DirectConnection {
  inTransaction(): boolean;
  prepare(sql: string): {
    readonly reader: boolean;
    all(params: readonly unknown[]): unknown[];
    run(params: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  };
}

const connections = new WeakMap<object, DirectConnection>();

/** Lets `runDirect` use this SQLite database's connection (platform/db/index.ts). */
export function allowDirect(db: Kysely<DB>, connection: DirectConnection): void {
  connections.set(cacheKeyOf(db), connection);
}

interface TxState {
  readonly isCommitted?: boolean;
  readonly isRolledBack?: boolean;
}

/**
 * Runs compiled `sql` with `parameters` at once and returns its rows ([] for a statement that
 * returns none), or `undefined` when it must go through Kysely (see above).
 */
export function runDirect(db: Kysely<DB>, sql: string, parameters: readonly unknown[]): unknown[] | undefined {
  const conn = directConnection(db);
  if (!conn) return undefined;
  const stmt = conn.prepare(sql);
  if (stmt.reader) return stmt.all(parameters);
  stmt.run(parameters);
  return [];
}

/**
 * Runs a compiled write without RETURNING at once and returns its count of changed rows and the
 * inserted rowid, or `undefined` when it must go through Kysely (as `runDirect`).
 */
export function runDirectWrite(
  db: Kysely<DB>,
  sql: string,
  parameters: readonly unknown[],
): { changes: number; insertId: number } | undefined {
  const conn = directConnection(db);
  if (!conn) return undefined;
  const { changes, lastInsertRowid } = conn.prepare(sql).run(parameters);
  return { changes: Number(changes), insertId: Number(lastInsertRowid) };
}

/** The SQLite connection a statement on `db` may use at once, if any (see the top of this file). */
function directConnection(db: Kysely<DB>): DirectConnection | undefined {
  const conn = connections.get(cacheKeyOf(db));
  if (!conn) return undefined;
  if (db.isTransaction) {
    // A handle kept past its COMMIT must fail as Kysely fails it, not join someone else's batch.
    const state = db as unknown as TxState;
    if (!conn.inTransaction() || state.isCommitted || state.isRolledBack) return undefined;
  } else if (conn.inTransaction()) {
    return undefined;
  }
  return conn;
}

/** A compiled query's rows: at once where `runDirect` may, else through Kysely. */
export async function executeRows(db: Kysely<DB>, query: CompiledQuery): Promise<unknown[]> {
  return runDirect(db, query.sql, query.parameters) ?? (await db.executeQuery(query)).rows;
}
