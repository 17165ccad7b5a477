#!/usr/bin/env bash
# F4 fuzzing (docs/reliability.md): builds the libFuzzer targets (the fuzz preset: clang, ASan and
# UBSan) and runs each for 30 s (--full: 10 minutes), one at a time, on its corpus in
# build/fuzz/corpus/<target> (seeded from the golden games and the scenarios; what the fuzzer
# finds new is kept there). Prints each target's figures; exits non-zero when any target crashed,
# naming the input that reproduces it (run the target on that file alone to see the crash again;
# copy it to tests/fuzz/regressions/<target>/ once fixed).
#   tests/reliability/fuzz.sh [--full] [--time SECONDS] [TARGET...]
# The fuzz build's folder is $GROGNARD_FUZZ_BUILD (default build/fuzz, and build/fuzz-seeds for
# --seeds-only); $GROGNARD_BUILD is not used: the ordinary build cannot hold the fuzz targets.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=30
# CI's runs start from a fixed seed, so that a run is repeatable; --full from a fresh one.
seed="${GROGNARD_FUZZ_SEED:-1}"
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --full) seconds=600; seed="${GROGNARD_FUZZ_SEED:-0}" ;;
    --time) seconds="$2"; shift ;;
    # Each target over its seeds and regression inputs only, under the sanitizers (CI).
    --seeds-only) seconds=0 ;;
    -*) echo "usage: $0 [--full | --time SECONDS | --seeds-only] [TARGET...]" >&2; exit 2 ;;
    *) targets+=("$1") ;;
  esac
  shift
done
[ ${#targets[@]} -gt 0 ] || targets=(frame scenario command event_log archive)
# The seeds alone run in a tree of their own built without optimisation (the fuzz-seeds preset):
# the sanitizers check them as well, and the build takes less time (CI builds it).
preset=fuzz
[ "$seconds" -eq 0 ] && preset=fuzz-seeds
build="${GROGNARD_FUZZ_BUILD:-build/$preset}"

start=$(date +%s)
if [ ! -f "$build/build.ninja" ]; then
  cmake --preset "$preset" -B "$build" >/dev/null
fi
ninja -C "$build" -j"${GROGNARD_JOBS:-2}" fuzz_targets
echo "fuzz: build took $(( $(date +%s) - start )) s"
"$build/tests/fuzz/fuzz_corpus_builder" "$build/corpus"

export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
failed=()
for t in "${targets[@]}"; do
  bin="$build/tests/fuzz/fuzz_$t"
  crashes="$build/crashes/$t"
  log="$build/logs/$t.log"
  mkdir -p "$crashes" "$(dirname "$log")"
  before=$(ls "$crashes" | wc -l)
  set +e
  if [ "$seconds" -eq 0 ]; then limit=(-runs=0); else limit=(-max_total_time="$seconds"); fi
  inputs=("$build/corpus/$t")
  [ -d "tests/fuzz/regressions/$t" ] && inputs+=("tests/fuzz/regressions/$t")
  "$bin" -seed="$seed" "${limit[@]}" -timeout=25 -rss_limit_mb=2560 -print_final_stats=1 \
    -artifact_prefix="$crashes/" "${inputs[@]}" >"$log" 2>&1
  rc=$?
  set -e
  # The last status line ("#123 DONE cov: 456 ft: 789 corp: 12/3456b ...") and the final stats.
  status=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$status")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$status")
  corp=$(sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p' <<<"$status")
  echo "fuzz: $t: ${seconds} s, ${runs:-?} runs, ${rate:-?} exec/s, cov ${cov:-?}, ft ${ft:-?}," \
       "corpus ${corp:-?}, exit $rc"
  after=$(ls "$crashes" | wc -l)
  if [ "$rc" -ne 0 ] || [ "$after" -gt "$before" ]; then
    failed+=("$t")
    echo "fuzz: $t CRASHED (log: $log)" >&2
    grep -E 'ERROR: |runtime error|invariant broken|SUMMARY' "$log" | head -5 >&2 || true
    for f in $(ls -t "$crashes" | head -3); do
      echo "fuzz: reproduce with: $bin $crashes/$f" >&2
    done
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: crashes in: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: no crash in ${targets[*]}"
