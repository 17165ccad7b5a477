#!/usr/bin/env bash
# F1 crash loop: CI 20 kills, --full 200 (docs/reliability.md).
# Takes --full; the build folder in GROGNARD_BUILD (default build/default).
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${GROGNARD_BUILD:-build/default}"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
exec "$build/tests/reliability/f1_crash_loop" "$@"
