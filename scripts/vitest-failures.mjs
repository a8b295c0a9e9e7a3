// Prints each failed test (or failed file) of a Vitest JSON report, with the first lines of why.
// CI keeps only the end of the output, so the test scripts print these just above their
// "N passed, N failed" line: a red run then says what failed, and where, without a rerun (a rare
// flake may not come back).
import fs from 'node:fs';

/** The message and the first frames in the project's own files: enough to see where it broke. */
function firstLines(message) {
  const lines = String(message ?? '').split('\n');
  const ours = lines.filter((l) => /^\s+at /.test(l) && !l.includes('node_modules') && !l.includes('node:'));
  const text = lines.filter((l) => !/^\s+at /.test(l)).slice(0, 8);
  return [...text, ...ours.slice(0, 3)].map((l) => l.trimEnd()).filter(Boolean);
}
const file = process.argv[2];
if (!fs.existsSync(file)) process.exit(0);
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
for (const result of report.testResults) {
  const failed = result.assertionResults.filter((t) => t.status === 'failed');
  for (const t of failed) {
    console.log(`failed: ${result.name} > ${t.fullName}`);
    for (const line of firstLines(t.failureMessages?.[0])) console.log(`  ${line}`);
  }
  if (failed.length === 0 && result.status === 'failed') {
    const why = String(result.message || '').split('\n')[0];
    console.log(`failed: ${result.name} (${why})`);
  }
}
