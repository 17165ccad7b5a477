// Observer seats (issue 33: observer seats had no bound): an observer who leaves gives his seat
// up, in memory and in the store; a room and an address hold a bounded number of them; their ids
// are never handed out twice; and observers coming and going do not keep a waiting room alive.
#include <catch2/catch.hpp>

#include <set>

#include "room/room.h"
#include "world.h"

using namespace grognard;
using grognard::testing::FakePeer;
using grognard::testing::World;

namespace {

constexpr std::int64_t kHour = 3'600'000;

v1::ServerMessage leave(World& w, const std::shared_ptr<FakePeer>& peer) {
  v1::ClientMessage m;
  m.mutable_leave();
  return w.ask(peer, m);
}

v1::ServerMessage resume(World& w, const std::shared_ptr<FakePeer>& peer,
                         const std::string& token) {
  v1::ClientMessage m;
  m.mutable_resume()->set_token(token);
  return w.ask(peer, m);
}

std::size_t stored_observers(World& w, const std::string& game_id) {
  std::size_t n = 0;
  for (const auto& s : *w.store.seats(game_id)) n += s.role == "observer" ? 1 : 0;
  return n;
}

std::uint32_t observers(World& w, const std::string& invite) {
  auto peer = std::make_shared<FakePeer>("counter");
  v1::ClientMessage m;
  m.mutable_list_rooms();
  const v1::ServerMessage answer = w.ask(peer, m);
  for (const auto& r : answer.rooms().rooms()) {
    if (r.invite_code() == invite) return r.observers();
  }
  FAIL("room " << invite << " is not listed");
  return 0;
}

bool refused_for(const v1::ServerMessage& m, const std::string& flag, const std::string& bound) {
  return m.has_error() && m.error().code() == v1::RESOURCE_EXHAUSTED &&
         m.error().message().find(flag + " " + bound) != std::string::npos;
}

}  // namespace

TEST_CASE("an observer who leaves gives his seat up: gone from the room and the store",
          "[room][observers]") {
  World w;
  const std::string invite = w.create();
  auto watcher = std::make_shared<FakePeer>("watcher");
  auto seated = w.join(watcher, invite, "observer");
  REQUIRE(seated.has_seated());
  const std::string game_id = seated.seated().game_id();
  CHECK(observers(w, invite) == 1);
  CHECK(stored_observers(w, game_id) == 1);

  REQUIRE(leave(w, watcher).has_left());
  CHECK(observers(w, invite) == 0);
  CHECK(stored_observers(w, game_id) == 0);
  // Its token resumes nothing now, here or after a restart.
  auto back = resume(w, std::make_shared<FakePeer>("back"), seated.seated().token());
  REQUIRE(back.has_error());
  CHECK(back.error().code() == v1::UNAUTHENTICATED);
  w.lobby = w.make_lobby();
  REQUIRE(w.lobby->recover().empty());
  CHECK(observers(w, invite) == 0);
  CHECK(resume(w, std::make_shared<FakePeer>("later"), seated.seated().token()).has_error());

  // A player's seat is the game's: leaving keeps it, and its token sits him down again.
  auto player = std::make_shared<FakePeer>("player");
  auto held = w.join(player, invite, "player");
  REQUIRE(held.has_seated());
  REQUIRE(leave(w, player).has_left());
  CHECK(resume(w, player, held.seated().token()).has_seated());
}

TEST_CASE("observer seats are bounded per room, and a refusal names the bound",
          "[room][observers][limits]") {
  World w;  // the defaults: 100 a room
  const std::string invite = w.create();
  std::vector<std::shared_ptr<FakePeer>> watching;
  for (int i = 0; i < 100; ++i) {
    watching.push_back(std::make_shared<FakePeer>("watcher " + std::to_string(i),
                                                  "10.0." + std::to_string(i) + ".1"));
    REQUIRE(w.join(watching.back(), invite, "observer").has_seated());
  }
  auto one_more = std::make_shared<FakePeer>("one more", "10.1.0.1");
  auto refused = w.join(one_more, invite, "observer");
  CHECK(refused_for(refused, "--observers-per-room", "100"));
  CHECK(observers(w, invite) == 100);
  // One leaves: its place is free again.
  REQUIRE(leave(w, watching.front()).has_left());
  CHECK(w.join(one_more, invite, "observer").has_seated());
  CHECK(observers(w, invite) == 100);
}

