// Vitest global setup of integration-pg: the fault tests give their server processes whole
// databases of their own (apps/server/test/faults/process.ts, freshPgDatabase). A test drops its
// databases after its file, but one made inside a test body has no file hook to drop it (Vitest
// runs none registered there), and that had left about a dozen behind on every run. So every name
// carries this run's id, and whatever of this run is left when the run ends is dropped here; a
// suite running beside this one has another id and keeps its own.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export default function setup(project) {
  const prefix = `fault_${randomBytes(4).toString('hex')}_`;
  project.provide('faultDatabasePrefix', prefix);
  const url =
    project.config.env?.PARLEY_TEST_PG_URL ??
    process.env.PARLEY_TEST_PG_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const { rows } = await c.query('select datname from pg_database where starts_with(datname, $1)', [prefix]);
      for (const { datname } of rows) await c.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await c.end();
    }
  };
}
