// Prints one line per failed test (or failed file) of a Vitest JSON report.
// CI keeps only the end of the output, so the test scripts print these just above their
// "N passed, N failed" line: a red run then says what failed without a rerun.
import fs from 'node:fs';
const file = process.argv[2];
if (!fs.existsSync(file)) process.exit(0);
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
for (const result of report.testResults) {
  const failed = result.assertionResults.filter((t) => t.status === 'failed');
  for (const t of failed) console.log(`failed: ${result.name} > ${t.fullName}`);
  if (failed.length === 0 && result.status === 'failed') {
    const why = String(result.message || '').split('\n')[0];
    console.log(`failed: ${result.name} (${why})`);
  }
}
