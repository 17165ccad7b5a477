#!/usr/bin/env bash
# F5 WebSocket protocol abuse: CI 20 s, --full 2 minutes (docs/reliability.md).
# Takes --full; the build folder in GROGNARD_BUILD (default build/default).
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${GROGNARD_BUILD:-build/default}"
exec "$build/tests/reliability/f5_abuse" "$@"
