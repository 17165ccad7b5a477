// Re-simulation walks every stored game (record/resim.h, recheck_all) page by page from SQLite,
// also when more games than a page were created in the same millisecond, each game once, and
// stops between two games when asked.

#include <atomic>
#include <catch2/catch.hpp>
#include <set>

#include "fixture.h"
#include "record/resim.h"
#include "store/sqlite_store.h"

using namespace grognard;
using namespace grognard::store::test;

TEST_CASE("re-simulation lists every stored game with events once, page by page",
          "[store][resim]") {
  TempDir dir;
  auto opened = store::SqliteStore::open(dir.file("g.db"));
  REQUIRE(opened.ok());
  store::SqliteStore& store = **opened;
  std::set<std::string> with_events;
  for (int i = 0; i < 240; ++i) {
    // 130 games in one millisecond (more than a page), 110 before it, one a millisecond.
    const std::int64_t created = i < 130 ? 1'700'000'500'000 : 1'700'000'000'000 + i;
    record::GameRecord g =
        make_game("g-" + std::to_string(1000 + i), "itchy", created, record::GameStatus::kFinished);
    if (i % 40 == 7) {
      g.last_seq = 0;  // never began: nothing to re-apply
    } else {
      with_events.insert(g.id);
    }
    REQUIRE(append_sync(store, new_game_batch(g)).ok());
  }
  const record::Registry none;  // no rule set: every game is reported as not checkable
  std::multiset<std::string> seen;
  const std::atomic<bool> go_on{false};
  const auto totals = record::recheck_all(
      store, none, [](record::GameStatus) { return true; }, go_on,
      [&](const record::Recheck& r) {
        CHECK(r.outcome == record::Recheck::Outcome::kError);
        CHECK(r.why == "this server has no rule set \"itchy\"");
        seen.insert(r.game.id);
      });
  CHECK(totals.errors == with_events.size());
  CHECK(std::set<std::string>(seen.begin(), seen.end()) == with_events);
  CHECK(seen.size() == with_events.size());
  CHECK_FALSE(totals.stopped);

  // Only the statuses asked for; and nothing once asked to stop.
  const auto running = record::recheck_all(
      store, none, [](record::GameStatus s) { return s == record::GameStatus::kRunning; }, go_on,
      [](const record::Recheck&) {});
  CHECK(running.errors == 0);
  const std::atomic<bool> stop{true};
  std::size_t calls = 0;
  const auto stopped = record::recheck_all(
      store, none, [](record::GameStatus) { return true; }, stop,
      [&](const record::Recheck&) { ++calls; });
  CHECK(stopped.stopped);
  CHECK(calls == 0);
  CHECK(stopped.line(0.5) ==
        "0 games re-simulated under the current rules: 0 ok, 0 drifting, 0 could not be "
        "checked, stopped before the end (0.50 s)");
}
