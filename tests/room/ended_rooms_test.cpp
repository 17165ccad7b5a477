// Games come back on demand (room/loader.h): the lobby loads waiting and running games at
// start while it serves, and lets an ended room nobody is in go an hour after the end; a seat
// resuming with its token, or a join with the invite code, loads a game not in memory at once.
#include <catch2/catch.hpp>

#include <chrono>
#include <future>

#include "world.h"

using namespace grognard;
using grognard::testing::FakePeer;
using grognard::testing::Table;
using grognard::testing::World;

namespace {

constexpr std::int64_t kMinute = 60'000;

v1::ServerMessage resume(World& w, const std::string& token, std::uint64_t last_seq = 0) {
  v1::ClientMessage m;
  m.mutable_resume()->set_token(token);
  m.mutable_resume()->set_last_seq(last_seq);
  return w.ask(std::make_shared<FakePeer>("returning"), m);
}

void leave(World& w, const std::shared_ptr<FakePeer>& peer) {
  v1::ClientMessage m;
  m.mutable_leave();
  REQUIRE(w.ask(peer, m).has_left());
}

// Ends the table's game (Secrets: revealing ends it) and returns its last seq.
std::uint64_t finish(Table& t) {
  auto r = t.w.command(t.north, "reveal", "c1");
  REQUIRE(r.has_command_result());
  return r.command_result().last_seq();
}

}  // namespace

TEST_CASE("a seat of a game that ended while the server was down resumes it and sees the end",
          "[room][resume][reliability]") {
  Table t;
  const std::uint64_t last = finish(t);

  // Another lobby on the same store, as after a restart: the ended game is not loaded.
  t.w.lobby = t.w.make_lobby();
  REQUIRE(t.w.lobby->recover().empty());
  CHECK(t.w.lobby->open_rooms() == 0);

  auto back = resume(t.w, t.south_token, 1);
  REQUIRE(back.has_seated());
  CHECK(back.seated().game_id() == t.id);
  CHECK(back.seated().seat_id() == "player:1");
  CHECK(back.seated().room().status() == "finished");
  CHECK(back.seated().last_seq() == last);
  REQUIRE(back.seated().events_size() == static_cast<int>(last - 1));  // every event after 1
  CHECK(back.seated().events(0).seq() == 2);
  CHECK(t.w.lobby->open_rooms() == 1);

  // Loaded once: the other seat and a watcher by invite code find the same room.
  REQUIRE(resume(t.w, t.north_token).has_seated());
  auto watcher = std::make_shared<FakePeer>("watcher");
  auto watching = t.w.join(watcher, t.invite, "observer");
  REQUIRE(watching.has_seated());
  CHECK(watching.seated().role() == "observer");
  CHECK(t.w.lobby->open_rooms() == 1);

  // A token no game holds is still unknown, and counted against its address.
  auto unknown = resume(t.w, "no-such-token");
  REQUIRE(unknown.has_error());
  CHECK(unknown.error().code() == v1::UNAUTHENTICATED);
  CHECK(unknown.error().message() == "unknown seat token");
}

TEST_CASE("a waiting or running game not loaded yet is loaded the moment it is asked for",
          "[room][resume][reliability][perf.restart]") {
  Table t;  // running
  const std::string waiting = t.w.create();
  // A lobby that has not loaded its games yet (they load while the server serves).
  t.w.lobby = t.w.make_lobby();
  CHECK(t.w.lobby->open_rooms() == 0);
  auto back = resume(t.w, t.north_token);
  REQUIRE(back.has_seated());
  CHECK(back.seated().game_id() == t.id);
  CHECK(back.seated().room().status() == "running");
  CHECK(t.w.lobby->open_rooms() == 1);
  auto join = t.w.join(std::make_shared<FakePeer>("late"), waiting, "player");
  REQUIRE(join.has_seated());
  CHECK(t.w.lobby->open_rooms() == 2);

  // Loading them all afterwards keeps the rooms already loaded, and those seated in them.
  REQUIRE(t.w.lobby->recover().empty());
  CHECK(t.w.lobby->open_rooms() == 2);
  auto again = resume(t.w, t.south_token);
  REQUIRE(again.has_seated());
  CHECK(again.seated().game_id() == t.id);
}

TEST_CASE("games load on a thread of their own while the lobby serves",
          "[room][resume][reliability][perf.restart]") {
  Table t;
  const std::string waiting = t.w.create();
  t.w.lobby = t.w.make_lobby();
  std::promise<std::vector<std::string>> loaded;
  t.w.lobby->recover_while_serving(
      [&loaded](std::vector<std::string> problems) { loaded.set_value(std::move(problems)); });
  auto problems = loaded.get_future();
  REQUIRE(problems.wait_for(std::chrono::seconds(30)) == std::future_status::ready);
  CHECK(problems.get().empty());
  CHECK(t.w.lobby->open_rooms() == 2);
  auto join = t.w.join(std::make_shared<FakePeer>("late"), waiting, "player");
  CHECK(join.has_seated());
}

TEST_CASE("an expired room is never loaded again: its join is told it expired",
          "[room][resume][reliability]") {
  room::LobbyOptions options;
  options.waiting_room_limit = std::chrono::hours(1);
  World w(options);
  const std::string code = w.create();
  w.now += 2 * 60 * kMinute;
  w.lobby->tidy_rooms();
  w.settle();
  REQUIRE(w.lobby->open_rooms() == 0);
  w.lobby = w.make_lobby();  // a restart that has not remembered the expired rooms yet
  auto join = w.join(std::make_shared<FakePeer>("late"), code, "player");
  REQUIRE(join.has_error());
  CHECK(join.error().code() == v1::NOT_FOUND);
  CHECK(w.lobby->open_rooms() == 0);
}

TEST_CASE("an ended room nobody is in is let go an hour after the end, and comes back",
          "[room][resume][reliability]") {
  Table t;
  finish(t);
  t.w.now += 10 * kMinute;
  t.w.lobby->tidy_rooms();
  CHECK(t.w.lobby->open_rooms() == 1);  // its seats are still in it

  leave(t.w, t.north);
  leave(t.w, t.south);
  t.w.now += 40 * kMinute;
  t.w.lobby->tidy_rooms();
  CHECK(t.w.lobby->open_rooms() == 1);  // 50 minutes after the end
  t.w.now += 11 * kMinute;
  t.w.lobby->tidy_rooms();
  CHECK(t.w.lobby->open_rooms() == 0);
  CHECK(t.w.metrics.open() == 0);

  auto back = resume(t.w, t.north_token);
  REQUIRE(back.has_seated());
  CHECK(back.seated().room().status() == "finished");
  CHECK(t.w.lobby->open_rooms() == 1);
}

TEST_CASE("with no linger an ended room stays until the table is full",
          "[room][resume][reliability]") {
  room::LobbyOptions options;
  options.ended_room_linger = std::chrono::milliseconds(0);
  World w(options);
  const std::string code = w.create();
  auto a = std::make_shared<FakePeer>("a");
  auto b = std::make_shared<FakePeer>("b");
  REQUIRE(w.join(a, code, "player").has_seated());
  REQUIRE(w.join(b, code, "player").has_seated());
  REQUIRE(w.command(a, "reveal", "c1").has_command_result());
  leave(w, a);
  leave(w, b);
  w.now += 1'000 * 60 * kMinute;
  w.lobby->tidy_rooms();
  CHECK(w.lobby->open_rooms() == 1);
}
