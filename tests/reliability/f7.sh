#!/usr/bin/env bash
# F7 graceful restart under load: CI 5 restarts, --full 50 (docs/reliability.md).
# Takes --full; the build folder in GROGNARD_BUILD (default build/default).
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${GROGNARD_BUILD:-build/default}"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
exec "$build/tests/reliability/f7_graceful_restart" "$@"
