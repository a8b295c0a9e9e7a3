#!/usr/bin/env bash
# `npm test`: every tier in one go — type-check, lint, web build, then one Vitest run over the
# unit, web, integration (SQLite and PostgreSQL) and e2e (Chromium) projects. Ends with the plain
# line "N passed, N failed" that CI reads.
set -euo pipefail
cd "$(dirname "$0")/.."
export npm_config_nodedir=${npm_config_nodedir:-/usr}

bash scripts/ensure-system-deps.sh
eval "$(bash scripts/services.sh | sed 's/^/export /')"

echo "== type-check"; npm run -s typecheck
echo "== lint"; npm run -s lint
echo "== build web"; npm run -s build >/dev/null

report=$(mktemp -d)/vitest.json
status=0
npx vitest run --reporter=default --reporter=json --outputFile="$report" || status=$?
node -e '
  const fs = require("fs"); const f = process.argv[1];
  if (!fs.existsSync(f)) { console.log("0 passed, 1 failed"); process.exit(0); }
  const r = JSON.parse(fs.readFileSync(f, "utf8"));
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`);
' "$report"
exit $status
