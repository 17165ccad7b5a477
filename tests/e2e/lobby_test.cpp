// The lobby and the room's talk: scenarios and rooms are listed, chat reaches the room or one
// seat, and a connection is in one room at a time.
#include <catch2/catch.hpp>

#include "game.h"

namespace grognard::e2e {

namespace {

bool lists(const v1::RoomList& rooms, const std::string& game_id) {
  for (const auto& r : rooms.rooms()) {
    if (r.game_id() == game_id) return true;
  }
  return false;
}

std::vector<v1::ChatMessage> chats(const Player& p) {
  std::vector<v1::ChatMessage> out;
  for (const auto& e : p.events) {
    if (e.has_chat()) out.push_back(e.chat());
  }
  return out;
}

}  // namespace

TEST_CASE("scenarios and open rooms are listed, unlisted rooms are not", "[e2e][lobby]") {
  ServerProcess server;
  Client c = connect(server);
  auto scenarios = c.list_scenarios("itchy");
  REQUIRE(scenarios.ok());
  std::vector<std::string> names;
  for (const auto& s : scenarios->scenarios()) names.push_back(s.name());
  CHECK(std::find(names.begin(), names.end(), "intro") != names.end());
  CHECK(std::find(names.begin(), names.end(), "colonial_battle") != names.end());

  auto listed = c.create_room("itchy", "intro", false, /*unlisted=*/false);
  auto unlisted = c.create_room("itchy", "intro", false, /*unlisted=*/true);
  REQUIRE(listed.ok());
  REQUIRE(unlisted.ok());
  CHECK(listed->seats_size() == 2);
  CHECK(listed->invite_code() != unlisted->invite_code());
  Client d = connect(server);
  auto rooms = d.list_rooms();
  REQUIRE(rooms.ok());
  CHECK(lists(*rooms, listed->game_id()));
  CHECK_FALSE(lists(*rooms, unlisted->game_id()));
  // The invite code still opens the unlisted room.
  auto seated = d.join(unlisted->invite_code(), "general", "", "Dora");
  REQUIRE(seated.ok());
  CHECK(seated->game_id() == unlisted->game_id());
  CHECK(seated->room().status() == "waiting");
}

TEST_CASE("chat reaches the whole room, or one seat only", "[e2e][lobby][chat]") {
  ServerProcess server(kPlayFlags);
  std::optional<Player> observer;
  GameOptions options;
  options.observers_allowed = true;
  options.after_create = [&](const std::string& invite) {
    observer.emplace(connect(server));
    auto seated = observer->client.join(invite, "observer");
    REQUIRE(seated.ok());
    observer->seat = seated->seat_id();
  };
  Game g = start_game(server, options);
  sync(*observer, g.players[0].last_seq);
  Player& a = g.players[0];
  Player& b = g.players[1];

  const std::uint64_t said_at = a.last_seq + 1;
  auto open = a.client.chat("Good luck, sir.");
  REQUIRE(open.ok());
  for (Player* p : {&a, &b, &*observer}) sync(*p, said_at);
  auto secret = a.client.chat("Psst.", b.seat);
  REQUIRE(secret.ok());
  sync(a, a.last_seq + 1);
  sync(b, a.last_seq);

  for (Player* p : {&a, &b, &*observer}) {
    const auto seen = chats(*p);
    INFO(p->seat);
    REQUIRE(!seen.empty());
    CHECK(seen.front().text() == "Good luck, sir.");
    CHECK(seen.front().from_seat() == a.seat);
    CHECK(seen.front().to().empty());
  }
  REQUIRE(chats(a).size() == 2);
  REQUIRE(chats(b).size() == 2);
  CHECK(chats(b).back().text() == "Psst.");
  CHECK(chats(b).back().to() == b.seat);
  // The observer never sees the private line, now or in the archive; nor is he told that
  // something he may not see happened (a batch with no events in it).
  auto extra = observer->client.next_push(kQuiet);
  if (extra.ok()) {
    absorb(*observer, *extra);
    FAIL_CHECK("the observer was pushed a batch of " << extra->events().events_size()
                                                     << " events after a private line");
  }
  CHECK(chats(*observer).size() == 1);
  auto log = observer->client.get_events(g.game_id);
  REQUIRE(log.ok());
  for (const auto& e : log->events()) CHECK(e.chat().text() != "Psst.");

  auto observer_to_seat = observer->client.chat("Hello generals");
  CHECK(observer_to_seat.ok());
  auto to_nobody = a.client.chat("hello?", "side:9");
  REQUIRE_FALSE(to_nobody.ok());
  CHECK(to_nobody.code() == v1::NOT_FOUND);
}

TEST_CASE("resuming a seat in another room leaves the first room's broadcasts behind",
          "[e2e][resume][lobby]") {
  ServerProcess server(kPlayFlags);
  Game first = start_game(server);
  Game second = start_game(server);

  // The first game's side:0 general takes over the second game's side:0 seat on his connection.
  Player& mover = first.players[0];
  auto seated = mover.client.resume(second.players[0].token, second.players[0].last_seq);
  REQUIRE(seated.ok());
  CHECK(seated->game_id() == second.game_id);

  // Something said in the first game must not reach the connection now seated in the second.
  Player& stayed = first.players[1];
  auto said = stayed.client.chat("Where has he gone?");
  REQUIRE(said.ok());
  sync(stayed, stayed.last_seq + 1);
  auto stray = mover.client.next_push(kQuiet);
  if (stray.ok()) {
    FAIL_CHECK("a push of game " << stray->events().game_id() << " reached a connection seated in "
                                 << second.game_id << " (" << client::summary(*stray) << ")");
  }
  // Its own room's news still arrives there.
  Player& host = second.players[1];
  auto hello = host.client.chat("Welcome back.");
  REQUIRE(hello.ok());
  auto news = mover.client.next_push(kWait);
  REQUIRE(news.ok());
  CHECK(news->events().game_id() == second.game_id);
}

TEST_CASE("an empty list is answered as a list, not as an empty message", "[e2e][lobby]") {
  ServerProcess server;
  Client c = connect(server);
  v1::ListGames none;
  none.set_status("aborted");
  auto games = c.list_games(none);
  INFO((games.ok() ? "" : client::describe(games.failure())));
  REQUIRE(games.ok());
  CHECK(games->games_size() == 0);
  auto scenarios = c.list_scenarios("no-such-ruleset");
  INFO((scenarios.ok() ? "" : client::describe(scenarios.failure())));
  REQUIRE(scenarios.ok());
  CHECK(scenarios->scenarios_size() == 0);
}

}  // namespace grognard::e2e
