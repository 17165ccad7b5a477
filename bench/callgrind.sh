# Instructions per operation under valgrind's callgrind, sourced by bench/run.sh: the server,
# the echo and the floor each run under callgrind twice, driven for cg[0] and then cg[1] operations
# (grognard_bench --limit); (Ir of the longer run - Ir of the shorter) / (cg[1] - cg[0]) is what
# one more operation costs, start-up, room creation and shutdown cancelled out. The profile of
# the longer run is kept: build/bench/callgrind.server.out and callgrind_legal.server.out.
if command -v valgrind >/dev/null; then
  cg_run() {  # cg_run TAG N WORKLOAD ARGS...: the total Ir of the server and the echo
    local tag="$1" n="$2"
    shift 2
    rm -f "$work"/db*
    start server "${on_server[@]}" valgrind --tool=callgrind --callgrind-out-file="$work/cg.s" \
      "$server_bin" --listen 127.0.0.1:0 --db "$work/db" "${flags[@]}"
    sp=$pid sport=$port
    start echo "${on_server[@]}" valgrind --tool=callgrind --callgrind-out-file="$work/cg.e" \
      "$build/bench/grognard_echo"
    ep=$pid eport=$port
    start floor "${on_server[@]}" valgrind --tool=callgrind --callgrind-out-file="$work/cg.f" \
      "$build/bench/grognard_echo" --durable "$work/db.floor"
    fp=$pid fport=$port
    "${on_gen[@]}" "$gen" --workload "$@" --limit "$n" --port "$sport" --pid "$sp" \
      --echo-port "$eport" --echo-pid "$ep" --floor-port "$fport" --floor-pid "$fp" \
      --recording "$recording" --timeout-ms 300000 >"$work/cg.$tag.$n.txt" || true
    stop "$sp"
    stop "$ep"
    stop "$fp"
    ir_s=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$work/cg.s" | head -1)
    ir_e=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$work/cg.e" | head -1)
    ir_f=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$work/cg.f" | head -1)
  }
  cg_pair() {  # cg_pair TAG N1 N2 WORKLOAD ARGS...: one RESULT line per target
    local tag="$1" n1="$2" n2="$3"
    shift 3
    echo "== callgrind: $tag, $n1 and $n2 operations"
    cg_run "$tag" "$n1" "$@"
    local s1=$ir_s e1=$ir_e f1=$ir_f
    cg_run "$tag" "$n2" "$@"
    # The longer run's profile stays, for callgrind_annotate (where the instructions go).
    cp "$work/cg.s" "$build/$tag.server.out"
    echo "RESULT workload=$tag target=server ir_per_op=$(((ir_s - s1) / (n2 - n1)))" \
      "ops=$((n2 - n1))" | tee -a "$results"
    if [ "$tag" = callgrind ]; then
      echo "RESULT workload=$tag target=echo ir_per_op=$(((ir_e - e1) / (n2 - n1)))" \
        "ops=$((n2 - n1))" | tee -a "$results"
      echo "RESULT workload=$tag target=floor ir_per_op=$(((ir_f - f1) / (n2 - n1)))" \
        "ops=$((n2 - n1))" | tee -a "$results"
    fi
  }
  cg_pair callgrind "${cg[0]}" "${cg[1]}" commands --rooms 4
  cg_pair callgrind_legal $((cg[0] / 5)) $((cg[1] / 5)) legal --rooms 1
fi
