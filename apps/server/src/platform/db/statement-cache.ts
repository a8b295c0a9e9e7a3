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
  // Recency is a use counter per entry, not the Map's order: moving a hit to the end (delete and
  // set) on every statement of every send cost more than the lookup. Only the rare eviction scans.
  const cache = new Map<string, { stmt: ReturnType<StatementSource['prepare']>; used: number }>();
  let uses = 0;
  return {
    close: () => void sqlite.close(),
    prepare(text: string): SqliteStatement {
      const hit = cache.get(text);
      // A statement still iterating (a streamed query) cannot run twice: give that caller its own.
      if (hit?.stmt.busy) return sqlite.prepare(text);
      if (hit) {
        hit.used = ++uses;
        return hit.stmt;
      }
      const stmt = sqlite.prepare(text);
      if (cache.size >= max) {
        let oldest: string | undefined;
        let least = Infinity;
        for (const [key, entry] of cache) {
          if (entry.used < least) [oldest, least] = [key, entry.used];
        }
        if (oldest !== undefined) cache.delete(oldest);
      }
      cache.set(text, { stmt, used: ++uses });
      return stmt;
    },
  };
}
