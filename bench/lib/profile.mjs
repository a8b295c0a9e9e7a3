import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server's time went, from V8 .cpuprofile files (--cpu-prof): self time by
 * function and by area (our source, node_modules package, node internals, GC, idle).
 */

function area(url) {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = url.indexOf('/apps/server/src/');
  if (src >= 0) return `server:${url.slice(src + 17)}`;
  if (url.includes('/packages/protocol/')) return '@parley/protocol';
  if (url.startsWith('node:')) return url.split('/')[0];
  return path.basename(url);
}

/** The source maps of bundles met in a profile (the server bundle has one beside it). */
const maps = new Map();
function sourceMapOf(url) {
  if (!maps.has(url)) {
    let map = null;
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${fileURLToPath(url)}.map`, 'utf8')));
    } catch {
      // no map beside it: the frame keeps the bundle's own name
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

/**
 * A frame of the server bundle (apps/server/dist/main.mjs) named by its TypeScript file and line
 * through the bundle's source map, so the summaries attribute time to `server:<file>` as they did
 * when the server ran from its sources.
 */
export function original(cf) {
  if (!cf.url?.endsWith('.mjs') || !cf.url.startsWith('file:')) return cf;
  const hit = sourceMapOf(cf.url)?.findEntry(cf.lineNumber, cf.columnNumber);
  if (!hit?.originalSource) return cf;
  const url = new URL(hit.originalSource, cf.url).href; // the map's sources are relative to the bundle
  return { ...cf, url, lineNumber: hit.originalLine, columnNumber: hit.originalColumn };
}

/** A call frame as the summaries name it: function, then `where` (its area or file) and line. */
export const frameKey = (cf, where) => `${cf.functionName || '(anonymous)'} ${where}:${cf.lineNumber + 1}`;

export function summariseProfile(file, top = 15) {
  const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = prof.timeDeltas;
  prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const fn = new Map();
  const ar = new Map();
  for (const [id, us] of self) {
    const cf = original(byId.get(id).callFrame);
    const name = cf.functionName || '(anonymous)';
    const special = name.startsWith('(') && !cf.url;
    const key = special ? name : frameKey(cf, area(cf.url));
    fn.set(key, (fn.get(key) ?? 0) + us);
    const a = special ? name : area(cf.url);
    ar.set(a, (ar.get(a) ?? 0) + us);
  }
  // Inclusive time of our own server functions (each counted once per sample).
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  prof.samples.forEach((id, i) => {
    const seen = new Set();
    for (let x = id; x !== undefined; x = parent.get(x)) {
      const cf = original(byId.get(x).callFrame);
      if (!cf.url.includes('/apps/server/src/')) continue;
      const key = frameKey(cf, area(cf.url));
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + (dt[i] ?? 0));
    }
  });
  const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
  const busy = total - (ar.get('(idle)') ?? 0);
  const lines = [
    `profile ${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy`,
  ];
  lines.push('  by area (self time):');
  for (const [k, v] of [...ar].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`   ${pct(v)}  ${k}`);
  lines.push('  by function (self time):');
  for (const [k, v] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`   ${pct(v)}  ${k}`);
  lines.push('  server functions, inclusive (synchronous part only):');
  for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`   ${pct(v)}  ${k}`);
  return { busy, total, text: lines.join('\n') };
}

export function summariseProfiles(files) {
  // Skip the tsx loader thread's profile and other near-idle threads.
  return files
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => summariseProfile(f))
    .filter((p) => p.busy > 0.1 * p.total)
    .map((p) => p.text)
    .join('\n\n');
}

/** Top statements of a --trace-sql file: time in prepare and in execution (ms, main thread). */
export function summariseSqlTrace(file, top = 12) {
  const rows = JSON.parse(fs.readFileSync(file, 'utf8'));
  const tot = rows.reduce((a, r) => a + r.prepareMs + r.runMs, 0);
  const prep = rows.reduce((a, r) => a + r.prepareMs, 0);
  // PostgreSQL traces (pg-trace.mjs) have no prepares; their times are round trips, overlapping when sent together.
  const pg = rows.every((r) => r.prepares === 0);
  const lines = [
    pg
      ? `SQL trace ${path.basename(file)}: ${(tot / 1000).toFixed(2)} s waited for PostgreSQL (round trips, summed)`
      : `SQL trace ${path.basename(file)}: ${(tot / 1000).toFixed(2)} s in SQLite calls, of which prepare ${(prep / 1000).toFixed(2)} s`,
  ];
  lines.push('   total ms  prepare ms    runs  µs/run  statement');
  for (const r of rows.slice(0, top)) {
    lines.push(
      `   ${r.prepareMs + r.runMs > 0 ? (r.prepareMs + r.runMs).toFixed(0).padStart(8) : '       0'}  ${r.prepareMs.toFixed(0).padStart(10)}  ${String(r.runs).padStart(6)}  ${(r.runs ? (r.runMs / r.runs) * 1000 : 0).toFixed(0).padStart(6)}  ${r.sql.replace(/\s+/g, ' ').slice(0, 110)}`,
    );
  }
  return lines.join('\n');
}
