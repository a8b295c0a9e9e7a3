import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';

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
