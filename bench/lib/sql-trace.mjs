/**
 * Preloaded into the server with `--trace-sql` (node --import): times every better-sqlite3
 * statement by SQL text, plus the prepare that Kysely's SQLite driver does per query, and
 * writes the totals to $BENCH_SQL_TRACE on exit. Diagnostic only; adds a little overhead.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';

const out = process.env.BENCH_SQL_TRACE;
const stats = new Map();
const entry = (sql) => {
  let e = stats.get(sql);
  if (!e) stats.set(sql, (e = { sql, prepares: 0, prepareMs: 0, runs: 0, runMs: 0 }));
  return e;
};
const SQL = Symbol('sql');
const origPrepare = Database.prototype.prepare;
let patched = false;
Database.prototype.prepare = function (sql, ...rest) {
  const t = performance.now();
  const stmt = origPrepare.call(this, sql, ...rest);
  const e = entry(sql);
  e.prepares++;
  e.prepareMs += performance.now() - t;
  stmt[SQL] = sql;
  if (!patched) {
    patched = true;
    const proto = Object.getPrototypeOf(stmt);
    for (const m of ['run', 'get', 'all', 'iterate']) {
      const orig = proto[m];
      proto[m] = function (...args) {
        const t0 = performance.now();
        try {
          return orig.apply(this, args);
        } finally {
          const x = entry(this[SQL] ?? this.source);
          x.runs++;
          x.runMs += performance.now() - t0;
        }
      };
    }
  }
  return stmt;
};
// exec() runs BEGIN/COMMIT in some drivers; Kysely's sqlite transactions use prepared statements.
process.on('exit', () => {
  if (!out) return;
  const rows = [...stats.values()].sort((a, b) => b.prepareMs + b.runMs - (a.prepareMs + a.runMs));
  fs.writeFileSync(out, JSON.stringify(rows, null, 1));
});
