/**
 * Preloaded into the server with `--trace-sql --backend pg` (node --import): times every
 * node-postgres query by SQL text, from the call to its answer (the round trip as the server
 * waits for it, pool queueing included), and writes the totals to $BENCH_SQL_TRACE on exit in
 * sql-trace.mjs's format (no prepares). Diagnostic only.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const out = process.env.BENCH_SQL_TRACE;
// The server's own copy of pg (its workspace), so the patched prototype is the one it uses.
const pg = createRequire(path.join(process.cwd(), 'apps', 'server', 'package.json'))('pg');
const stats = new Map();
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  const sql = typeof args[0] === 'string' ? args[0] : args[0]?.text;
  const t0 = performance.now();
  const r = orig.apply(this, args);
  if (sql && r && typeof r.then === 'function') {
    const done = () => {
      let e = stats.get(sql);
      if (!e) stats.set(sql, (e = { sql, prepares: 0, prepareMs: 0, runs: 0, runMs: 0 }));
      e.runs++;
      e.runMs += performance.now() - t0;
    };
    r.then(done, done);
  }
  return r;
};
process.on('exit', () => {
  if (!out) return;
  fs.writeFileSync(
    out,
    JSON.stringify(
      [...stats.values()].sort((a, b) => b.runMs - a.runMs),
      null,
      1,
    ),
  );
});
