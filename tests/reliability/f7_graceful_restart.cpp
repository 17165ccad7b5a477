// F7 graceful restart under load (docs/reliability.md): rooms of two generals play while the
// server gets SIGTERM at random moments, with commands in flight. The server must exit 0; every
// command is either acknowledged and stored, or refused (UNAVAILABLE, the server is shutting
// down) and not stored, or left unanswered by a connection the server closed, which resumes
// after the restart and re-sends it with the same id (stored once either way); every
// connection the server closed got Closing "service restart" and the close code 1001; after
// the restart every seat resumes and reads every event exactly once. Exit 0 when all holds.
//
//   f7_graceful_restart [--full] [--restarts N] [--rooms N] [--seed S]

#include <CLI/CLI.hpp>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <csignal>
#include <cstdio>
#include <exception>
#include <random>

#include "driver.h"
#include "driver_check.h"
#include "server_process.h"

using namespace grognard::reliability;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  CLI::App app{"F7 graceful restart: SIGTERM under load, check every command and stream"};
  bool full = false;
  int restarts = 0, rooms = 16, min_ms = 300, max_ms = 1500;
  std::uint32_t seed = std::random_device{}();
  app.add_flag("--full", full, "The full run: 50 restarts (else 5)");
  app.add_option("--restarts", restarts, "Restarts (overrides --full)");
  app.add_option("--rooms", rooms, "Rooms played at once");
  app.add_option("--min-ms", min_ms, "Least load between two restarts, ms");
  app.add_option("--max-ms", max_ms, "Most load between two restarts, ms");
  app.add_option("--seed", seed, "Seed of the signal moments and the driver's choices");
  CLI11_PARSE(app, argc, argv);
  if (restarts == 0) restarts = full ? 50 : 5;
  raise_fd_limit();
  std::printf("F7 graceful restart: %d restarts, %d rooms, seed %u\n", restarts, rooms, seed);

  grognard::e2e::ServerProcess server(server_flags());
  asio::io_context io;
  DriverOptions options;
  options.expect_restart_close = true;
  options.unanswered_not_stored = true;
  Driver d(io, options, seed);
  d.target.set_up(server.port());
  for (int r = 0; r < rooms; ++r) asio::co_spawn(io, d.play_room(r), asio::detached);

  bool ok = true;
  std::vector<double> shutdown_ms;
  const auto started = Clock::now();
  auto restart_loop = [&]() -> asio::awaitable<void> {
    std::mt19937 rng(seed ^ 0x7e57);
    std::size_t log_from = server.log().size();
    for (int k = 1; k <= restarts; ++k) {
      co_await d.sleep(Millis(std::uniform_int_distribution<int>(min_ms, max_ms)(rng)));
      const std::size_t acked = d.ledger.commands, refused = d.ledger.refused.size();
      const auto t0 = Clock::now();
      server.signal(SIGTERM);
      d.target.set_down();
      // The clients keep reading while the server drains: answers, Closing, the close frames.
      while (!process_ended(server.pid()) && Clock::now() - t0 < std::chrono::seconds(30)) {
        co_await d.sleep(Millis(5));
      }
      shutdown_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      const auto code = server.wait(Millis(2000));
      if (code != 0) {
        std::printf("  SERVER EXIT %d after SIGTERM, not 0\n", code.value_or(-1));
        ok = false;
      }
      const std::size_t unanswered = d.ledger.in_flight.size();
      server.restart();
      const std::string log = server.log();
      const auto problems = load_problems(log, log_from);
      log_from = log.size();
      const DbCheck c = check_db(server.database(), d.ledger);
      std::printf(
          "restart %2d: shutdown %.0f ms; meanwhile acknowledged %zu, refused %zu, unanswered "
          "%zu; stored: acknowledged %zu all once, refused %zu none stored; problems %zu\n",
          k, shutdown_ms.back(), d.ledger.commands - acked, d.ledger.refused.size() - refused,
          unanswered, c.acked, c.refused, c.problems.size() + problems.size());
      for (const auto& line : problems) std::printf("  LOAD PROBLEM %s\n", line.c_str());
      ok = report_db(c) && problems.empty() && ok;
      std::fflush(stdout);
      d.target.set_up(server.port());
    }
    co_await d.sleep(Millis(1500));
    d.pause = true;
    co_await d.sleep(Millis(1000));
    for (const auto& p : check_caught_up(server.database(), d.players)) d.ledger.violation(p);
    d.stop = true;
    while (d.rooms_running > 0) co_await d.sleep(Millis(50));
    const DbCheck c = check_db(server.database(), d.ledger);
    std::printf("final: acknowledged %zu, refused %zu, games %zu, events %zu\n", c.acked, c.refused,
                c.games, c.events);
    ok = report_db(c) && ok;
  };
  if (!run_to_end(io, restart_loop())) return 1;

  const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
  ok = report_ledger(d.ledger) && ok;
  std::printf("shutdown ms: p50 %.0f  max %.0f;  command latency ms: p50 %.1f  p99 %.1f\n",
              percentile(shutdown_ms, 0.5), percentile(shutdown_ms, 1.0),
              percentile(d.ledger.latencies_ms, 0.5), percentile(d.ledger.latencies_ms, 0.99));
  std::printf("F7 %s: %d restarts in %.0f s\n", ok ? "PASSED" : "FAILED", restarts, seconds);
  return ok ? 0 : 1;
}
