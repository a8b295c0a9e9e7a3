import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresAdapter,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DialectAdapter,
  type DatabaseMetadataOptions,
  type Kysely,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  isView: boolean;
  column: string;
  dataType: string;
  notNull: boolean;
  hasDefault: boolean;
  isAutoIncrementing: boolean;
  comment: string | null;
}

/**
 * Kysely's own PostgreSQL introspector lists every column of every schema in the database, calling
 * pg_get_serial_sequence on each: a schema another app or test file drops meanwhile fails that
 * listing ("relation … does not exist"), and with it the migrator's check for its own tables. Our
 * server only ever looks at its own schema (the search_path's first, where the migrator keeps its
 * bookkeeping too), so this introspector lists that one alone and reads serial columns from their
 * default instead of through a lookup by name.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas() {
    return (await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db)).rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow & { schema: string }>`
      select c.relname as "table", c.relkind = 'v' as "isView", ns.nspname as "schema",
             a.attname as "column", t.typname as "dataType", a.attnotnull as "notNull",
             a.atthasdef as "hasDefault", col_description(a.attrelid, a.attnum) as "comment",
             (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false)) as "isAutoIncrementing"
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        join pg_catalog.pg_type t on t.oid = a.atttypid
        left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
       where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
       order by c.relname, a.attnum`.execute(this.db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const r of rows) {
      if (!options.withInternalKyselyTables && internal.has(r.table)) continue;
      let table = tables.get(r.table);
      if (!table) tables.set(r.table, (table = { name: r.table, isView: r.isView, schema: r.schema, columns: [] }));
      table.columns.push({
        name: r.column,
        dataType: r.dataType,
        isNullable: !r.notNull,
        isAutoIncrementing: r.isAutoIncrementing,
        hasDefaultValue: r.hasDefault,
        ...(r.comment ? { comment: r.comment } : {}),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions) {
    return { tables: await this.getTables(options) };
  }
}

/**
 * The first key of our migration lock's two-key advisory lock; the second is our schema's hash. (The
 * two-key and one-key lock spaces of PostgreSQL do not overlap, so this cannot meet Kysely's own key.)
 */
const MIGRATION_LOCK_CLASS = 0x5061726c; // "Parl"
const ownLockKey = sql`${sql.lit(MIGRATION_LOCK_CLASS)}, hashtext(coalesce(current_schema(), ''))`;

/**
 * Kysely's PostgreSQL migrator locks one advisory key for the whole database, so every schema's
 * migration waits for every other's: servers (and test files) that share a database in their own
 * schemas start one after another, and any other Kysely app there that holds its lock keeps ours
 * from starting at all. Migrations only touch their own schema (no extensions, nothing global), so
 * the lock is per schema: two nodes of one server still migrate one at a time, other schemas never
 * wait. Held for the session, as Kysely's, with the same hour-long timeout, released in its `finally`.
 */
class OwnSchemaPostgresAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`with set_timeout as (select set_config('lock_timeout', '3600000', true) as config_val)
      select pg_advisory_lock(${ownLockKey}) from set_timeout`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`select pg_advisory_unlock(${ownLockKey})`.execute(db);
  }
}

/** PostgreSQL as Kysely speaks it, looking at and locking only our own schema (see above). */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }

  override createAdapter(): DialectAdapter {
    return new OwnSchemaPostgresAdapter();
  }
}
