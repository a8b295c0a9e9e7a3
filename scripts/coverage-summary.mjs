// Prints line, statement, function and branch coverage per package from Vitest's json-summary
// and fails (exit 1) when a package falls below its floor in coverage-floors.json. The floors
// were set at the figure of the day they were introduced and only ever move up.
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const summaryFile = process.argv[2] ?? path.join(root, 'coverage/coverage-summary.json');
const floors = JSON.parse(readFileSync(path.join(root, 'scripts/coverage-floors.json'), 'utf8'));
const metrics = ['lines', 'statements', 'functions', 'branches'];

if (!existsSync(summaryFile)) {
  console.error(`coverage: no summary at ${summaryFile}`);
  process.exit(1);
}
const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
const totals = new Map(Object.keys(floors).map((pkg) => [pkg, Object.fromEntries(metrics.map((m) => [m, [0, 0]]))]));
for (const [file, figures] of Object.entries(summary)) {
  if (file === 'total') continue;
  const rel = path.relative(root, file);
  const pkg = Object.keys(floors).find((p) => rel.startsWith(`${p}/`));
  if (!pkg) continue;
  for (const m of metrics) {
    totals.get(pkg)[m][0] += figures[m].covered;
    totals.get(pkg)[m][1] += figures[m].total;
  }
}

// A package with nothing measured (a moved folder, a summary of another tree) fails: 0 %, not 100 %.
const pct = ([covered, total]) => (total === 0 ? 0 : (100 * covered) / total);
let below = 0;
console.log('== coverage (V8; unit, web and integration tiers)');
console.log(`${'package'.padEnd(20)}${metrics.map((m) => m.padStart(12)).join('')}`);
for (const [pkg, figures] of totals) {
  const cells = metrics.map((m) => {
    const value = pct(figures[m]);
    const floor = floors[pkg][m] ?? 0;
    if (value < floor) below += 1;
    return `${value.toFixed(1)}${value < floor ? '<' + floor : ''}`.padStart(12);
  });
  console.log(`${pkg.padEnd(20)}${cells.join('')}`);
}
if (below > 0) {
  console.error(`coverage: ${below} figure(s) fell below the floor of scripts/coverage-floors.json`);
  process.exit(1);
}
