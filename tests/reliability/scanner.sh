#!/usr/bin/env bash
# The hidden-information scanner: CI plays 6 games; --full plays 300.
set -euo pipefail
games=6
[ "${1:-}" = --full ] && games=300
GROGNARD_SCAN_GAMES=$games "$GROGNARD_BUILD/tests/reliability/reliability_scan_tests" \
  --durations yes "[hidden]"
