#pragma once
// The workloads of the load generator (docs/performance.md, "Workloads"). Each runs against the
// server at `port` (process `pid`, for its CPU time and memory) and, when `echo_port` is set,
// first against the echo server with the same connections and frames (and the commands
// workload, when `floor_port` is set, against the floor: grognard_echo --durable); each prints
// RESULT lines.

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace grognard::bench {

struct Options {
  std::uint16_t port = 0, echo_port = 0, floor_port = 0;
  pid_t pid = 0, echo_pid = 0, floor_pid = 0;
  double warmup_s = 2, seconds = 10;
  int rooms = 64;
  int observers = 0;                         // per room
  double rate = 0;                           // commands/s over all rooms; 0: closed loop
  std::size_t limit = 0;                     // stop after this many commands (callgrind runs)
  int connections = 1000;                    // idle
  std::string recording;                     // the recorded games
  std::string scenario = "colonial_battle";  // legal
  std::string file;                // record: written; fill: invite codes written; probe: read
  std::size_t events = 1'000'000;  // fill: events to store
  std::uint32_t seed = 1;
  int timeout_ms = 30'000;
};

int commands(const Options& o);  // (a) commands only, closed or open loop
int mixed(const Options& o);     // (b) get_legal, commands, chat and observers
int idle(const Options& o);      // (c) idle connections (RSS per connection; P6: time to join)
int legal(const Options& o);     // get_legal at a colonial battle position (P3)
int record(const Options& o);    // records games for (a)
int fill(const Options& o);      // P5: a database with o.events events in unfinished games
int probe(const Options& o);     // P5: every game of `fill` answers a join

}  // namespace grognard::bench
