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
