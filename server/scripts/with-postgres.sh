#!/usr/bin/env bash
# Usage: with-postgres.sh [--use-database-url] <command> [args...]
#
# Starts a throw-away PostgreSQL cluster (Debian's postgresql package: /usr/lib/postgresql/*/bin)
# on a free loopback port, runs the command with DATABASE_URL pointing at its `postgres`
# database (superuser postgres, trust authentication), then stops the cluster and removes it.
# The command's exit code is this script's.
#
# --use-database-url: when DATABASE_URL is already set, run the command against it as is (no
# cluster).
#
# Skips, visibly and with exit code 0, when PostgreSQL's server binaries are not installed.
set -euo pipefail
if [ "${1:-}" = "--use-database-url" ]; then
  shift
  if [ -n "${DATABASE_URL:-}" ]; then
    echo "PostgreSQL from DATABASE_URL (already set)"
    exec "$@"
  fi
fi
if [ "$#" -eq 0 ]; then
  echo "usage: $0 [--use-database-url] <command> [args...]" >&2
  exit 2
fi
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
echo "PostgreSQL $("$bin_dir/postgres" --version | awk '{print $3}') on port $port (throw-away cluster)"
export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
