// Where the suite's time goes (issue 43: the suite must stay under 20 minutes on a fresh clone).
// Reads a Vitest JSON report and prints, per tier, the wall-clock span (first file's start to last
// file's end) and the summed file time (above the span when files ran in parallel), then the
// slowest files. Printed just above "N passed, N failed", where CI keeps the output.
//   node scripts/suite-timing.mjs <vitest.json> ["phase=seconds" …]
import fs from 'node:fs';
const [file, ...phases] = process.argv.slice(2);
if (!file || !fs.existsSync(file)) process.exit(0);
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
// The report names files by absolute path; the part from the tree's own top folders on is the same in any clone.
const rel = (name) => name.replace(/^.*?\/(?=(e2e|apps|packages|bench|scripts)\/)/, '');
const tierOf = (name) => {
  const p = rel(name);
  if (p.startsWith('e2e/')) return 'e2e';
  if (p.startsWith('apps/server/test/')) return 'integration (sqlite + pg)';
  if (p.startsWith('apps/web/')) return 'web';
  return 'unit';
};
const tiers = new Map();
const files = [];
for (const r of report.testResults) {
  const ms = (r.endTime ?? 0) - (r.startTime ?? 0);
  if (!(ms >= 0)) continue;
  files.push({ name: rel(r.name), ms });
  const t = tiers.get(tierOf(r.name)) ?? { from: Infinity, to: 0, sum: 0, files: 0 };
  t.from = Math.min(t.from, r.startTime);
  t.to = Math.max(t.to, r.endTime);
  t.sum += ms;
  t.files += 1;
  tiers.set(tierOf(r.name), t);
}
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
if (phases.length > 0) console.log(`timing: ${phases.join(', ')} (seconds)`);
for (const [name, t] of tiers)
  console.log(`timing: ${name}: ${t.files} files, span ${s(t.to - t.from)}, summed ${s(t.sum)}`);
files.sort((a, b) => b.ms - a.ms);
for (const f of files.slice(0, 12)) console.log(`timing: ${s(f.ms).padStart(6)}  ${f.name}`);
