import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './server.mjs';

/** One JSON line per point, appended as the run goes; a short table at the end. */

export function openReport(opts, name) {
  const file =
    opts.out ||
    path.join(
      repoRoot,
      'bench',
      'results',
      `${name}-${opts.backend}-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`,
    );
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const rows = [];
  return {
    file,
    rows,
    write(point) {
      const line = { time: new Date().toISOString(), label: opts.label || undefined, ...point };
      fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
      rows.push(line);
    },
  };
}

const get = (o, k) => k.split('.').reduce((v, p) => (v == null ? v : v[p]), o);

/** columns: [header, key path or fn]. */
export function table(rows, columns) {
  const cells = rows.map((r) =>
    columns.map(([, k]) => {
      const v = typeof k === 'function' ? k(r) : get(r, k);
      return v === null || v === undefined ? '–' : String(v);
    }),
  );
  const heads = columns.map(([h]) => h);
  const widths = heads.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => c.map((x, i) => x.padStart(widths[i])).join('  ');
  return [line(heads), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

export const serverCpu = (r) => (r.server?.length ? r.server.map((s) => s.cpuPct).join('+') : null);
export const serverRss = (r) => (r.server?.length ? r.server.map((s) => s.rssMaxMb).join('+') : null);

/**
 * Pure: milliseconds of CPU per message from CPU % of one core over the window and messages sent
 * per second in it (`null` where a part was not measured, e.g. no PostgreSQL on SQLite).
 */
export function cpuMsPerMessage(pctByPart, perS) {
  const out = {};
  for (const [part, pct] of Object.entries(pctByPart))
    out[part] = pct === null || pct === undefined || !perS ? null : Math.round((pct * 10 * 1000) / perS) / 1000;
  return out;
}

/** PostgreSQL and Redis together, per message (the pg back end only). */
export const dbMsPerMsg = (r) =>
  r.cpuMsPerMsg?.postgres == null
    ? null
    : Math.round((r.cpuMsPerMsg.postgres + (r.cpuMsPerMsg.redis ?? 0)) * 1000) / 1000;
