#!/usr/bin/env bash
# F6 mass disconnects: CI 500 connections, --full 10,000 (needs ulimit -n above 10,000) (docs/reliability.md).
# Takes --full; the build folder in GROGNARD_BUILD (default build/default).
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${GROGNARD_BUILD:-build/default}"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
exec "$build/tests/reliability/f6_mass_disconnect" "$@"
