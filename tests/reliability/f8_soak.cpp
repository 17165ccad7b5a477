// F8 soak (docs/reliability.md): mixed load for a while: rooms of two generals playing games
// to their end and starting new ones, chat, observers joining and leaving, connections dropped
// and resumed. Every interval it samples the server's resident memory, open descriptors, the
// WAL's size, and the p99 of command latency. It fails when memory grows past a tolerance after
// the warm-up, when the descriptors open once every client has gone exceed those open before
// any came, when the WAL grows without bound, when an interval's p99 shows a hang, or when the
// driver saw any event missing or doubled.
//
//   f8_soak [--full] [--seconds N] [--interval N] [--rooms N] [--observers N] [--seed S]

#include <CLI/CLI.hpp>

#include <algorithm>
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
  CLI::App app{"F8 soak: mixed load, memory, descriptors, WAL and latency sampled"};
  bool full = false;
  int seconds = 0, interval = 0, rooms = 12, observers = 4, max_rooms = 200;
  double rss_tolerance = 0.25, rss_slack_mib = 16, wal_limit_mib = 64, hang_ms = 5000;
  std::uint32_t seed = std::random_device{}();
  app.add_flag("--full", full, "The full run: one hour, sampled every minute (else 2 minutes)");
  app.add_option("--seconds", seconds, "Duration (overrides --full)");
  app.add_option("--interval", interval, "Seconds between samples");
  app.add_option("--rooms", rooms, "Rooms played at once");
  app.add_option("--observers", observers, "Observers coming and going at once");
  app.add_option("--max-rooms", max_rooms,
                 "The server's --max-rooms: ended rooms stay in memory until it is reached, so "
                 "memory is flat only once it is (warm-up)");
  app.add_option("--rss-tolerance", rss_tolerance, "Growth of RSS allowed after warm-up (0.25)");
  app.add_option("--rss-slack-mib", rss_slack_mib, "RSS growth allowed on top, MiB");
  app.add_option("--wal-limit-mib", wal_limit_mib, "Largest WAL allowed, MiB");
  app.add_option("--seed", seed, "Seed of the driver's choices");
  CLI11_PARSE(app, argc, argv);
  if (seconds == 0) seconds = full ? 3600 : 120;
  if (interval == 0) interval = full ? 60 : 10;
  raise_fd_limit();
  std::printf("F8 soak: %d s, %d rooms, %d observers, sampled every %d s, seed %u\n", seconds,
              rooms, observers, interval, seed);

  grognard::e2e::ServerProcess server(server_flags({"--max-rooms", std::to_string(max_rooms)}));
  const ProcSample idle = sample_process(server.pid(), server.database());
  asio::io_context io;
  DriverOptions options;
  options.chat_chance = 0.03;
  options.drop_chance = 0.005;
  Driver d(io, options, seed);
  d.ledger.keep = !full;  // an hour of acknowledgements is not kept, only counted
  d.target.set_up(server.port());
  for (int r = 0; r < rooms; ++r) asio::co_spawn(io, d.play_room(r), asio::detached);
  for (int o = 0; o < observers; ++o) asio::co_spawn(io, d.observe(o), asio::detached);

  bool ok = true;
  std::vector<ProcSample> samples;
  auto sampler = [&]() -> asio::awaitable<void> {
    const auto t0 = Clock::now();
    std::printf("   time  RSS MiB  fds  WAL MiB  commands/s  p50 ms  p99 ms  games ended\n");
    std::size_t commands = 0;
    for (int t = interval; t <= seconds; t += interval) {
      co_await d.sleep(Millis(t * 1000) - std::chrono::duration_cast<Millis>(Clock::now() - t0));
      const ProcSample s = sample_process(server.pid(), server.database());
      samples.push_back(s);
      const std::vector<double> lat = std::move(d.ledger.latencies_ms);
      d.ledger.latencies_ms.clear();
      const double p99 = percentile(lat, 0.99);
      std::printf("%5d s  %7.1f  %4d  %7.2f  %10.0f  %6.1f  %6.1f  %zu\n", t, s.rss_mib, s.fds,
                  s.wal_mib, static_cast<double>(d.ledger.commands - commands) / interval,
                  percentile(lat, 0.5), p99, d.ledger.games_ended);
      std::fflush(stdout);
      commands = d.ledger.commands;
      if (p99 > hang_ms) {
        std::printf("  p99 %.0f ms over %.0f ms: a hang\n", p99, hang_ms);
        ok = false;
      }
    }
    d.stop = true;
    while (d.rooms_running > 0 || d.observers_running > 0) co_await d.sleep(Millis(50));
    co_await d.sleep(Millis(1500));  // the server notices the last closes
  };
  if (!run_to_end(io, sampler())) return 1;

  // Memory: after the warm-up (the first third: the server holds --max-rooms rooms by then), at
  // most the tolerance above its peak.
  const std::size_t warm = std::max<std::size_t>(2, samples.size() / 3);
  double warm_rss = 0, last_rss = 0, first_half_wal = 0, second_half_wal = 0, max_wal = 0;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (i < warm) warm_rss = std::max(warm_rss, samples[i].rss_mib);
    last_rss = samples[i].rss_mib;
    (i < samples.size() / 2 ? first_half_wal : second_half_wal) =
        std::max(i < samples.size() / 2 ? first_half_wal : second_half_wal, samples[i].wal_mib);
    max_wal = std::max(max_wal, samples[i].wal_mib);
  }
  const double rss_bound = warm_rss * (1 + rss_tolerance) + rss_slack_mib;
  std::printf("RSS: %.1f MiB after warm-up, %.1f MiB at the end (bound %.1f)\n", warm_rss, last_rss,
              rss_bound);
  if (samples.size() > warm && last_rss > rss_bound) ok = false;
  std::printf("WAL: largest %.2f MiB (limit %.0f), first half %.2f, second half %.2f\n", max_wal,
              wal_limit_mib, first_half_wal, second_half_wal);
  if (max_wal > wal_limit_mib || second_half_wal > 2 * first_half_wal + 4) ok = false;
  const ProcSample after = sample_process(server.pid(), server.database());
  std::printf("descriptors: %d before any client, %d after all left\n", idle.fds, after.fds);
  if (after.fds > idle.fds + 2) ok = false;

  const DbCheck c = check_db(server.database(), d.ledger);
  std::printf("stored: acknowledged %zu checked, games %zu, events %zu\n", c.acked, c.games,
              c.events);
  ok = report_db(c) && ok;
  ok = report_ledger(d.ledger) && ok;
  if (d.ledger.games_ended == 0) {
    std::printf("  no game was played to its end\n");
    ok = false;
  }
  std::printf("F8 %s: %d s\n", ok ? "PASSED" : "FAILED", seconds);
  return ok ? 0 : 1;
}
