#!/usr/bin/env bash
# The reliability suite (docs/reliability.md). Without arguments: the CI-sized runs; with
# --full: the full ones, whose figures go into docs/reliability.md. Each part is a script
# tests/reliability/<part>.sh taking the same argument and the build folder in GROGNARD_BUILD
# (default build/default); -k PART runs only that one.
set -euo pipefail
cd "$(dirname "$0")/../.."
mode=ci
only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --full) mode=full ;;
    -k) only="$2"; shift ;;
    *) echo "usage: $0 [--full] [-k PART]" >&2; exit 2 ;;
  esac
  shift
done
export GROGNARD_BUILD="${GROGNARD_BUILD:-build/default}"
failed=()
for part in tests/reliability/*.sh; do
  name="$(basename "$part" .sh)"
  [ "$name" = run ] && continue
  [ -n "$only" ] && [ "$name" != "$only" ] && continue
  echo "== $name ($mode)"
  if [ "$mode" = full ]; then args=(--full); else args=(); fi
  if ! bash "$part" "${args[@]}"; then failed+=("$name"); fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]}" >&2
  exit 1
fi
echo "all passed"
