#!/usr/bin/env bash
# `npm test`: every tier in one go — type-check, lint, format check and build (side by side), then
# one Vitest run over the unit, web, integration (SQLite and PostgreSQL) and e2e (Chromium)
# projects. Ends with the plain line "N passed, N failed" that CI reads. The unit and SQLite
# integration tiers also run under Node 24 (scripts/node24.sh): its copy is prepared in the
# background while Node 20 type-checks, lints and builds, and its tests run after Node 20's, so the
# two never compete for the cores; the counts are added. V8 coverage of the unit, web and integration tiers is printed per package and held
# to the floors of scripts/coverage-floors.json (scripts/coverage-summary.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
export npm_config_nodedir=${npm_config_nodedir:-/usr}

bash scripts/ensure-system-deps.sh
eval "$(bash scripts/services.sh | sed 's/^/export /')"

node24_log=$(mktemp)
node24_tree=$(mktemp -d /tmp/parley-node24-XXXXXX)
bash scripts/node24.sh prepare "$node24_tree" >"$node24_log" 2>&1 &
node24_pid=$!

phases=()
phase() { phases+=("$1=$((SECONDS - phase_start))"); phase_start=$SECONDS; }
phase_start=$SECONDS
# Type-check, lint, format check and build share nothing and are each mostly one thread: run side
# by side they take about the longest one's time on two cores instead of their sum (129 s in a row).
checks_dir=$(mktemp -d)
declare -A check_pids=()
for check in typecheck lint format:check build; do
  npm run -s "$check" >"$checks_dir/$check.log" 2>&1 &
  check_pids[$check]=$!
done
checks_status=0
for check in typecheck lint format:check build; do
  check_status=0
  wait "${check_pids[$check]}" || check_status=$?
  echo "== $check"
  # The build's own output is only worth showing when it failed.
  [ "$check" = build ] && [ "$check_status" -eq 0 ] || cat "$checks_dir/$check.log"
  [ "$check_status" -eq 0 ] || { echo "$check failed (exit $check_status)"; checks_status=1; }
done
phase checks-and-build
[ "$checks_status" -eq 0 ] || exit 1

report=$(mktemp -d)/vitest.json
status=0
npx vitest run --coverage --reporter=default --reporter=json --outputFile="$report" || status=$?
coverage_status=0
phase vitest
node scripts/coverage-summary.mjs || coverage_status=1
[ "$coverage_status" -eq 0 ] || status=1
node24_status=0
wait "$node24_pid" || node24_status=$?
phase node24-prepare-wait
echo "== Node 24: unit and integration (SQLite)"
[ "$node24_status" -ne 0 ] || bash scripts/node24.sh run "$node24_tree" >>"$node24_log" 2>&1 || node24_status=$?
phase node24-run
# Passing, its end is enough; failing, all of it (the dot reporter's log holds each failure once).
if [ "$node24_status" -eq 0 ]; then tail -n 30 "$node24_log"; else cat "$node24_log"; fi
[ "$node24_status" -eq 0 ] || status=1
node scripts/suite-timing.mjs "$report" "${phases[@]}"
node scripts/vitest-failures.mjs "$report"
node -e '
  const fs = require("fs"); const [f, log, coverageStatus] = process.argv.slice(1);
  let passed = 0, failed = Number(coverageStatus); // a package below its coverage floor counts as a failure
  if (fs.existsSync(f)) {
    const r = JSON.parse(fs.readFileSync(f, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests;
  } else failed += 1;
  const m = /(\d+) passed, (\d+) failed\s*$/.exec(fs.readFileSync(log, "utf8"));
  if (m) { passed += Number(m[1]); failed += Number(m[2]); } else failed += 1;
  console.log(`${passed} passed, ${failed} failed`);
' "$report" "$node24_log" "$coverage_status"
exit $status
