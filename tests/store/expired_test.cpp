// An expired game (a room that waited too long for its players) is stored with its own status:
// it reads back as expired, the archive lists it under that status, and it is not among the
// games resumed at start. No migration: games.status holds any status as text.

#include <catch2/catch.hpp>

#include "fixture.h"
#include "store/sqlite_store.h"

using namespace grognard;
using namespace grognard::store;
using namespace grognard::store::test;
using record::GameStatus;

TEST_CASE("an expired game reads back as expired and is not resumed at start", "[store][expiry]") {
  TempDir dir;
  const std::string path = dir.file("g.db");
  {
    auto opened = SqliteStore::open(path);
    REQUIRE(opened.ok());
    auto& store = **opened;
    REQUIRE(
        append_sync(store, new_game_batch(make_game("g-wait", "itchy", 100, GameStatus::kWaiting)))
            .ok());
    record::GameRecord gone = make_game("g-gone", "itchy", 200, GameStatus::kWaiting);
    REQUIRE(append_sync(store, new_game_batch(gone)).ok());
    gone.status = GameStatus::kExpired;
    gone.result = "expired after 168 hours waiting for players";
    record::WriteBatch expire;
    expire.game = gone;
    REQUIRE(append_sync(store, std::move(expire)).ok());
  }
  auto reopened = SqliteStore::open(path);
  REQUIRE(reopened.ok());
  auto& store = **reopened;
  auto g = store.game("g-gone");
  REQUIRE(g.ok());
  REQUIRE(g->has_value());
  CHECK((*g)->status == GameStatus::kExpired);
  CHECK((*g)->result == "expired after 168 hours waiting for players");

  auto unfinished = store.unfinished_games();
  REQUIRE(unfinished.ok());
  REQUIRE(unfinished->size() == 1);
  CHECK(unfinished->front().id == "g-wait");

  record::GameFilter expired;
  expired.status = GameStatus::kExpired;
  expired.listed_only = false;
  auto listed = store.games(expired);
  REQUIRE(listed.ok());
  REQUIRE(listed->size() == 1);
  CHECK(listed->front().id == "g-gone");
  RawDb raw(path);
  CHECK(raw.rows("SELECT status FROM games WHERE id = 'g-gone'") ==
        std::vector<std::string>{"expired"});
}