TEST_CASE("observer seats are bounded per address across rooms, and seats gone free their place",
          "[room][observers][limits]") {
  World w;  // the defaults: 100 an address
  const std::string first = w.create(), second = w.create();
  std::vector<std::shared_ptr<FakePeer>> watching;
  for (int i = 0; i < 100; ++i) {
    watching.push_back(std::make_shared<FakePeer>("watcher " + std::to_string(i), "10.2.0.9"));
    REQUIRE(w.join(watching.back(), i % 2 == 0 ? first : second, "observer").has_seated());
  }
  auto one_more = std::make_shared<FakePeer>("one more", "10.2.0.9");
  CHECK(refused_for(w.join(one_more, first, "observer"), "--observers-per-address", "100"));
  // Another address is not held back.
  CHECK(w.join(std::make_shared<FakePeer>("other", "10.3.0.1"), first, "observer").has_seated());
  REQUIRE(leave(w, watching.back()).has_left());
  CHECK(w.join(one_more, first, "observer").has_seated());
}

TEST_CASE("a new observer's seat id is none the game holds or its log names, across restarts",
          "[room][observers]") {
  // issue 33: ids were 32 random bits, and a stored seat with the same id was overwritten.
  World w;
  const std::string invite = w.create();
  std::set<std::string> named;  // held, or author of a chat message
  std::string kept_token, kept_id;
  for (int round = 0; round < 3; ++round) {
    std::set<std::string> seen;
    for (int i = 0; i < 20; ++i) {
      auto peer = std::make_shared<FakePeer>("watcher " + std::to_string(i));
      auto seated = w.join(peer, invite, "observer");
      REQUIRE(seated.has_seated());
      const std::string id = seated.seated().seat_id();
      CHECK(named.count(id) == 0);
      CHECK(seen.insert(id).second);
      if (round == 0 && i == 7) {
        kept_token = seated.seated().token();  // this one stays
        kept_id = id;
        named.insert(id);
        continue;
      }
      if (i % 5 == 0) {  // some speak before they go: their ids stay in the log
        v1::ClientMessage m;
        m.mutable_chat()->set_text("bye");
        REQUIRE(w.ask(peer, m).has_command_result());
        named.insert(id);
      }
      REQUIRE(leave(w, peer).has_left());
    }
    w.lobby = w.make_lobby();  // a restart
    REQUIRE(w.lobby->recover().empty());
  }
  // The one that stayed still resumes its own seat.
  auto back = resume(w, std::make_shared<FakePeer>("back"), kept_token);
  REQUIRE(back.has_seated());
  CHECK(back.seated().seat_id() == kept_id);
  CHECK(observers(w, invite) == 1);
}

TEST_CASE("observers joining and leaving do not keep a waiting room from expiring",
          "[room][observers][expiry]") {
  World w;
  const std::string invite = w.create();
  const auto later = [&w](std::int64_t ms) {
    w.now += ms;
    w.lobby->tidy_rooms();
    w.settle();
  };
  for (int hour = 0; hour < 160; hour += 10) {
    auto peer = std::make_shared<FakePeer>("passing " + std::to_string(hour));
    REQUIRE(w.join(peer, invite, "observer").has_seated());
    REQUIRE(leave(w, peer).has_left());
    later(10 * kHour);
  }
  auto staying = std::make_shared<FakePeer>("staying");
  REQUIRE(w.join(staying, invite, "observer").has_seated());
  later(10 * kHour);
  // 170 hours after its creation, whatever the observers did: expired.
  auto late = w.join(std::make_shared<FakePeer>("late"), invite, "player");
  REQUIRE(late.has_error());
  CHECK(late.error().code() == v1::NOT_FOUND);
  CHECK(w.metrics.expired() == 1);
}
