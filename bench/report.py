#!/usr/bin/env python3
"""Writes the benchmark report (markdown) from bench/run.sh's RESULT lines: the medians of the
runs, the goals of docs/performance.md with each figure's ratio to the echo server's and,
where it applies, the floor's (grognard_echo --durable: the least a durable command needs).

    python3 bench/report.py build/bench/results.txt QUICK > build/bench/report.md
"""
import os
import platform
import re
import statistics
import subprocess
import sys
from collections import defaultdict
from datetime import datetime, timezone

results, quick = sys.argv[1], sys.argv[2] == "1"
runs = defaultdict(list)  # (workload, target): [{figure: value}]
for line in open(results):
    if not line.startswith("RESULT "):
        continue
    fields = dict(f.split("=", 1) for f in line.split()[1:])
    key = (fields.pop("workload"), fields.pop("target"))
    runs[key].append({k: float(v) for k, v in fields.items()})


def get(workload, target, figure):
    values = [r[figure] for r in runs.get((workload, target), []) if figure in r]
    return statistics.median(values) if values else None


def fmt(v, digits=3):
    if v is None:
        return "not measured"
    if abs(v) >= 1000:
        return f"{v:,.0f}"
    return f"{v:.{digits}g}"


def ratio(a, b):
    return f"{fmt(a / b)}×" if a is not None and b else "—"


def met(ok):
    return "—" if ok is None else ("yes" if ok else "**no**")


