#!/usr/bin/env bash
# Runs the server's test suite against a real PostgreSQL server: a throw-away cluster on a free
# port (each test file creates and drops its own database through TEST_DATABASE_URL).
# Skips, visibly, when PostgreSQL's server binaries are not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
pg_ctl=$(ls /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pg_ctl" ]; then
  echo "SKIPPED: PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/pg_ctl); the PostgreSQL run did not happen."
  exit 0
fi
bin_dir=$(dirname "$pg_ctl")
work=$(mktemp -d /tmp/nimbus-pg-XXXXXX)
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
# initdb refuses to run as root: run the cluster as the postgres user then.
as_owner=()
if [ "$(id -u)" = "0" ]; then
  chown postgres "$work"
  as_owner=(runuser -u postgres --)
fi
cleanup() {
  "${as_owner[@]}" "$bin_dir/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
"${as_owner[@]}" "$bin_dir/initdb" -D "$work/data" -A trust -U postgres >/dev/null
"${as_owner[@]}" "$bin_dir/pg_ctl" -D "$work/data" -l "$work/log" -w \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
echo "PostgreSQL $("$bin_dir/postgres" --version | awk '{print $3}') on port $port"
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" \
  node --import tsx --test --test-concurrency=1 src/test/*.test.ts
