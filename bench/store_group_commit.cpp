// Throughput of the store's writer with group commit: build/default/bench/store_bench
// Each room is a thread that sends commands one after another and, like a real room, waits
// for each command's events to be committed before sending the next. With one room every
// command costs a commit (an fsync); with many rooms group commit shares the commits.

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <future>
#include <thread>

#include "fixture.h"
#include "store/sqlite_store.h"

using namespace grognard;
using namespace grognard::store;
using namespace grognard::store::test;

namespace {

struct Run {
  double seconds = 0;
  std::size_t commits = 0;
};

Run run_rooms(int rooms, std::size_t commands_per_room) {
  TempDir dir;
  std::atomic<std::size_t> commits{0};
  SqliteStore::Options options;
  options.on_commit = [&](std::size_t, double) { ++commits; };
  auto store = SqliteStore::open(dir.file("bench.db"), std::move(options)).value();
  for (int r = 0; r < rooms; ++r) {
    REQUIRE(append_sync(*store, new_game_batch(make_game("g-" + std::to_string(r)))).ok());
  }
  commits = 0;
  std::atomic<bool> failed{false};
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int r = 0; r < rooms; ++r) {
    threads.emplace_back([&, r] {
      const std::string game = "g-" + std::to_string(r);
      record::Hash32 previous{};
      for (std::size_t c = 0; c < commands_per_room; ++c) {
        record::WriteBatch b;
        b.events = make_events(game, 2 * c + 1, 2, previous);  // two events per command
        previous = b.events.back().chain;
        b.events[0].command_id = "c-" + std::to_string(c);  // the command's first event
        if (!append_sync(*store, std::move(b)).ok()) failed = true;
      }
    });
  }
  for (auto& t : threads) t.join();
  Run run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.commits = commits;
  CHECK_FALSE(failed);
  return run;
}

}  // namespace

TEST_CASE("writer throughput with and without group commit", "[bench]") {
  std::printf("%6s %9s %9s %12s %12s %14s\n", "rooms", "commands", "commits", "commits/s",
              "commands/s", "batches/commit");
  for (int rooms : {1, 4, 16, 64}) {
    const std::size_t per_room = rooms == 1 ? 400 : 1600 / static_cast<std::size_t>(rooms);
    const Run run = run_rooms(rooms, per_room);
    const double commands = static_cast<double>(per_room) * rooms;
    std::printf("%6d %9.0f %9zu %12.0f %12.0f %14.1f\n", rooms, commands, run.commits,
                static_cast<double>(run.commits) / run.seconds, commands / run.seconds,
                commands / static_cast<double>(run.commits));
  }
}