def git(*args):
    try:
        return subprocess.run(["git", *args], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
dirty = " (with uncommitted changes)" if git("status", "--porcelain", "--untracked-files=no") else ""
print("# Grognard benchmark report\n")
print(f"- commit `{git('rev-parse', '--short', 'HEAD')}`{dirty}: {git('log', '-1', '--format=%s')[:100]}")
print(f"- date {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC")
print(f"- machine: {os.cpu_count()} CPUs, {cpu}, {platform.system()} {platform.release()}")
print(f"- mode: {'quick (one small run of each workload: checks the script, not the server)' if quick else 'full (medians of three runs)'}")
print("- server pinned to CPU 1, generator to CPU 0; the echo server and the floor run where the server does\n")

print("## Goals\n")
print("| goal | measured | target | echo, same run | ratio to echo | floor, same run | met |")
print("|---|---|---|---|---|---|---|")
tput, etput = get("commands", "server", "ops_per_s"), get("commands", "echo", "ops_per_s")
ftput = get("commands", "floor", "ops_per_s")
print(f"| P1 durable throughput, commands only, closed loop (commands/s) | {fmt(tput)} | ≥ 40,000 and ≥ 0.3× echo "
      f"| {fmt(etput)} msg/s | {ratio(tput, etput)} | {fmt(ftput)} turns/s | {met(None if tput is None else tput >= 40000 and etput and tput >= 0.3 * etput)} |")
lat = [get("open", "server", k) for k in ("p50_ms", "p99_ms", "p999_ms")]
elat = [get("open", "echo", k) for k in ("p50_ms", "p99_ms", "p999_ms")]
flat = [get("open", "floor", k) for k in ("p50_ms", "p99_ms", "p999_ms")]
rate = get("open", "server", "ops_per_s")
ok = None if None in lat else lat[0] <= 1 and lat[1] <= 5 and lat[2] <= 15
print(f"| P2 latency, open loop over {'10,000' if not quick else '500'} connections: p50 / p99 / p99.9 (ms), at {fmt(rate)} commands/s "
      f"| {' / '.join(fmt(v) for v in lat)} | ≤ 1 / 5 / 15 | {' / '.join(fmt(v) for v in elat)} "
      f"| {' / '.join(ratio(a, b) for a, b in zip(lat, elat))} | {' / '.join(fmt(v) for v in flat)} | {met(ok)} |")
cpu_cmd, ecpu = get("commands", "server", "cpu_us_per_op"), get("commands", "echo", "cpu_us_per_op")
fcpu = get("commands", "floor", "cpu_us_per_op")
print(f"| P3 server CPU per command, commands only (µs) | {fmt(cpu_cmd)} | ≤ 30 | {fmt(ecpu)} per message "
      f"| {ratio(cpu_cmd, ecpu)} | {fmt(fcpu)} per turn | {met(None if cpu_cmd is None else cpu_cmd <= 30)} |")
ir, eir = get("callgrind", "server", "ir_per_op"), get("callgrind", "echo", "ir_per_op")
fir = get("callgrind", "floor", "ir_per_op")
print(f"| P3 instructions per command (callgrind, commands only) | {fmt(ir)} | — | {fmt(eir)} per message | {ratio(ir, eir)} | {fmt(fir)} per turn | — |")
lcpu, lir = get("legal", "server", "cpu_us_per_op"), get("callgrind_legal", "server", "ir_per_op")
print(f"| P3 get_legal, colonial battle position: CPU (µs) and instructions | {fmt(lcpu)} µs, {fmt(lir)} Ir | ≤ 50 µs | — | — | — "
      f"| {met(None if lcpu is None else lcpu <= 50)} |")
conns = get("idle", "server", "connections")
mem, emem = get("idle", "server", "rss_kib_per_conn"), get("idle", "echo", "rss_kib_per_conn")
print(f"| P4 server memory per idle connection at {fmt(conns)} connections (KiB) | {fmt(mem)} | ≤ 16 | {fmt(emem)} "
      f"| {ratio(mem, emem)} | — | {met(None if mem is None else mem <= 16)} |")
fold, events, games = (get("restart", "server", k) for k in ("fold_events_per_s", "events", "games"))
serve, listen = get("restart", "server", "serve_all_s"), get("restart", "server", "listen_s")
print(f"| P5 restart: stored events folded back (events/s) | {fmt(fold)} | ≥ 200,000 | — | — | — | {met(None if fold is None else fold >= 200000)} |")
print(f"| P5 restart: {fmt(events)} events in {fmt(games)} unfinished games, start to every game served (s) "
      f"| {fmt(serve)} (listening after {fmt(listen)}) | ≤ 10 | — | — | — | {met(None if serve is None else serve <= 10)} |")
join, fails = get("idle", "server", "connect_all_s"), get("idle", "server", "failures")
ejoin = get("idle", "echo", "connect_all_s")
print(f"| P6 {fmt(conns)} clients connect, hello and join (s; failures) | {fmt(join)}; {fmt(fails)} | ≤ 5; none "
      f"| {fmt(ejoin)} (connect and one echo) | {ratio(join, ejoin)} | — | {met(None if join is None else join <= 5 and fails == 0)} |")

print("\n## Every figure (medians)\n")
print("| workload | target | ops/s | CPU µs/op | server CPU used | generator CPU used | p50 ms | p99 ms | p99.9 ms | max ms | runs | failed or refused |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
for (w, t), rs in sorted(runs.items()):
    if "ops_per_s" not in rs[0]:
        continue
    bad = (get(w, t, "failures") or 0) + (get(w, t, "rejected") or 0) + (get(w, t, "violations") or 0)
    print(f"| {w} | {t} | {fmt(get(w, t, 'ops_per_s'))} | {fmt(get(w, t, 'cpu_us_per_op'))} "
          f"| {fmt(get(w, t, 'cpu_util'))} | {fmt(get(w, t, 'gen_cpu_util'))} | {fmt(get(w, t, 'p50_ms'))} "
          f"| {fmt(get(w, t, 'p99_ms'))} | {fmt(get(w, t, 'p999_ms'))} | {fmt(get(w, t, 'max_ms'))} | {len(rs)} | {fmt(bad)} |")
others = [(k, rs) for k, rs in sorted(runs.items()) if "ops_per_s" not in rs[0]]
if others:
    print("\n| workload | target | figures (medians) |\n|---|---|---|")
    for (w, t), rs in others:
        print(f"| {w} | {t} | " + ", ".join(f"{k} {fmt(get(w, t, k))}" for k in rs[0]) + " |")
