#!/usr/bin/env bash
# Runs the server's test suite against a real PostgreSQL server: a throw-away cluster on a free
# port (with-postgres.sh; each test file creates and drops its own database through
# TEST_DATABASE_URL). Skips, visibly, when PostgreSQL's server binaries are not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
# The tests read TEST_DATABASE_URL only (an admin connection); DATABASE_URL is not passed on.
exec bash scripts/with-postgres.sh sh -c 'exec env -u DATABASE_URL TEST_DATABASE_URL="$DATABASE_URL" \
  node --import tsx --test --test-concurrency=1 src/test/*.test.ts'
