// Rooms still waiting for players expire (--waiting-room-hours, here a fraction of an hour):
// they leave the room list, a late join or resume is told why, a seat still connected is told,
// running games stay, and after a restart the expired rooms do not come back.
#include <catch2/catch.hpp>

#include <thread>

#include "game.h"

namespace grognard::e2e {

namespace {

// 1.8 seconds.
const std::vector<std::string> kExpiryFlags = {
    "--waiting-room-hours", "0.0005", "--rate", "10000", "--burst", "10000"};
const std::string kWhy = " expired after 0.0005 hours waiting for players";

std::optional<v1::RoomInfo> listed(Client& c, const std::string& game_id) {
  auto rooms = c.list_rooms();
  REQUIRE(rooms.ok());
  for (const auto& r : rooms->rooms()) {
    if (r.game_id() == game_id) return r;
  }
  return std::nullopt;
}

// Waits until the room list no longer holds `game_id`; false if it still does after 10 s.
bool wait_unlisted(Client& c, const std::string& game_id) {
  const auto deadline = std::chrono::steady_clock::now() + kWait;
  while (std::chrono::steady_clock::now() < deadline) {
    if (!listed(c, game_id)) return true;
    std::this_thread::sleep_for(50ms);
  }
  return false;
}

void check_expired(const client::Failure& f, const std::string& invite_code) {
  INFO(client::describe(f));
  CHECK(f.kind == client::FailureKind::kServer);
  CHECK(f.code == v1::NOT_FOUND);
  CHECK(f.message == "room " + invite_code + kWhy);
}

}  // namespace

TEST_CASE("a room nobody joins expires, is refused with the reason, and stays gone",
          "[e2e][expiry]") {
  ServerProcess server(kExpiryFlags);
  Game running = start_game(server);
  Client c = connect(server);
  auto empty = c.create_room("itchy", "intro", false, /*unlisted=*/false);
  REQUIRE(empty.ok());
  Client host = connect(server);
  auto hosted = host.create_room("itchy", "intro", false, /*unlisted=*/false);
  REQUIRE(hosted.ok());
  auto seat = host.join(hosted->invite_code(), "general", "", "Host");
  REQUIRE(seat.ok());
  REQUIRE(listed(c, empty->game_id()));

  REQUIRE(wait_unlisted(c, empty->game_id()));
  REQUIRE(wait_unlisted(c, hosted->game_id()));
  // The host, still connected, is told: a system note and the status "expired".
  auto push = host.next_push(kWait);
  REQUIRE(push.ok());
  REQUIRE(push->has_events());
  CHECK(push->events().status() == "expired");
  REQUIRE(push->events().events_size() == 1);
  CHECK(push->events().events(0).system().text() == "This room" + kWhy + ".");
  auto late = c.join(empty->invite_code(), "general", "", "Late");
  REQUIRE_FALSE(late.ok());
  check_expired(late.failure(), empty->invite_code());
  Client again = connect(server);
  auto resumed = again.resume(seat->token(), 0);
  REQUIRE_FALSE(resumed.ok());
  check_expired(resumed.failure(), hosted->invite_code());

  // The game that began stays, however long it takes.
  auto game = listed(c, running.game_id);
  REQUIRE(game);
  CHECK(game->status() == "running");
  CHECK(metric_now(server, "grognard_rooms_expired_total") == 2);
  const std::string log = server.log();
  CHECK(log.find("[game " + empty->game_id() + "] room " + empty->invite_code() + " expired") !=
        std::string::npos);
  CHECK(games_with_status(c, "expired").size() == 2);

  // After a restart (with expiry off, so nothing could expire again) they do not come back.
  for (Client* client :
       {&c, &host, &again, &running.players[0].client, &running.players[1].client}) {
    client->close();
  }
  REQUIRE(server.stop() == std::optional<int>(0));
  server.restart({"--waiting-room-hours", "0"});
  Client after = connect(server);
  CHECK_FALSE(listed(after, empty->game_id()));
  CHECK_FALSE(listed(after, hosted->game_id()));
  CHECK(listed(after, running.game_id));
  auto later = after.join(empty->invite_code(), "general", "", "Later");
  REQUIRE_FALSE(later.ok());
  check_expired(later.failure(), empty->invite_code());
  auto back = after.resume(seat->token(), 0);
  REQUIRE_FALSE(back.ok());
  check_expired(back.failure(), hosted->invite_code());
}

TEST_CASE("a running game nobody plays or is connected to is ended as abandoned, said in its log",
          "[e2e][expiry][abandoned]") {
  // 0.0001 days: 8.6 s.
  std::vector<std::string> flags = kPlayFlags;
  flags.insert(flags.end(), {"--abandoned-days", "0.0001"});
  ServerProcess server(flags);
  Game left = start_game(server);
  Game watched = start_game(server);
  Game visited = start_game(server);
  for (Player& p : left.players) p.client.close();
  for (Player& p : visited.players) p.client.close();
  watched.players[1].client.close();  // one general stays connected: not abandoned
  // A general looks in on `visited` 4 s later without playing: its clock starts again.
  std::this_thread::sleep_for(std::chrono::seconds(4));
  {
    Client look = connect(server);
    REQUIRE(look.resume(visited.players[0].token, 0).ok());
  }
  Client c = connect(server);
  std::vector<v1::GameSummary> aborted;
  for (int i = 0; i < 150 && aborted.empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    aborted = games_with_status(c, "aborted");
  }
  REQUIRE(aborted.size() == 1);
  CHECK(aborted[0].game_id() == left.game_id);
  CHECK(aborted[0].result() ==
        "abandoned: nobody played it or was connected to it for 0.0001 days");
  CHECK_FALSE(aborted[0].seed().empty());  // the seed is public, as at any end
  auto log = c.get_events(left.game_id);
  REQUIRE(log.ok());
  const auto notes = system_notes({log->events().begin(), log->events().end()});
  REQUIRE_FALSE(notes.empty());
  CHECK(notes.back().text().find("This game was abandoned: nobody played it") == 0);
  CHECK(metric_now(server, "grognard_rooms_abandoned_total") == 1);
  // The one still attended plays on; the one looked in on goes 4 s later than the first.
  CHECK(watched.players[0].client.legal().ok());
  for (int i = 0; i < 150 && aborted.size() < 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    aborted = games_with_status(c, "aborted");
  }
  REQUIRE(aborted.size() == 2);
  CHECK(games_with_status(c, "running").size() == 1);
}

}  // namespace grognard::e2e
