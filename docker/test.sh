#!/usr/bin/env bash
# Builds the container image (docker/Dockerfile) and checks it end to end from outside:
#   1. makes the base image debian:bookworm locally if missing (docker/base-image.sh),
#   2. podman build -> grognard:test (prints the build time and the image size),
#   3. runs the server in a container (buildah, see docker/container-lib.sh for why) with a
#      host temp dir as the volume /var/lib/grognard, on 8080 or a free port,
#   4. probes /healthz with curl and with the image's own health check, plays a short Itchy &
#      Scratchy game with the host's terminal client, stops the server with SIGTERM (graceful
#      stop logged, exit 0), starts it again on the same volume and finds the game with all
#      its events.
# Prints one PASS/FAIL line per check; exit 0 when all pass. Installs what it needs (podman,
# buildah, debootstrap, curl; the project's packages when it builds the client).
# Takes 15-25 minutes on 2 cores when the image is built from scratch (the build stage
# compiles the server), about 1 minute when podman has the layers cached.
# Environment: GROGNARD_CLIENT=path of a built `grognard` (else built with the default
# preset), GROGNARD_IMAGE (default grognard:test), FROM_HEAD=1 builds the committed HEAD
# instead of the working tree, KEEP=1 keeps the temp dir.
set -euo pipefail
cd "$(dirname "$0")/.."
source docker/container-lib.sh

image="${GROGNARD_IMAGE:-grognard:test}"
work="$(mktemp -d /tmp/grognard-container-test.XXXXXX)"
ctr=""
run_pid=""
failures=0

cleanup() {
  if [ -n "$run_pid" ] && kill -0 "$run_pid" 2>/dev/null; then
    kill -TERM "$(descendant_named "$run_pid" grognard-server)" 2>/dev/null || true
    sleep 2
    kill -KILL "$run_pid" 2>/dev/null || true
  fi
  if [ -n "$ctr" ]; then buildah rm "$ctr" >/dev/null 2>&1 || true; fi
  if [ -z "${KEEP:-}" ]; then rm -rf "$work"; else echo "kept $work"; fi
}
trap cleanup EXIT

check() {  # check NAME CONDITION-EXIT-STATUS [DETAIL]
  if [ "$2" -eq 0 ]; then echo "PASS $1${3:+: $3}"; else
    echo "FAIL $1${3:+: $3}"
    failures=$((failures + 1))
  fi
}

install_missing curl
bash docker/base-image.sh

# The host client.
client="${GROGNARD_CLIENT:-}"
if [ -z "$client" ]; then
  bash scripts/deps.sh
  cmake --preset default >/dev/null
  cmake --build --preset default --target grognard
  client=build/default/client-cli/grognard
fi
client="$(realpath "$client")"

# The build context: the working tree, or with FROM_HEAD=1 a clone of the committed HEAD (so
# edits in progress in the working tree cannot break the image).
context=.
if [ -n "${FROM_HEAD:-}" ]; then
  git clone -q --no-local "$(git rev-parse --show-toplevel)" "$work/src"
  context="$work/src"
fi
echo "== podman build of $context (log: $work/build.log)"
start=$(date +%s)
if ! podman build --isolation chroot --pull=never --format docker -f "$context/docker/Dockerfile" \
  -t "$image" "$context" >"$work/build.log" 2>&1; then
  tail -40 "$work/build.log"
  check "image build" 1
  exit 1
fi
build_secs=$(($(date +%s) - start))
size=$(podman image inspect --format '{{.Size}}' "$image")
check "image build" 0 "$image in ${build_secs} s, $((size / 1000000)) MB"

checks_start=$(date +%s)
ctr="$(buildah from --pull-never "$image")"
uid="$(buildah run --isolation chroot "$ctr" id -u)"
gid="$(buildah run --isolation chroot "$ctr" id -g)"
[ "$uid" != 0 ] && rc=0 || rc=1
check "runs as a non-root user" $rc "uid $uid"
data="$work/data"
mkdir -p "$data"
chown "$uid:$gid" "$data"  # the volume must be writable by the image's user

