#!/usr/bin/env bash
# Checks the README's two commands, `bash scripts/run.sh` and `bash scripts/test.sh`, on a
# bare Debian 12: a debootstrap minbase root (the local image debian:bookworm, made by
# docker/base-image.sh) with no package added, holding a git clone of this repository's
# committed HEAD (not the working tree: uncommitted and ignored files are left behind; or the
# commit GROGNARD_REF), run as root. Whatever the build, the tests or the server need must come from the project's own
# scripts, so a missing install step fails here.
#   run.sh:  started in the background until the server prints "listening on", /healthz
#            answers 200, then stopped with SIGTERM (graceful stop, exit 0);
#   test.sh: run to the end; its exit status, its ctest summary and its time are printed.
# Prints PASS/FAIL lines and figures; exit 0 when both pass. Logs stay in the printed dir.
# Takes 25-60 minutes on 2 cores (apt installs in a minute, then the whole project is compiled).
# The container runs with buildah (docker/container-lib.sh says why not podman run) on the
# host's network: if 8080 is taken, the server gets a free port through GROGNARD_LISTEN.
set -euo pipefail
cd "$(dirname "$0")/.."
source docker/container-lib.sh

image="${BASE_IMAGE:-debian:bookworm}"
logs="$(mktemp -d /tmp/grognard-fresh.XXXXXX)"
ctr=""
run_pid=""
failures=0

cleanup() {
  if [ -n "$run_pid" ] && kill -0 "$run_pid" 2>/dev/null; then kill -KILL "$run_pid" || true; fi
  if [ -n "$ctr" ]; then buildah rm "$ctr" >/dev/null 2>&1 || true; fi
  rm -rf "$logs/clone"
}
trap cleanup EXIT

check() {  # check NAME STATUS [DETAIL]
  if [ "$2" -eq 0 ]; then echo "PASS $1${3:+: $3}"; else
    echo "FAIL $1${3:+: $3}"
    failures=$((failures + 1))
  fi
}
minutes() { awk -v s="$1" 'BEGIN { printf "%d min %02d s", s / 60, s % 60 }'; }

install_missing curl git
bash docker/base-image.sh
echo "== logs in $logs"

# A fresh Debian user installs git to clone the project. We clone on the host instead and
# copy the clone in, so the root starts with nothing but minbase: scripts/deps.sh has to
# install git and everything else itself.
# GROGNARD_REF=COMMIT checks that commit instead of HEAD.
git clone -q --no-local "$(git rev-parse --show-toplevel)" "$logs/clone"
if [ -n "${GROGNARD_REF:-}" ]; then git -C "$logs/clone" checkout -q "$GROGNARD_REF"; fi
echo "== clone of $(git -C "$logs/clone" log -1 --format='%h %s' | cut -c1-80)"
ctr="$(buildah from --pull-never "$image")"
buildah copy "$ctr" "$logs/clone" /root/grognard >/dev/null
in_ctr() { buildah run --isolation chroot "$@"; }

# run.sh, as the README says.
env_args=()
if (exec 3<>/dev/tcp/127.0.0.1/8080) 2>/dev/null; then env_args=(-e GROGNARD_LISTEN=127.0.0.1:0); fi
start=$(date +%s)
in_ctr "${env_args[@]}" "$ctr" bash -c 'cd /root/grognard && bash scripts/run.sh' \
  >"$logs/run.out" 2>"$logs/run.log" &
run_pid=$!
echo "== bash scripts/run.sh (log: $logs/run.log)"
listening=1
while kill -0 "$run_pid" 2>/dev/null; do
  if grep -qs "listening on ws://" "$logs/run.out"; then listening=0 && break; fi
  sleep 5
done
run_secs=$(($(date +%s) - start))
check "run.sh: server listening" $listening \
  "$(grep -o 'listening on.*' "$logs/run.out" || tail -3 "$logs/run.log") after $(minutes $run_secs)"
if [ $listening -eq 0 ]; then
  port="$(sed -n 's/.*listening on ws:\/\/[^:]*:\([0-9]*\).*/\1/p' "$logs/run.out")"
  health="$(curl -fsS "http://127.0.0.1:$port/healthz")" && rc=0 || rc=$?
  check "run.sh: /healthz" $rc "$health"
  pid="$(descendant_named "$run_pid" grognard-server || true)"
  [ -n "$pid" ] && kill -TERM "$pid"
  rc=0
  wait "$run_pid" || rc=$?
  grep -q "stopped$" "$logs/run.log" || rc=1
  check "run.sh: SIGTERM stops the server gracefully" $rc "exit $rc"
fi
if [ $listening -ne 0 ]; then tail -5 "$logs/run.log"; fi
run_pid=""

# test.sh, to the end.
echo "== bash scripts/test.sh (log: $logs/test.log)"
start=$(date +%s)
in_ctr "$ctr" bash -c 'cd /root/grognard && bash scripts/test.sh' >"$logs/test.log" 2>&1 &&
  rc=0 || rc=$?
test_secs=$(($(date +%s) - start))
summary="$(grep -E 'tests passed|tests failed' "$logs/test.log" | tail -1 || true)"
check "test.sh" $rc "exit $rc, ${summary:-no ctest summary}, $(minutes $test_secs)"
if [ $rc -ne 0 ]; then grep -E '^\s+[0-9]+ - .*\((Failed|Timeout|SEGFAULT|Subprocess)' \
  "$logs/test.log" || tail -20 "$logs/test.log"; fi

echo "== fresh machine: run.sh $(minutes $run_secs) to listening, test.sh $(minutes $test_secs)"
[ "$failures" -eq 0 ] && echo "PASS scripts/fresh-machine.sh" || echo "FAIL scripts/fresh-machine.sh"
[ "$failures" -eq 0 ]
