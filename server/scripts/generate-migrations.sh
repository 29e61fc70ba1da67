#!/usr/bin/env bash
# Runs `drizzle-kit generate` for server/src/db/schema.ts into server/drizzle/.
# drizzle-kit lives in the root node_modules but drizzle-orm only in server/node_modules, and
# drizzle-kit imports drizzle-orm from its own location; a throw-away folder of symlinks with
# --preserve-symlinks lets it find both without changing the installed packages.
set -euo pipefail
server_dir="$(cd "$(dirname "$0")/.." && pwd)"
repo_dir="$(dirname "$server_dir")"
shim="$(mktemp -d)"
trap 'rm -rf "$shim"' EXIT
mkdir -p "$shim/node_modules"
for entry in "$repo_dir"/node_modules/* "$repo_dir"/node_modules/@*; do
  ln -s "$entry" "$shim/node_modules/" 2>/dev/null || true
done
ln -sfn "$server_dir/node_modules/drizzle-orm" "$shim/node_modules/drizzle-orm"
cd "$server_dir"
node --preserve-symlinks --preserve-symlinks-main "$shim/node_modules/drizzle-kit/bin.cjs" generate "$@"
