// F1 crash loop (docs/reliability.md): rooms of two generals play against the real server
// while it is killed with SIGKILL at random moments and restarted on the same database. After
// every restart, before any client is back: every command the ledger holds as acknowledged is
// stored once, as the events its answer named; no command id (acknowledged or not) is stored
// twice; every stored game replays to its stored state hashes (the server checks this as it
// loads them: its log names any that does not); PRAGMA integrity_check is ok. The clients
// resume with their tokens and re-send what was in flight; every seat must read every event
// exactly once. Exit 0 when all holds.
//
//   f1_crash_loop [--full] [--kills N] [--rooms N] [--seed S]

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

int main(int argc, char** argv) {
  CLI::App app{"F1 crash loop: SIGKILL the server under load, restart, check every command"};
  bool full = false;
  int kills = 0, rooms = 16, min_ms = 200, max_ms = 1500;
  std::uint32_t seed = std::random_device{}();
  app.add_flag("--full", full, "The full run: 200 kills (else 20)");
  app.add_option("--kills", kills, "Kills (overrides --full)");
  app.add_option("--rooms", rooms, "Rooms played at once");
  app.add_option("--min-ms", min_ms, "Least load between two kills, ms");
  app.add_option("--max-ms", max_ms, "Most load between two kills, ms");
  app.add_option("--seed", seed, "Seed of the kill moments and the driver's choices");
  CLI11_PARSE(app, argc, argv);
  if (kills == 0) kills = full ? 200 : 20;
  raise_fd_limit();
  std::printf("F1 crash loop: %d kills, %d rooms, load %d..%d ms between kills, seed %u\n", kills,
              rooms, min_ms, max_ms, seed);

  grognard::e2e::ServerProcess server(server_flags());
  asio::io_context io;
  Driver d(io, DriverOptions{}, seed);
  d.target.set_up(server.port());
  for (int r = 0; r < rooms; ++r) asio::co_spawn(io, d.play_room(r), asio::detached);

  bool ok = true;
  std::vector<double> restart_ms;
  const auto started = Clock::now();
  auto crash_loop = [&]() -> asio::awaitable<void> {
    std::mt19937 rng(seed ^ 0x5eed);
    std::size_t log_from = server.log().size();
    for (int k = 1; k <= kills; ++k) {
      co_await d.sleep(Millis(std::uniform_int_distribution<int>(min_ms, max_ms)(rng)));
      server.kill();
      d.target.set_down();
      const auto t0 = Clock::now();
      server.restart();
      restart_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      const std::string log = server.log();
      const auto problems = load_problems(log, log_from);
      log_from = log.size();
      const DbCheck c = check_db(server.database(), d.ledger);
      std::printf(
          "kill %3d: acknowledged %zu (all stored once), in flight %zu, games %zu, events %zu, "
          "restart %.0f ms, problems %zu\n",
          k, c.acked, d.ledger.in_flight.size(), c.games, c.events, restart_ms.back(),
          c.problems.size() + problems.size());
      for (const auto& line : problems) std::printf("  LOAD PROBLEM %s\n", line.c_str());
      ok = report_db(c) && problems.empty() && ok;
      std::fflush(stdout);
      d.target.set_up(server.port());
    }
    // The clients resume and re-send what was in flight; then the last check, quiet.
    co_await d.sleep(Millis(1500));
    d.pause = true;
    co_await d.sleep(Millis(1000));
    for (const auto& p : check_caught_up(server.database(), d.players)) {
      d.ledger.violation(p);
    }
    d.stop = true;
    while (d.rooms_running > 0) co_await d.sleep(Millis(50));
    const DbCheck c = check_db(server.database(), d.ledger);
    std::printf("final: acknowledged %zu, games %zu, events %zu, integrity ok: %s\n", c.acked,
                c.games, c.events, c.problems.empty() ? "yes" : "no");
    ok = report_db(c) && ok;
  };
  if (!run_to_end(io, crash_loop())) return 1;

  const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
  ok = report_ledger(d.ledger) && ok;
  std::printf("restart ms: p50 %.0f  p99 %.0f  max %.0f;  command latency ms: p50 %.1f  p99 %.1f\n",
              percentile(restart_ms, 0.5), percentile(restart_ms, 0.99),
              percentile(restart_ms, 1.0), percentile(d.ledger.latencies_ms, 0.5),
              percentile(d.ledger.latencies_ms, 0.99));
  std::printf("F1 %s: %d kills in %.0f s\n", ok ? "PASSED" : "FAILED", kills, seconds);
  return ok ? 0 : 1;
}
