# P5, sourced by bench/run.sh: a database holding $events events in unfinished games (forks of
# games played at random to their end: grognard_bench --workload fill), the server stopped and
# started again on it, then every game joined (grognard_bench --workload probe).
echo "== restart with $events events"
rm -f "$work"/db*
start fill "${on_server[@]}" "$server_bin" --listen 127.0.0.1:0 --db "$work/db" "${flags[@]}"
"${on_gen[@]}" "$gen" --workload fill --port "$port" --pid "$pid" --rooms 8 --events "$events" \
  --file "$work/invites" | tee -a "$results" | grep RESULT || true
stop "$pid"
t0="$(date +%s.%N)"
start restart "${on_server[@]}" "$server_bin" --listen 127.0.0.1:0 --db "$work/db" "${flags[@]}"
restarted=$pid
"${on_gen[@]}" "$gen" --workload probe --port "$port" --file "$work/invites" \
  --timeout-ms 120000 | tee "$work/probe.txt" | grep RESULT || true
stop "$restarted"
# From the server's log: the games folded back, by the loader ("[game G] recovered: N events")
# or on demand for the probe ("[game G] loaded on demand: running, N events"), and when, from its
# "database" line to the last of them; from the clock: start to listening and to every game
# answering.
python3 - "$work/restart.log" "$t0" "$work/probe.txt" >>"$results" <<'PY'
import re, sys
from datetime import datetime
log, t0, probe = sys.argv[1], float(sys.argv[2]), sys.argv[3]
def ts(line):
    return datetime.fromisoformat(line.split()[0]).timestamp()
events = games = 0
opened = last = listening = None
for line in open(log, errors="replace"):
    if " database " in line and opened is None:
        opened = ts(line)
    m = re.search(r"recovered: (\d+) events", line) or \
        re.search(r"loaded on demand: \w+, (\d+) events", line)
    if m:
        events += int(m.group(1)); games += 1; last = ts(line)
    if "listening on" in line and listening is None:
        listening = ts(line)
end = re.search(r"end_unix_s=([\d.e+]+)", open(probe).read())
fold = (last - opened) if last and opened else 0
print(f"RESULT workload=restart target=server games={games} events={events} "
      f"fold_s={fold:.3f} fold_events_per_s={events / fold if fold else 0:.0f} "
      f"listen_s={(listening or t0) - t0:.3f} "
      f"serve_all_s={float(end.group(1)) - t0 if end else 0:.3f}")
PY
grep "workload=restart" "$results" | tail -1
