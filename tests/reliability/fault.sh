#!/usr/bin/env bash
# F2 (power loss) and F3 (I/O errors, full disks) against grognard-server-faults
# (docs/reliability.md). CI (ctest) runs the short version: every k for sync faults over a short
# game, the full disks, 4 power cuts. --full: every k for writes, syncs and opens over a longer
# game, and 50 power cuts. Figures are printed; the tmpfs test needs root (else it says skipped).
set -euo pipefail
if [ "${1:-}" = --full ]; then
  export GROGNARD_F3_KINDS=write,sync,open GROGNARD_F3_STEPS=10
  export GROGNARD_F2_CUTS=50 GROGNARD_F2_STEPS=12
fi
exec "$GROGNARD_BUILD/tests/reliability/reliability_fault_tests" --durations yes "[f3],[f2]"
