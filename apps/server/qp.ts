import { openDatabase, migrateToLatest } from './src/platform/db/index';
import { CompiledQuery, sql } from 'kysely';
import * as idx from './src/modules/messages/search-index.repo';
const kind = process.argv[2];
const seen: Array<{ sql: string; parameters: readonly unknown[] }> = [];
const log = (e: any) => { if (e.level === 'query') seen.push(e.query); };
let d;
if (kind === 'pg') {
  const url = 'postgres://postgres@127.0.0.1:5432/test';
  const d0 = openDatabase({ kind: 'postgres', url });
  await sql`drop schema if exists i20qp cascade`.execute(d0.db);
  await sql`create schema i20qp`.execute(d0.db);
  await d0.destroy();
  d = openDatabase({ kind: 'postgres', url, searchPath: 'i20qp', log });
} else d = openDatabase({ kind: 'sqlite', file: '/tmp/i20qp.sqlite', log });
await migrateToLatest(d);
const db = d.db;
seen.length = 0;
await idx.candidates(db, { me: 2, groups: [3, 4] }, { term: 5 }, [7, 8], undefined, 50);
await idx.candidates(db, { me: 2, groups: [3, 4] }, { lo: 5, hi: 9 }, [], 100, 50);
await idx.termCount(db, { term: 5 }, 2000);
for (const q of [...seen]) {
  console.log(q.sql.slice(0, 400));
  const r = await db.executeQuery(CompiledQuery.raw((kind === 'pg' ? 'explain ' : 'explain query plan ') + q.sql, [...q.parameters]));
  console.log(r.rows.map((x: any) => '   ' + (x.detail ?? x['QUERY PLAN'])).join('\n'));
}
await d.destroy();
