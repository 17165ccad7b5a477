// Rooms still waiting for players expire after LobbyOptions::waiting_room_limit without
// activity (their creation, a seat taken, a chat message). The tests move the lobby's clock and
// run the check themselves (Lobby::tidy_rooms, what the lobby's timer calls).
#include <catch2/catch.hpp>

#include <chrono>

#include "room/tombstones.h"
#include "world.h"

using namespace grognard;
using grognard::testing::FakePeer;
using grognard::testing::World;

namespace {

constexpr std::int64_t kHour = 3'600'000;
const std::string kWhy = " expired after 168 hours waiting for players";

v1::RoomInfo create(World& w) {
  v1::ClientMessage m;
  m.mutable_create_room()->set_ruleset("secrets");
  m.mutable_create_room()->set_scenario("basic");
  auto answer = w.ask(std::make_shared<FakePeer>("creator"), m);
  REQUIRE(answer.has_room());
  return answer.room();
}

std::vector<std::string> listed(World& w) {
  v1::ClientMessage m;
  m.mutable_list_rooms();
  auto answer = w.ask(std::make_shared<FakePeer>("lister"), m);
  REQUIRE(answer.has_rooms());
  std::vector<std::string> out;
  for (const auto& r : answer.rooms().rooms()) out.push_back(r.invite_code());
  return out;
}

// Moves the clock on by `ms` and runs the check.
void later(World& w, std::int64_t ms) {
  w.now += ms;
  w.lobby->tidy_rooms();
  w.settle();
}

v1::ServerMessage chat(World& w, const std::shared_ptr<FakePeer>& peer, const std::string& text) {
  v1::ClientMessage m;
  m.mutable_chat()->set_text(text);
  return w.ask(peer, m);
}

v1::ServerMessage resume(World& w, const std::string& token) {
  v1::ClientMessage m;
  m.mutable_resume()->set_token(token);
  return w.ask(std::make_shared<FakePeer>("returning"), m);
}

using Codes = std::vector<std::string>;

}  // namespace

TEST_CASE("a room waiting past the limit expires: gone from the list, stored as expired",
          "[room][expiry]") {
  World w;
  const v1::RoomInfo room = create(w);
  const std::string code = room.invite_code();
  REQUIRE(listed(w) == Codes{code});

  later(w, 168 * kHour - 100);  // not quite
  CHECK(listed(w) == Codes{code});
  CHECK(w.metrics.expired() == 0);

  later(w, 100);
  CHECK(listed(w).empty());
  CHECK(w.lobby->open_rooms() == 0);
  CHECK(w.metrics.open() == 0);
  CHECK(w.metrics.expired() == 1);
  const record::GameRecord g = **w.store.game(room.game_id());
  CHECK(g.status == record::GameStatus::kExpired);
  CHECK(g.result == kWhy.substr(1));
  CHECK(g.ended_ms >= room.created_ms() + 168 * kHour);

  // A late join is told what became of the room.
  auto join = w.join(std::make_shared<FakePeer>("late"), code, "player");
  REQUIRE(join.has_error());
  CHECK(join.error().code() == v1::NOT_FOUND);
  CHECK(join.error().message() == "room " + code + kWhy);
  // It does not expire twice.
  later(w, 168 * kHour);
  CHECK(w.metrics.expired() == 1);
}

TEST_CASE("activity keeps a waiting room open, and its seats are told when it expires",
          "[room][expiry]") {
  World w;
  const std::string code = create(w).invite_code();
  auto north = std::make_shared<FakePeer>("north");
  later(w, 100 * kHour);
  auto seated = w.join(north, code, "player");  // a seat taken
  REQUIRE(seated.has_seated());
  const std::string token = seated.seated().token();
  later(w, 100 * kHour);
  CHECK(listed(w) == Codes{code});
  REQUIRE(chat(w, north, "anyone?").has_command_result());  // a chat message
  later(w, 100 * kHour);
  CHECK(listed(w) == Codes{code});
  north->take();

  later(w, 68 * kHour);
  CHECK(listed(w).empty());
  // The seat still connected is pushed the room's end: a system note, status "expired".
  bool told = false;
  for (const auto& m : north->take()) {
    if (!m.has_events()) continue;
    CHECK(m.events().status() == "expired");
    CHECK(m.events().to_act() == "This room" + kWhy);
    CHECK(m.events().acting_seats().empty());
    for (const auto& e : m.events().events()) {
      told = told || e.system().text() == "This room" + kWhy + ".";
    }
  }
  CHECK(told);
  // Whatever it tries in the room now is refused with the reason.
  auto said = chat(w, north, "hello?");
  REQUIRE(said.has_error());
  CHECK(said.error().code() == v1::FAILED_PRECONDITION);
  CHECK(said.error().message() == "room " + code + kWhy);
  auto played = w.command(north, "add 1", "c1");
  REQUIRE(played.has_error());
  CHECK(played.error().code() == v1::FAILED_PRECONDITION);
  CHECK(played.error().message() == "room " + code + kWhy);
  // And its seat token resumes nothing.
  auto back = resume(w, token);
  REQUIRE(back.has_error());
  CHECK(back.error().code() == v1::NOT_FOUND);
  CHECK(back.error().message() == "room " + code + kWhy);
}

