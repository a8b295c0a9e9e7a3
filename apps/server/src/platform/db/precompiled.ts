import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { cacheKeyOf } from './dialect';
import { runDirect, runDirectWrite } from './direct';
import type { DB } from './schema';

/**
 * A hot statement built and compiled by Kysely once per database kind, then run with new values.
 *
 * Building a query (the builder's immutable nodes, `freeze`, the compiler's visitor) cost more
 * main-thread time per send than SQLite itself (docs/performance.md). `build` receives
 * stand-ins for its arguments; the compiled SQL is kept per database handle (`cacheKeyOf`: a
 * database and its transactions share one) with each parameter position mapped to the argument
 * whose stand-in it holds, so later runs only bind values. The SQL text is then also one string
 * object, which the statement cache looks up without hashing it again.
 *
 * On SQLite the statement then runs without Kysely's executor where that is safe (direct.ts).
 *
 * Keep `build` straight-line: every argument must reach the SQL as exactly one parameter, used
 * as given (no branching on it, no arithmetic). The first compile checks that.
 */
export function precompiled<A extends unknown[], R>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
): (db: Kysely<DB>, ...args: A) => Promise<R[]> {
  const bind = binder(build);
  return async (db, ...args) => {
    const { sql, parameters } = bind(db, args);
    const rows = runDirect(db, sql, parameters);
    if (rows) return rows as R[];
    const result = await db.executeQuery<R>(CompiledQuery.raw(sql, parameters) as CompiledQuery<R>);
    return result.rows;
  };
}

/** What a write without RETURNING tells: the rows it changed, and the rowid of the row it inserted. */
export interface WriteResult {
  changes: number;
  /** Meaningful only when `changes` > 0: SQLite leaves the previous insert's rowid otherwise. */
  insertId: number;
}

/**
 * `precompiled` for an INSERT, UPDATE or DELETE without RETURNING, on SQLite: its count of
 * changed rows and the inserted rowid, which better-sqlite3's `run` gives for free. RETURNING
 * would give the same through a temporary B-tree that SQLite opens, fills and frees per
 * statement (3 µs of a send's insert; docs/performance.md, issue 23, ninth pass). On PostgreSQL
 * a write reports no inserted id (`insertId` is 0), so a caller that needs one there keeps RETURNING.
 */
export function precompiledWrite<A extends unknown[]>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<unknown>,
): (db: Kysely<DB>, ...args: A) => Promise<WriteResult> {
  const bind = binder(build);
  return async (db, ...args) => {
    const { sql, parameters } = bind(db, args);
    const direct = runDirectWrite(db, sql, parameters);
    if (direct) return direct;
    const result = await db.executeQuery(CompiledQuery.raw(sql, parameters));
    return { changes: Number(result.numAffectedRows ?? 0), insertId: Number(result.insertId ?? 0) };
  };
}

/** The compile-once part of `precompiled`: `build`'s SQL per database, and each run's values in place. */
function binder<A extends unknown[]>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<unknown>,
): (db: Kysely<DB>, args: A) => { sql: string; parameters: unknown[] } {
  const compiled = new WeakMap<object, { sql: string; slots: Array<{ arg: number } | { value: unknown }> }>();

  function compile(db: Kysely<DB>, arity: number) {
    const standIns = Array.from({ length: arity }, (_, i) => `\u0000precompiled-arg-${i}\u0000`);
    // By value, not by a scan of the list: a list statement of 500 pairs has 1,000 of them.
    const argOf = new Map(standIns.map((s, i) => [s, i]));
    const q = build(db, ...(standIns as A)).compile();
    const seen = new Set<number>();
    const slots = q.parameters.map((value) => {
      const arg = typeof value === 'string' ? argOf.get(value) : undefined;
      if (arg === undefined) return { value };
      if (seen.has(arg)) throw new Error(`precompiled: argument ${arg} appears twice in ${q.sql}`);
      seen.add(arg);
      return { arg };
    });
    if (seen.size !== arity) throw new Error(`precompiled: only ${seen.size} of ${arity} arguments reach ${q.sql}`);
    return { sql: q.sql, slots };
  }

  return (db, args) => {
    const key = cacheKeyOf(db);
    let c = compiled.get(key);
    if (!c) {
      c = compile(db, args.length);
      compiled.set(key, c);
    }
    return { sql: c.sql, parameters: c.slots.map((s) => ('arg' in s ? args[s.arg] : s.value)) };
  };
}

/** Tuples per statement: SQLite binds at most 32,766 values, PostgreSQL 65,535. */
export const MAX_LIST_ROWS = 500;

/**
 * The length a list of `n` tuples is run with: `n` itself up to 8, then `n` rounded up to a
 * quarter of its power of two (9 → 10, 37 → 40, 100 → 112, 500 → 512), so at most a quarter more
 * tuples and a few dozen statements in all. Push batches come in every length, and each new one
 * was compiled through the query builder while messages waited (2 % of the server's time at
 * 3,000 sends a second, long after the start; docs/performance.md, issue 23, seventh pass).
 */
export function listBucket(n: number): number {
  if (n <= 8) return n;
  const step = 2 ** (Math.floor(Math.log2(n)) - 2);
  return Math.ceil(n / step) * step;
}

/**
 * `precompiled` for a statement over a list of tuples (a VALUES list of pairs), whose SQL text
 * depends only on the list's length: compiled once per length and database kind, then run with
 * new values. `build` receives the tuples as stand-ins, under the same rule as `precompiled`'s
 * arguments (each value reaches the SQL once, as given). Every push batch read its pairs' prefs
 * and remarks through the query builder: a node per value, frozen, compiled, each time.
 *
 * The list is run at its `listBucket` length, its last tuple repeated to fill it, so **a tuple's
 * rows may come back more than once**: fit for lookups whose caller keys the rows by their tuple
 * (prefsOfPairs, remarksOfPairs), not for counts or sums. A longer list than `MAX_LIST_ROWS` runs
 * as several statements, its rows returned together; an empty one runs none.
 */
export function precompiledList<T extends unknown[], R>(
  width: number,
  build: (db: Kysely<DB>, rows: T[]) => Compilable<R>,
): (db: Kysely<DB>, rows: readonly T[]) => Promise<R[]> {
  const byLength = new Map<number, (db: Kysely<DB>, ...flat: unknown[]) => Promise<R[]>>();
  const runChunk = async (db: Kysely<DB>, rows: readonly T[]): Promise<R[]> => {
    const n = listBucket(rows.length);
    let run = byLength.get(n);
    if (!run) {
      run = precompiled((d: Kysely<DB>, ...flat: unknown[]) =>
        build(
          d,
          Array.from({ length: n }, (_, i) => flat.slice(i * width, (i + 1) * width) as T),
        ),
      );
      byLength.set(n, run);
    }
    const flat: unknown[] = [];
    for (const row of rows) {
      if (row.length !== width) throw new Error(`precompiledList: a row of ${row.length} values, not ${width}`);
      for (const v of row) flat.push(v);
    }
    const last = rows[rows.length - 1];
    for (let i = rows.length; i < n && last; i++) for (const v of last) flat.push(v);
    return run(db, ...flat);
  };
  return async (db, rows) => {
    const out: R[] = [];
    for (let i = 0; i < rows.length; i += MAX_LIST_ROWS)
      out.push(...(await runChunk(db, rows.slice(i, i + MAX_LIST_ROWS))));
    return out;
  };
}
