import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { isSqlite } from './dialect';

/**
 * `column IN (values)` for lists of any length, as each database takes them best.
 *
 * PostgreSQL gets the whole list as one array parameter, `column = any($1)`: one short statement
 * whatever the length. As IN lists, a getContacts of 500 chats sent about 35 kB of SQL text with
 * placeholders in ten statements, which the node built and PostgreSQL parsed and planned anew on
 * every call. SQLite keeps the IN lists of at most 400 values these queries always had.
 */

const SQLITE_PART = 400;

/** A database handle or transaction (as dialect.ts needs it). */
type Handle = Parameters<typeof isSqlite>[0];

/** The values in as few lists as the database takes at once: all of them on PostgreSQL. */
export function inParts<T>(db: Handle, values: readonly T[], sqliteSize = SQLITE_PART): T[][] {
  const unique = [...new Set(values)];
  if (unique.length === 0) return [];
  if (!isSqlite(db)) return [unique];
  const out: T[][] = [];
  for (let i = 0; i < unique.length; i += sqliteSize) out.push(unique.slice(i, i + sqliteSize));
  return out;
}

/**
 * `column` is one of `values` (a part from inParts). `column` is a reference such as `m.msg_id`;
 * an empty list matches nothing on both databases.
 */
export function inList(db: Handle, column: string, values: readonly (string | number)[]): RawBuilder<SqlBool> {
  if (isSqlite(db)) return sql<SqlBool>`${sql.ref(column)} in (${sql.join(values)})`;
  return sql<SqlBool>`${sql.ref(column)} = any(${[...values]})`;
}
