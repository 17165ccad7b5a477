// SqliteStore reads and writes: round trips of every record, event ranges, invites, the
// archive listing's filters, unfinished games, and data surviving a restart.

#include <atomic>
#include <catch2/catch.hpp>
#include <thread>

#include "fixture.h"
#include "store/sqlite_store.h"

using namespace grognard;
using namespace grognard::store;
using namespace grognard::store::test;
using record::GameStatus;

namespace {

std::unique_ptr<SqliteStore> open_store(const std::string& path) {
  auto store = SqliteStore::open(path);
  INFO((store.ok() ? std::string() : store.error().message));
  REQUIRE(store.ok());
  return std::move(store).value();
}

std::vector<std::string> ids(const std::vector<record::GameRecord>& games) {
  std::vector<std::string> out;
  for (const auto& g : games) out.push_back(g.id);
  return out;
}

}  // namespace

TEST_CASE("games, seats and events (with their command ids) read back exactly as written",
          "[store]") {
  TempDir dir;
  auto store = open_store(dir.file("g.db"));
  const record::GameRecord game = make_game("g-7f3a9c21");
  record::WriteBatch batch = new_game_batch(game);
  batch.events = make_events(game.id, 1, 3);
  batch.events[0].command_id = "c-first";
  const record::WriteBatch written = batch;
  REQUIRE(append_sync(*store, std::move(batch)).ok());

  auto g = store->game(game.id);
  REQUIRE(g.ok());
  REQUIRE(g->has_value());
  check_same(**g, game);

  auto seats = store->seats(game.id);
  REQUIRE(seats.ok());
  REQUIRE(seats->size() == 2);
  check_same((*seats)[0], written.seats[0]);
  check_same((*seats)[1], written.seats[1]);

  auto events = store->events(game.id, 1, 0);
  REQUIRE(events.ok());
  REQUIRE(events->size() == 3);
  for (std::size_t i = 0; i < 3; ++i) check_same((*events)[i], written.events[i]);
  CHECK((*events)[0].payload.size() == 11);  // NUL bytes kept

  CHECK((*events)[0].command_id == "c-first");

  CHECK_FALSE(store->game("g-none").value().has_value());
  CHECK(store->seats("g-none").value().empty());
}

