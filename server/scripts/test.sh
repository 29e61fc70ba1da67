#!/usr/bin/env bash
# `npm test -w server`: the suite on the embedded database (PGlite) and, beside it, on a real
# PostgreSQL server (test-postgres.sh). Each run takes one test file at a time, so the two use
# the machine's two cores together; PostgreSQL's output is printed whole once both are done.
set -uo pipefail
cd "$(dirname "$0")/.."
node ../scripts/messages.mjs || exit 1
# The servers some tests start as processes do not shed load for a late event loop either (as
# the tests' own apps, helpers.ts): on a machine running two suites that is the machine.
export SHED_LOOP_DELAY_MS=600000
postgres_log=$(mktemp /tmp/nimbus-server-tests-XXXXXX)
trap 'rm -f "$postgres_log"' EXIT
bash scripts/test-postgres.sh > "$postgres_log" 2>&1 &
postgres_run=$!
node --import tsx --test --test-concurrency=1 src/test/*.test.ts
pglite_status=$?
wait "$postgres_run"
postgres_status=$?
echo
echo "=== the server suite on PostgreSQL ==="
cat "$postgres_log"
[ "$pglite_status" -eq 0 ] && [ "$postgres_status" -eq 0 ]
