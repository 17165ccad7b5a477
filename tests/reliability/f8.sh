#!/usr/bin/env bash
# F8 soak: CI 2 minutes, --full one hour (docs/reliability.md).
# Takes --full; the build folder in GROGNARD_BUILD (default build/default).
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${GROGNARD_BUILD:-build/default}"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
exec "$build/tests/reliability/f8_soak" "$@"