TEST_CASE("a game row and a seat are updated in place", "[store]") {
  TempDir dir;
  auto store = open_store(dir.file("g.db"));
  record::GameRecord game = make_game("g-1", "itchy", 1'000, GameStatus::kRunning);
  REQUIRE(append_sync(*store, new_game_batch(game)).ok());
  REQUIRE(
      append_sync(*store, record::WriteBatch{std::nullopt, {}, make_events("g-1", 1, 2), {}, {}})
          .ok());

  game.status = GameStatus::kFinished;
  game.ended_ms = 9'000;
  game.result = "Zulus win";
  game.last_seq = 2;
  record::WriteBatch b;
  b.game = game;
  b.seats = {make_seat("g-1", "side:1", "mpande")};
  REQUIRE(append_sync(*store, std::move(b)).ok());

  check_same(store->game("g-1").value().value(), game);
  auto seats = store->seats("g-1").value();
  REQUIRE(seats.size() == 2);
  CHECK(seats[1].player_name == "mpande");
  CHECK(store->events("g-1", 1, 0).value().size() == 2);  // events of the game are kept
}

TEST_CASE("events are fetched by sequence range", "[store]") {
  TempDir dir;
  auto store = open_store(dir.file("g.db"));
  record::WriteBatch b = new_game_batch(make_game("g-1"));
  b.events = make_events("g-1", 1, 10);
  REQUIRE(append_sync(*store, std::move(b)).ok());
  record::WriteBatch other = new_game_batch(make_game("g-2"));
  other.events = make_events("g-2", 1, 4);
  REQUIRE(append_sync(*store, std::move(other)).ok());

  auto seqs = [&](std::uint64_t from, std::uint64_t to) {
    std::vector<std::uint64_t> out;
    const auto events = store->events("g-1", from, to).value();
    for (const auto& e : events) out.push_back(e.seq);
    return out;
  };
  using V = std::vector<std::uint64_t>;
  CHECK(seqs(1, 0) == V{1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
  CHECK(seqs(0, 0).size() == 10);
  CHECK(seqs(4, 6) == V{4, 5, 6});
  CHECK(seqs(8, 0) == V{8, 9, 10});
  CHECK(seqs(7, 7) == V{7});
  CHECK(seqs(9, 99) == V{9, 10});
  CHECK(seqs(11, 0).empty());
  CHECK(seqs(6, 4).empty());
  CHECK(seqs(~std::uint64_t{0}, 0).empty());
  CHECK(store->events("g-none", 1, 0).value().empty());
}

TEST_CASE("a game's take-backs are read alone, and a batch deletes the seats it drops", "[store]") {
  TempDir dir;
  auto store = open_store(dir.file("g.db"));
  record::WriteBatch b = new_game_batch(make_game("g-1"));
  b.seats.push_back(make_seat("g-1", "observer:1", "watcher"));
  b.events = make_events("g-1", 1, 6);
  b.events[2].kind = record::EventKind::kTakenBack;
  b.events[4].kind = record::EventKind::kTakenBack;
  REQUIRE(append_sync(*store, std::move(b)).ok());
  const auto taken_back = store->taken_back("g-1").value();
  REQUIRE(taken_back.size() == 2);
  CHECK(taken_back[0].seq == 3);
  CHECK(taken_back[1].seq == 5);
  CHECK(store->taken_back("g-none").value().empty());

  record::WriteBatch gone;
  gone.game = store->game("g-1").value().value();
  gone.dropped_seats = {"observer:1"};
  REQUIRE(append_sync(*store, std::move(gone)).ok());
  const auto seats = store->seats("g-1").value();
  CHECK(seats.size() == 2);
  for (const auto& seat : seats) CHECK(seat.seat_id != "observer:1");
}

TEST_CASE("a game is found by its invite code", "[store]") {
  TempDir dir;
  auto store = open_store(dir.file("g.db"));
  REQUIRE(append_sync(*store, new_game_batch(make_game("g-1"))).ok());
  REQUIRE(append_sync(*store, new_game_batch(make_game("g-2"))).ok());

  CHECK(store->game_by_invite("inv-g-2").value().value().id == "g-2");
  CHECK_FALSE(store->game_by_invite("inv-g-3").value().has_value());
  CHECK_FALSE(store->game_by_invite("").value().has_value());

  SECTION("two games cannot share a code; games without a code can") {
    record::GameRecord clash = make_game("g-3");
    clash.invite_code = "inv-g-1";
    auto st = append_sync(*store, new_game_batch(clash));
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().clause == "store.commit");
    CHECK_FALSE(store->game("g-3").value().has_value());
    record::GameRecord a = make_game("g-4"), b = make_game("g-5");
    a.invite_code.clear();
    b.invite_code.clear();
    CHECK(append_sync(*store, new_game_batch(a)).ok());
    CHECK(append_sync(*store, new_game_batch(b)).ok());
  }
}

TEST_CASE("the archive lists games by rule set, player, status, date and visibility", "[store]") {
  TempDir dir;
  auto store = open_store(dir.file("g.db"));
  struct Row {
    const char* id;
    const char* ruleset;
    std::int64_t created;
    GameStatus status;
    bool listed;
    const char* player;
  };
  const Row rows[] = {
      {"g-a", "itchy", 100, GameStatus::kFinished, true, "ann"},
      {"g-b", "itchy", 200, GameStatus::kRunning, true, "bob"},
      {"g-c", "rcw", 300, GameStatus::kRunning, true, "ann"},
      {"g-d", "sharpe", 400, GameStatus::kWaiting, false, "ann"},
      {"g-e", "rcw", 500, GameStatus::kFinished, true, "cat"},
  };
  for (const Row& r : rows) {
    record::GameRecord g = make_game(r.id, r.ruleset, r.created, r.status);
    g.listed = r.listed;
    record::WriteBatch b;
    b.game = g;
    b.seats = {make_seat(r.id, "side:0", r.player), make_seat(r.id, "side:1", "zed")};
    REQUIRE(append_sync(*store, std::move(b)).ok());
  }
  auto list = [&](record::GameFilter f) {
    auto result = store->games(f);
    REQUIRE(result.ok());
    return ids(*result);
  };
  using V = std::vector<std::string>;
  record::GameFilter f;
  CHECK(list(f) == V{"g-e", "g-c", "g-b", "g-a"});  // newest first, listed only
  f.listed_only = false;
  CHECK(list(f) == V{"g-e", "g-d", "g-c", "g-b", "g-a"});

  record::GameFilter by_ruleset = f;
  by_ruleset.ruleset = "rcw";
  CHECK(list(by_ruleset) == V{"g-e", "g-c"});

  record::GameFilter by_player = f;
  by_player.player = "ann";
  CHECK(list(by_player) == V{"g-d", "g-c", "g-a"});
  by_player.player = "zed";
  CHECK(list(by_player).size() == 5);
  by_player.player = "nobody";
  CHECK(list(by_player).empty());

  record::GameFilter by_status = f;
  by_status.status = GameStatus::kRunning;
  CHECK(list(by_status) == V{"g-c", "g-b"});
  by_status.status = GameStatus::kFinished;
  CHECK(list(by_status) == V{"g-e", "g-a"});

  record::GameFilter by_date = f;
  by_date.since_ms = 200;
  by_date.until_ms = 400;  // [200, 400)
  CHECK(list(by_date) == V{"g-c", "g-b"});
  by_date.until_ms = 0;
  CHECK(list(by_date) == V{"g-e", "g-d", "g-c", "g-b"});

  record::GameFilter limited = f;
  limited.limit = 2;
  CHECK(list(limited) == V{"g-e", "g-d"});

  record::GameFilter all = f;
  all.ruleset = "rcw";
  all.player = "ann";
  all.status = GameStatus::kRunning;
  all.since_ms = 300;
  all.until_ms = 301;
  all.listed_only = true;
  CHECK(list(all) == V{"g-c"});

  record::GameFilter bad = f;
  bad.limit = 0;
  auto refused = store->games(bad);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().code == engine::ErrorCode::kInvalidArgument);

  // Games still to resume at start, listed or not, oldest first.
  auto unfinished = store->unfinished_games();
  REQUIRE(unfinished.ok());
  CHECK(ids(*unfinished) == V{"g-b", "g-c", "g-d"});
}

TEST_CASE("everything stored survives closing and reopening the database", "[store][durability]") {
  TempDir dir;
  const std::string path = dir.file("g.db");
  record::WriteBatch batch = new_game_batch(make_game("g-1"));
  batch.events = make_events("g-1", 1, 5);
  batch.events[0].command_id = "c-9";
  const record::WriteBatch written = batch;
  {
    auto store = open_store(path);
    store->append(std::move(batch), [](engine::Status) {});
  }  // the destructor commits what is queued
  auto store = open_store(path);
  check_same(store->game("g-1").value().value(), *written.game);
  auto events = store->events("g-1", 1, 0).value();
  REQUIRE(events.size() == 5);
  for (std::size_t i = 0; i < 5; ++i) check_same(events[i], written.events[i]);
  check_same(store->seats("g-1").value().at(1), written.seats[1]);
  CHECK(events[0].command_id == "c-9");
  // The stored chain still links: each event's chain hash follows from the one before.
  record::Hash32 previous{};
  for (const auto& e : events) {
    CHECK(record::chain_hash(previous, e) == e.chain);
    previous = e.chain;
  }
}

TEST_CASE("reads on many threads while the writer commits", "[store]") {
  TempDir dir;
  SqliteStore::Options options;
  options.reader_connections = 2;
  auto opened = SqliteStore::open(dir.file("g.db"), options);
  REQUIRE(opened.ok());
  SqliteStore& store = *opened.value();
  REQUIRE(append_sync(store, new_game_batch(make_game("g-1"))).ok());

  std::atomic<bool> failed{false};
  std::vector<std::thread> readers;
  for (int t = 0; t < 4; ++t) {
    readers.emplace_back([&] {
      std::size_t last = 0;
      for (int i = 0; i < 200; ++i) {
        auto events = store.events("g-1", 1, 0);
        // Each read sees a committed prefix of the log, never less than before.
        if (!events.ok() || events->size() < last) failed = true;
        if (events.ok()) last = events->size();
      }
    });
  }
  record::Hash32 previous{};
  for (std::uint64_t seq = 1; seq <= 50; ++seq) {
    auto events = make_events("g-1", seq, 1, previous);
    previous = events[0].chain;
    store.append(record::WriteBatch{std::nullopt, {}, std::move(events), {}, {}},
                 [](engine::Status) {});
  }
  for (auto& t : readers) t.join();
  store.flush();
  CHECK_FALSE(failed);
  CHECK(store.events("g-1", 1, 0).value().size() == 50);
}
