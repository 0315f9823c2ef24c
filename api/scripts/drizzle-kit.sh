#!/usr/bin/env bash
# Runs drizzle-kit (hoisted to the root node_modules) so that it can import api's drizzle-orm, which
# npm keeps in api/node_modules: a throw-away node_modules of symlinks, resolved with --preserve-symlinks.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(cd .. && pwd)"
shim="$(mktemp -d)"
trap 'rm -rf "$shim"' EXIT
mkdir -p "$shim/node_modules"
for dir in "$root"/node_modules/* "$root"/node_modules/@*; do ln -s "$dir" "$shim/node_modules/$(basename "$dir")" 2>/dev/null || true; done
ln -sfn "$PWD/node_modules/drizzle-orm" "$shim/node_modules/drizzle-orm"
exec node --preserve-symlinks --preserve-symlinks-main "$shim/node_modules/drizzle-kit/bin.cjs" "$@"
