import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite driver calls `prepare(sql)` for every query it runs, and compiling a
 * statement cost a third of all SQLite time on the send path (docs/performance.md). This
 * wrapper keeps the most recently used statements by SQL text (a bounded LRU); Kysely's SQL
 * carries its values as parameters, so the set of distinct texts is small. better-sqlite3
 * re-prepares a cached statement by itself if the schema changes under it.
 */
export const DEFAULT_STATEMENT_CACHE = 500;

/** A better-sqlite3 Database, or anything that prepares statements like it. */
export interface StatementSource {
  prepare(text: string): SqliteStatement & { readonly busy: boolean };
  close(): unknown;
}

export function cachedStatements(sqlite: StatementSource, max = DEFAULT_STATEMENT_CACHE): SqliteDatabase {
  const cache = new Map<string, ReturnType<StatementSource['prepare']>>();
  return {
    close: () => void sqlite.close(),
    prepare(text: string): SqliteStatement {
      const hit = cache.get(text);
      // A statement still iterating (a streamed query) cannot run twice: give that caller its own.
      if (hit?.busy) return sqlite.prepare(text);
      if (hit) {
        cache.delete(text); // re-insert: Map order is the recency order
        cache.set(text, hit);
        return hit;
      }
      const stmt = sqlite.prepare(text);
      cache.set(text, stmt);
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
      return stmt;
    },
  };
}