TEST_CASE("running and finished games never expire", "[room][expiry]") {
  World w;
  const std::string running = create(w).invite_code();
  const std::string finished = create(w).invite_code();
  auto north = std::make_shared<FakePeer>("north");
  auto south = std::make_shared<FakePeer>("south");
  REQUIRE(w.join(north, running, "player").has_seated());
  REQUIRE(w.join(south, running, "player").has_seated());
  auto east = std::make_shared<FakePeer>("east");
  auto west = std::make_shared<FakePeer>("west");
  REQUIRE(w.join(east, finished, "player").has_seated());
  REQUIRE(w.join(west, finished, "player").has_seated());
  REQUIRE(w.command(east, "reveal", "c1").has_command_result());

  later(w, 10'000 * kHour);
  CHECK(listed(w) == Codes{running});
  CHECK(w.lobby->open_rooms() == 2);
  CHECK(w.metrics.expired() == 0);
  CHECK(w.command(north, "add 1", "c1").has_command_result());
}

TEST_CASE("a limit of zero never expires a room", "[room][expiry]") {
  room::LobbyOptions options;
  options.waiting_room_limit = std::chrono::milliseconds(0);
  World w(options);
  const std::string code = create(w).invite_code();
  later(w, 100'000 * kHour);
  CHECK(listed(w) == Codes{code});
  CHECK(w.metrics.expired() == 0);
}

TEST_CASE("an expired room stays expired when the server starts again", "[room][expiry]") {
  World w;
  const std::string waiting = create(w).invite_code();
  const std::string code = create(w).invite_code();
  auto north = std::make_shared<FakePeer>("north");
  auto seated = w.join(north, code, "player");
  REQUIRE(seated.has_seated());
  w.now += 24 * kHour;
  REQUIRE(chat(w, north, "still here").has_command_result());
  later(w, 150 * kHour);  // the first room has waited 174 hours, the second 150
  REQUIRE(listed(w) == Codes{code});

  // Another lobby on the same store: the expired room is not loaded back, and is remembered.
  w.lobby = w.make_lobby();
  CHECK(w.lobby->recover().empty());
  CHECK(w.lobby->open_rooms() == 1);
  CHECK(listed(w) == Codes{code});
  auto join = w.join(std::make_shared<FakePeer>("late"), waiting, "player");
  REQUIRE(join.has_error());
  CHECK(join.error().code() == v1::NOT_FOUND);
  CHECK(join.error().message() == "room " + waiting + kWhy);

  // The room loaded back keeps the time of its last activity.
  later(w, 18 * kHour);
  CHECK(listed(w).empty());
  w.lobby = w.make_lobby();
  CHECK(w.lobby->recover().empty());
  CHECK(w.lobby->open_rooms() == 0);
  auto back = resume(w, seated.seated().token());
  REQUIRE(back.has_error());
  CHECK(back.error().code() == v1::NOT_FOUND);
  CHECK(back.error().message() == "room " + code + kWhy);
}

TEST_CASE("the words and pace of expiry", "[room][expiry]") {
  using std::chrono::milliseconds;
  CHECK(room::expiry_reason(std::chrono::hours(168)) ==
        "expired after 168 hours waiting for players");
  CHECK(room::expiry_reason(std::chrono::hours(1)) == "expired after 1 hour waiting for players");
  CHECK(room::expiry_reason(milliseconds(1'800)) ==
        "expired after 0.0005 hours waiting for players");
  CHECK(room::expiry_interval(std::chrono::hours(168)) == std::chrono::minutes(1));
  CHECK(room::expiry_interval(std::chrono::minutes(30)) == std::chrono::seconds(30));
  CHECK(room::expiry_interval(milliseconds(600)) == milliseconds(50));
}