listen=0.0.0.0:8080
if (exec 3<>/dev/tcp/127.0.0.1/8080) 2>/dev/null; then listen=0.0.0.0:0; fi  # 8080 busy
port=""
start_server() {  # start_server N: the Nth start; sets run_pid and port
  local out="$work/server$1.out"
  buildah run --isolation chroot -v "$data:/var/lib/grognard" -e GROGNARD_LISTEN="$listen" \
    "$ctr" /usr/local/bin/grognard-server >"$out" 2>"$work/server$1.log" &
  run_pid=$!
  if ! wait_for_line "$out" "listening on ws://" 60; then
    cat "$work/server$1.log"
    check "server start $1" 1
    exit 1
  fi
  port="$(sed -n 's/.*listening on ws:\/\/[^:]*:\([0-9]*\).*/\1/p' "$out")"
  check "server start $1" 0 "$(cat "$out")"
}
stop_server() {  # stop_server N: SIGTERM to the server process, then its exit status
  local pid rc=0
  pid="$(descendant_named "$run_pid" grognard-server || true)"
  [ -n "$pid" ] && kill -TERM "$pid"
  wait "$run_pid" || rc=$?
  run_pid=""
  check "SIGTERM stop $1 exits 0" "$rc" "exit $rc"
  grep -q "shutting down" "$work/server$1.log" && grep -q "stopped$" "$work/server$1.log" &&
    rc=0 || rc=1
  check "graceful stop $1 logged" "$rc" "$(grep -E 'shutting down|stopped$' "$work/server$1.log" |
    sed -E 's/^[^ ]+ +[a-z]+ +//' | tr '\n' ' ')"
}

start_server 1
health="$(curl -fsS "http://127.0.0.1:$port/healthz")" && rc=0 || rc=$?
check "curl /healthz" $rc "$health"
buildah run --isolation chroot -e GROGNARD_LISTEN="0.0.0.0:$port" "$ctr" \
  /usr/local/bin/grognard-healthcheck && rc=0 || rc=$?
check "image HEALTHCHECK command" $rc
[ -f "$data/grognard.db" ] && rc=0 || rc=1
check "database on the volume" $rc "$(ls -ln "$data" | awk '/grognard.db$/ {print $3":"$4, $5" bytes"}')"

# A short game with the host client, both seats held in one token store.
export GROGNARD_SERVER="ws://127.0.0.1:$port" XDG_STATE_HOME="$work/client" NO_COLOR=1
g() { "$client" "$@"; }
created="$(g create itchy intro --as general/British --name Alice)"
code="$(sed -n 's/.*Invite code: *\([A-Z0-9]*\).*/\1/p' <<<"$created" | head -1)"
game="$(grep -o 'g-[A-Za-z0-9-]*' <<<"$created" | head -1)"
g join "$code" --as general/Boers --name Bob >/dev/null && rc=0 || rc=$?
check "create and join" $rc "room $code, game $game"
winner="" loser=""
for side in British Boers; do
  if printf 'wait 2\nlegal\n' | g --json play "$code" --as "general/$side" --script - 2>/dev/null |
    grep -q choose_order; then winner=$side; fi
done
[ -n "$winner" ] && rc=0 || rc=1
check "initiative thrown" $rc "$winner chooses"
if [ "$winner" = British ]; then loser=Boers w=B fw=N l=R fl=S; else loser=British w=R fw=S l=B fl=N; fi
printf 'first\nmove %s1 %s\nend\n' "$w" "$fw" |
  g play "$code" --as "general/$winner" --script - >"$work/play1.out" 2>&1 && rc=0 || rc=$?
check "$winner: first, move ${w}1 $fw, end" $rc "$(tail -1 "$work/play1.out")"
printf 'wait 10\nmove %s2 %s\nend\n' "$l" "$fl" |
  g play "$code" --as "general/$loser" --script - >"$work/play2.out" 2>&1 && rc=0 || rc=$?
check "$loser: wait, move ${l}2 $fl, end" $rc "$(tail -1 "$work/play2.out")"
before="$(g games | grep "^$game" || true)"
events_before="$(grep -o '[0-9]* events' <<<"$before")"

stop_server 1
start_server 2
after="$(g games | grep "^$game" || true)"
[ -n "$after" ] && [ "$(grep -o '[0-9]* events' <<<"$after")" = "$events_before" ] && rc=0 || rc=1
check "game kept across the restart" $rc "${events_before:-none} before; after: ${after:-missing}"
replayed="$(g --json replay "$game" 2>/dev/null | grep -c '"event"' || true)"
[ "$replayed" -ge "${events_before%% *}" ] && rc=0 || rc=1
check "replay after the restart" $rc "$replayed events"
! grep -q "recovery:" "$work/server2.log" && rc=0 || rc=1
check "recovery without problems" $rc
stop_server 2

echo "== image $image: $((size / 1000000)) MB, build ${build_secs} s," \
  "checks $(($(date +%s) - checks_start)) s, $failures failed"
[ "$failures" -eq 0 ] && echo "PASS docker/test.sh" || echo "FAIL docker/test.sh"
[ "$failures" -eq 0 ]
