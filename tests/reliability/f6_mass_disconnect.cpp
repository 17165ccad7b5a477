// F6 mass disconnects (docs/reliability.md): N connections seated in N/2 rooms of two generals
// play; then every connection drops at once, abruptly (no close frame), with commands in
// flight, and all of them resume at once with their seat tokens and last seen seqs. Every seat
// must read every event of its game exactly once (none missing, none doubled), every command
// in flight is re-sent with its id and applied once, and at the end every seat has read up to
// its game's last stored event. Exit 0 when all holds.
//
//   f6_mass_disconnect [--full] [--connections N] [--drops N] [--seed S]
// The full run holds 10,000 connections: it needs a descriptor limit above 10,000 (ulimit -n).

#include <CLI/CLI.hpp>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <cstdio>
#include <exception>
#include <random>

#include "driver.h"
#include "driver_check.h"
#include "server_process.h"

using namespace grognard::reliability;
using Clock = std::chrono::steady_clock;

namespace {

double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Every player seated, connected and done catching up.
std::size_t settled(const Driver& d) {
  std::size_t n = 0;
  for (const Player* p : d.players) n += p->conn && p->conn->is_open() && !p->catching_up;
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"F6 mass disconnects: every connection drops at once and resumes"};
  bool full = false;
  int connections = 0, drops = 2, play_s = 3, think_ms = 0;
  std::uint32_t seed = std::random_device{}();
  app.add_flag("--full", full, "The full run: 10,000 connections (else 500)");
  app.add_option("--connections", connections, "Connections (two per room)");
  app.add_option("--drops", drops, "Mass drops, each followed by play");
  app.add_option("--play-seconds", play_s, "Play between two drops, s");
  app.add_option("--think-ms", think_ms, "Pause between a room's commands (default N/10 ms)");
  app.add_option("--seed", seed, "Seed of the driver's choices");
  CLI11_PARSE(app, argc, argv);
  if (connections == 0) connections = full ? 10'000 : 500;
  if (think_ms == 0) think_ms = std::max(20, connections / 10);
  const long limit = raise_fd_limit();
  const int rooms = connections / 2;
  std::printf(
      "F6 mass disconnects: %d connections in %d rooms, %d drops, descriptors %ld, "
      "seed %u\n",
      connections, rooms, drops, limit, seed);
  if (limit < connections + 200) {
    std::printf("F6 FAILED: the descriptor limit %ld is too low for %d connections\n", limit,
                connections);
    return 1;
  }

  grognard::e2e::ServerProcess server(server_flags({"--queue-messages", "4096"}));
  asio::io_context io;
  DriverOptions options;
  options.think = Millis(think_ms);
  options.observers_allowed = false;
  options.timeout = Millis(60'000);
  Driver d(io, options, seed);
  d.target.set_up(server.port());
  const auto started = Clock::now();
  for (int r = 0; r < rooms; ++r) asio::co_spawn(io, d.play_room(r), asio::detached);

  bool ok = true;
  auto run = [&]() -> asio::awaitable<void> {
    const auto t0 = Clock::now();
    while (d.ledger.games_started < static_cast<std::size_t>(rooms) && since(t0) < 300) {
      co_await d.sleep(Millis(100));
    }
    std::printf("seated: %zu connections in %.1f s\n", d.players.size(), since(t0));
    co_await d.sleep(Millis(play_s * 1000));
    for (int k = 1; k <= drops; ++k) {
      const std::size_t commands = d.ledger.commands, events = d.ledger.events,
                        resumes = d.ledger.resumes, resent = d.ledger.resends;
      const std::size_t dropped = d.players.size();
      const auto t1 = Clock::now();
      d.drop_all();
      co_await d.sleep(Millis(50));
      while (settled(d) < d.players.size() && since(t1) < 300) co_await d.sleep(Millis(20));
      const double resumed_s = since(t1);
      co_await d.sleep(Millis(play_s * 1000));
      std::printf(
          "drop %d: %zu connections dropped, %zu resumed in %.2f s; then %zu commands (%zu "
          "re-sent after the drop), %zu events read\n",
          k, dropped, d.ledger.resumes - resumes, resumed_s, d.ledger.commands - commands,
          d.ledger.resends - resent, d.ledger.events - events);
      std::fflush(stdout);
    }
    // Every command in flight answered, then time for its pushes: at 10,000 connections an
    // answer may take seconds.
    d.pause = true;
    const auto t2 = Clock::now();
    while (!d.ledger.in_flight.empty() && since(t2) < 60) co_await d.sleep(Millis(50));
    co_await d.sleep(Millis(2000));
    for (const auto& p : check_caught_up(server.database(), d.players)) d.ledger.violation(p);
    std::printf("caught up: %zu seats checked against the stored logs\n", d.players.size());
    d.stop = true;
    while (d.rooms_running > 0) co_await d.sleep(Millis(50));
    const DbCheck c = check_db(server.database(), d.ledger);
    std::printf("stored: acknowledged %zu all once, games %zu, events %zu\n", c.acked, c.games,
                c.events);
    ok = report_db(c) && ok;
  };
  if (!run_to_end(io, run())) return 1;

  ok = report_ledger(d.ledger) && ok;
  if (d.ledger.drops == 0) {
    std::printf("  no connection was dropped\n");
    ok = false;
  }
  std::printf("command latency ms: p50 %.1f  p99 %.1f\n", percentile(d.ledger.latencies_ms, 0.5),
              percentile(d.ledger.latencies_ms, 0.99));
  std::printf("F6 %s: %d connections in %.0f s\n", ok ? "PASSED" : "FAILED", connections,
              since(started));
  return ok ? 0 : 1;
}
