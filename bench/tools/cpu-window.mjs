/**
 * `node bench/tools/cpu-window.mjs samples.jsonl bench.jsonl`: for each measured window of a bench run
 * (its JSON lines), the CPU ms per message sent of the server node(s), of the run's PostgreSQL backends
 * and of redis-server, from cpu-sampler.mjs's samples nearest the window's ends (issue 41).
 */
import fs from 'node:fs';
const samples = fs
  .readFileSync(process.argv[2], 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
const at = (t) => samples.reduce((best, s) => (Math.abs(s.t - t) < Math.abs(best.t - t) ? s : best));
for (const l of fs.readFileSync(process.argv[3], 'utf8').trim().split('\n')) {
  const r = JSON.parse(l);
  if (!r.window) continue;
  const a = at(r.window.from),
    b = at(r.window.to);
  const sum = (s, k) => Object.values(s[k]).reduce((x, y) => x + y, 0);
  const pgKeys = new Set([...Object.keys(a.pg), ...Object.keys(b.pg)]);
  let pg = 0;
  for (const k of pgKeys) pg += (b.pg[k] ?? 0) - (a.pg[k] ?? 0);
  const node = sum(b, 'node') - sum(a, 'node'),
    redis = sum(b, 'redis') - sum(a, 'redis');
  const per = (x) => ((x * 10) / r.sent).toFixed(3);
  console.log(
    `${r.label} rate ${r.rate} sent ${r.sent} (${r.sentPerS}/s) window ${((r.window.to - r.window.from) / 1000).toFixed(1)}s p99 ${r.e2e?.p99}  node ${per(node)} ms/msg  pg ${per(pg)} ms/msg  redis(all) ${per(redis)} ms/msg  pg+redis ${per(pg + redis)}  other ${r.otherCpuPct}%`,
  );
}
