#!/usr/bin/env bash
# The benchmark suite (docs/performance.md): builds what it needs in build/bench (Release with
# debug info), runs every workload against grognard-server and the echo server (the commands
# workload also against the floor, grognard_echo --durable), and writes the
# report to build/bench/report.md (the figures, one RESULT line each, to build/bench/results.txt).
#
#   bash bench/run.sh            the full run (about 15-20 minutes), medians of three runs
#   bash bench/run.sh --quick    every workload once and small (a minute or two): the script works
#
# The server is pinned to CPU 1 and the generator to CPU 0 (taskset). Instructions are counted
# with valgrind's callgrind (installed with apt-get when missing and run as root).
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
[ "${1:-}" = "--quick" ] && quick=1
build="${GROGNARD_BENCH_BUILD:-build/bench}"

if ! command -v valgrind >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind
  else
    echo "bench: valgrind is missing (apt-get install valgrind); instructions are not counted"
  fi
fi
[ -f "$build/build.ninja" ] || cmake --preset default -B "$build" >/dev/null
if ! ninja -C "$build" grognard-server grognard_echo grognard_bench >"$build/ninja.log" 2>&1; then
  tail -30 "$build/ninja.log"
  exit 1
fi

ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
work="$(mktemp -d /tmp/grognard-bench.XXXXXX)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
results="$build/results.txt"
: >"$results"
server_bin="$build/server/grognard-server"
gen="$build/bench/grognard_bench"
recording=bench/games/itchy-colonial.txt
flags=(--rate 0 --max-connections 0 --max-connections-per-address 0 --rooms-per-address 0
  --rooms-per-connection 0 --max-handshakes 20000 --max-rooms 20000
  --join-failures-per-minute 0 --idle-timeout 0 --chat-per-seat 0 --chat-per-room 0
  --waiting-room-hours 0)
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then
  on_server=(taskset -c 1)
  on_gen=(taskset -c 0)
else
  on_server=()
  on_gen=()
  echo "bench: fewer than 2 CPUs (or no taskset): nothing is pinned"
fi

# start NAME CMD...: starts CMD in the background, its stdout in $work/NAME.out and its stderr
# in $work/NAME.log, and waits for its "listening on ws://HOST:PORT" line: sets port and pid.
start() {
  local name="$1"
  shift
  "$@" >"$work/$name.out" 2>"$work/$name.log" &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 1 1200); do
    port="$(sed -n 's/.*listening on ws:\/\/[0-9.]*:\([0-9]*\).*/\1/p' "$work/$name.out")"
    [ -n "$port" ] && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "bench: $name did not start:"
  tail -5 "$work/$name.log"
  exit 1
}
stop() {  # stop PID: SIGTERM and wait (the server's graceful shutdown)
  kill -TERM "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}
servers() {  # a fresh server (new database), echo and floor, all pinned; sets sp/sport/ep/eport/fp/fport
  rm -f "$work"/db*
  start server "${on_server[@]}" "$server_bin" --listen 127.0.0.1:0 --db "$work/db" "${flags[@]}"
  sp=$pid sport=$port
  start echo "${on_server[@]}" "$build/bench/grognard_echo"
  ep=$pid eport=$port
  start floor "${on_server[@]}" "$build/bench/grognard_echo" --durable "$work/db.floor"
  fp=$pid fport=$port
}
run() {  # run WORKLOAD ARGS...: one run of the generator against fresh servers
  servers
  "${on_gen[@]}" "$gen" --workload "$@" --port "$sport" --pid "$sp" --echo-port "$eport" \
    --echo-pid "$ep" --floor-port "$fport" --floor-pid "$fp" --recording "$recording" |
    tee -a "$results" | grep RESULT || true
  stop "$sp"
  stop "$ep"
  stop "$fp"
}

if [ "$quick" = 1 ]; then
  repeats=1 secs=3 warm=1 rooms=16 open_rooms=100 open_rate=100 idle=1000 events=20000
  cg=(100 300)
else
  repeats=3 secs=15 warm=3 rooms=64 open_rooms=2000 open_rate=2000 idle=10000 events=1000000
  cg=(300 1300)
fi

for r in $(seq 1 "$repeats"); do
  echo "== run $r of $repeats"
  run commands --rooms "$rooms" --seconds "$secs" --warmup "$warm"
  # P2: 2,000 commands/s over 10,000 connections (rooms of two generals and three observers).
  run commands --rooms "$open_rooms" --observers 3 --rate "$open_rate" --seconds "$secs" \
    --warmup $((warm * 8))
  run mixed --rooms 16 --observers 1 --seconds "$secs" --warmup "$warm"
  run legal --rooms 4 --seconds "$secs" --warmup "$warm"
  run idle --connections "$idle"
done

source bench/restart.sh
source bench/callgrind.sh

python3 bench/report.py "$results" "$quick" >"$build/report.md"
echo "bench: report written to $build/report.md"
