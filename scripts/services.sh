#!/usr/bin/env bash
# Makes sure the PostgreSQL and Redis the integration suite runs against are reachable and
# prints their URLs as shell assignments. Uses the machine's own services (127.0.0.1:5432,
# database `test`; 127.0.0.1:6379), starting them if they are installed but stopped; only if
# that fails does it start private throw-away instances on other ports.
set -euo pipefail
PG_URL=${PARLEY_TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/test}
REDIS_URL=${PARLEY_TEST_REDIS_URL:-redis://127.0.0.1:6379}

pg_up() { pg_isready -q -h 127.0.0.1 -p "$1" 2>/dev/null; }
redis_up() { redis-cli -p "$1" ping 2>/dev/null | grep -q PONG; }

if ! pg_up 5432 && command -v pg_ctlcluster >/dev/null; then
  ver=$(ls /etc/postgresql 2>/dev/null | head -1)
  [ -n "$ver" ] && pg_ctlcluster --skip-systemctl-redirect "$ver" main start >/dev/null 2>&1 || true
fi
if ! redis_up 6379 && command -v redis-server >/dev/null; then
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null 2>&1 || true
  for _ in $(seq 30); do redis_up 6379 && break; sleep 0.1; done
fi

if ! pg_up 5432 || ! redis_up 6379; then
  # Fallback: private instances (TOOLCHAIN.md §5), installed from Debian when missing.
  RUN=/tmp/parley-ci-services; PGPORT=54329; REDISPORT=63799; PGBIN=$(ls -d /usr/lib/postgresql/*/bin | tail -1)
  need=(); command -v redis-server >/dev/null || need+=(redis-server); [ -x "$PGBIN/postgres" ] || need+=(postgresql)
  if [ ${#need[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
    PGBIN=$(ls -d /usr/lib/postgresql/*/bin | tail -1)
  fi
  if ! pg_up $PGPORT; then
    rm -rf "$RUN"; mkdir -p "$RUN"; chown postgres:postgres "$RUN"
    runuser -u postgres -- "$PGBIN/initdb" -D "$RUN/pg" -A trust -U postgres -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
    runuser -u postgres -- "$PGBIN/pg_ctl" -D "$RUN/pg" -l "$RUN/pg.log" -w \
      -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $RUN -c fsync=off" start >/dev/null
    runuser -u postgres -- "$PGBIN/createdb" -h 127.0.0.1 -p $PGPORT -U postgres test
  fi
  redis_up $REDISPORT || redis-server --bind 127.0.0.1 --port $REDISPORT --save '' --appendonly no --daemonize yes >/dev/null
  for _ in $(seq 50); do redis_up $REDISPORT && break; sleep 0.1; done
  PG_URL=postgres://postgres@127.0.0.1:$PGPORT/test; REDIS_URL=redis://127.0.0.1:$REDISPORT
fi
echo "PARLEY_TEST_PG_URL=$PG_URL"
echo "PARLEY_TEST_REDIS_URL=$REDIS_URL"
