// grognard_bench: the load generator of the benchmarks (docs/performance.md). One thread, one
// Asio event loop, C++20 coroutines: thousands of WebSocket connections from one core.
//
//   grognard_bench --workload commands --port P --pid PID [--echo-port E --echo-pid EPID]
//                  [--floor-port F --floor-pid FPID]
//                  [--rooms 64] [--rate 0] [--observers 0] [--seconds 10] [--warmup 2]
//                  [--recording bench/games/itchy-intro.txt] [--limit N]
//   grognard_bench --workload mixed|legal|idle|record|fill|probe ...
// Prints one RESULT line per target (server, echo, floor); bench/run.sh runs it and writes the
// report.

#include <CLI/CLI.hpp>

#include <cstdio>
#include <map>

#include "driver_check.h"
#include "workloads.h"

using namespace grognard::bench;

int main(int argc, char** argv) {
  CLI::App app{"grognard_bench: workloads against grognard-server and the echo server"};
  Options o;
  std::string workload = "commands";
  app.add_option("--workload", workload,
                 "commands, mixed, idle, legal, record, fill or probe (docs/performance.md)")
      ->required();
  app.add_option("--port", o.port, "The server's port on 127.0.0.1")->required();
  app.add_option("--pid", o.pid, "The server's process id (CPU time and memory)");
  app.add_option("--echo-port", o.echo_port, "The echo server's port (0: no echo phase)");
  app.add_option("--echo-pid", o.echo_pid, "The echo server's process id");
  app.add_option("--floor-port", o.floor_port,
                 "grognard_echo --durable's port (commands: 0, no floor phase)");
  app.add_option("--floor-pid", o.floor_pid, "grognard_echo --durable's process id");
  app.add_option("--rooms", o.rooms, "Rooms played at once (record: games recorded)");
  app.add_option("--observers", o.observers, "Observers per room");
  app.add_option("--rate", o.rate, "Commands per second over all rooms (0: closed loop)");
  app.add_option("--seconds", o.seconds, "Length of the measured window");
  app.add_option("--warmup", o.warmup_s, "Seconds before the window opens");
  app.add_option("--limit", o.limit, "Stop after this many commands (no warm-up)");
  app.add_option("--connections", o.connections, "Idle connections");
  app.add_option("--recording", o.recording, "Recorded games (commands)");
  app.add_option("--scenario", o.scenario, "Itchy & Scratchy scenario (legal, record)");
  app.add_option("--file", o.file, "record: the recording; fill, probe: invite codes");
  app.add_option("--events", o.events, "fill: events to store");
  app.add_option("--seed", o.seed, "Seed of the generator's choices");
  app.add_option("--timeout-ms", o.timeout_ms, "Per request");
  CLI11_PARSE(app, argc, argv);
  grognard::reliability::raise_fd_limit();

  const std::map<std::string, int (*)(const Options&)> workloads = {
      {"commands", commands}, {"mixed", mixed}, {"idle", idle},  {"legal", legal},
      {"record", record},     {"fill", fill},   {"probe", probe}};
  const auto it = workloads.find(workload);
  if (it == workloads.end()) {
    std::fprintf(stderr, "no workload %s\n", workload.c_str());
    return 2;
  }
  return it->second(o);
}
