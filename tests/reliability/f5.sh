#!/usr/bin/env bash
# F5 WebSocket protocol abuse: CI 20 s and 5 s a phase, --full 2 minutes and 30 s a phase
# (docs/reliability.md). Takes --full; the build folder in GROGNARD_BUILD (default build/default).
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${GROGNARD_BUILD:-build/default}"
status=0
"$build/tests/reliability/f5_abuse" "$@" || status=1
"$build/tests/reliability/f5_hostile" "$@" || status=1
exit $status
