import { SqliteAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';

/**
 * The few places where SQLite and PostgreSQL DDL differ. Everything else is written once.
 * Times are `bigint` in both: SQLite gives it integer affinity, and the pg pool parses int8
 * to a JS number (safe: seconds and milliseconds stay far below 2^53).
 */
export type DialectKind = 'sqlite' | 'postgres';

export function addIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectKind,
  name = 'id',
): CreateTableBuilder<T, string> {
  return dialect === 'sqlite'
    ? table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn(name, 'serial', (c) => c.primaryKey());
}

/** NOT NULL with a default, the shape of almost every column we have. */
export const notNullDefault =
  (value: string | number) =>
  (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    c.notNull().defaultTo(value);

/** A Kysely instance or transaction, as far as these two need it. */
interface HasExecutor {
  getExecutor(): { adapter: object };
}

/** Whether this handle is SQLite's (else PostgreSQL's), for the few statements that differ. */
export function isSqlite(db: HasExecutor): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * Whether every write to this database goes through this process: true for SQLite, whose file
 * one connection holds exclusively (index.ts), so a cache that this process keeps up to date on
 * its own writes stays exact. Keyed by `cacheKeyOf`, which a database and its transactions share.
 */
export function ownedByThisProcess(db: HasExecutor): boolean {
  return isSqlite(db);
}

/** One object per database handle, the same for its transactions. */
export function cacheKeyOf(db: HasExecutor): object {
  return db.getExecutor().adapter;
}
