#!/usr/bin/env bash
# Checks the systemd units in packaging/ with systemd-analyze verify: the server's, and the
# nightly backup's service and timer, with ExecStart pointed at this build's server binary (so
# that the check does not depend on an installed copy). Any warning fails it.
# Usage: bash scripts/units-check.sh [BUILD_DIR]   (default build/default)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build/default}"
server_bin="$(cd "$build" && pwd)/server/grognard-server"
[ -x "$server_bin" ] || { echo "units-check: build first ($server_bin missing)" >&2; exit 2; }
command -v systemd-analyze >/dev/null || { echo "units-check: systemd-analyze missing: run scripts/deps.sh" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for unit in grognard.service grognard-backup.service grognard-backup.timer; do
  sed "s|/usr/local/bin/grognard-server|$server_bin|g" "$root/packaging/$unit" > "$work/$unit"
done
out="$(cd "$work" && systemd-analyze verify ./grognard.service ./grognard-backup.service \
  ./grognard-backup.timer 2>&1 || true)"
# Outside a booted systemd (a container, a chroot) it may say so; that is not the units' fault.
out="$(printf '%s\n' "$out" | grep -v -e 'System has not been booted' -e '^$' || true)"
if [ -n "$out" ]; then
  printf 'units-check: systemd-analyze verify says:\n%s\n' "$out" >&2
  exit 1
fi
echo "units-check: grognard.service, grognard-backup.service and grognard-backup.timer verify"
