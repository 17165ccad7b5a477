// Forking on the real server (docs/archives.md, "Forks"): a finished Itchy game is forked at an
// event by someone who never played it; the fork's seats are taken by its invite code, a
// command is given, and the fork's log shows the copied events, the note naming the source, and
// the link in the room list.
#include <catch2/catch.hpp>

#include "game.h"

namespace grognard::e2e {

TEST_CASE("a finished game is forked at an event, its new seats play on, and the link shows",
          "[e2e][fork]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  for (int i = 0; i < 400 && !finished(g); ++i) step(g);
  REQUIRE(finished(g));
  Client stranger = connect(server);
  auto source = stranger.get_events(g.game_id);
  REQUIRE(source.ok());
  // Half way, or the nearest event before it that ends a command (a fork in the middle of one
  // is refused).
  std::uint64_t n = g.players[0].last_seq / 2 + 1;
  v1::ClientMessage m;
  m.mutable_fork_game()->set_game_id(g.game_id);
  client::Result<v1::ServerMessage> answer = client::Failure{};
  do {
    m.mutable_fork_game()->set_at_seq(--n);
    answer = stranger.request(m);
    REQUIRE(answer.ok());
  } while (!answer->has_room() && n > 2 &&
           answer->error().message().find("in the middle of a command") != std::string::npos);
  INFO(answer->ShortDebugString());
  REQUIRE(answer->has_room());
  const v1::RoomInfo room = answer->room();
  CHECK(room.status() == "waiting");
  CHECK(room.forked_from().game_id() == g.game_id);
  CHECK(room.forked_from().seq() == n);
  CHECK(room.forked_from().dice_from() > 0);
  CHECK_FALSE(room.forked_from().seed().empty());  // the source has ended
  CHECK(room.forked_from().seed_sha256() == sha256_hex(from_hex(room.forked_from().seed())));
  auto rooms = stranger.list_rooms();
  REQUIRE(rooms.ok());
  bool listed = false;
  for (const auto& r : rooms->rooms())
    listed = listed || (r.game_id() == room.game_id() && r.forked_from().seq() == n);
  CHECK(listed);

  Game fork{room.game_id(), room.invite_code(), {}};
  for (int i = 0; i < 2; ++i) {
    Player p{connect(server)};
    auto seated = p.client.join(room.invite_code(), "general", "side:" + std::to_string(i));
    INFO((seated.ok() ? "" : client::describe(seated.failure())));
    REQUIRE(seated.ok());
    p.seat = seated->seat_id();
    absorb(p, *seated);  // the seat that lets the fork go on gets its note (n + 2) here
    // The note naming the source (n + 1); later events come pushed.
    p.last_seq = std::max(p.last_seq, n + 1);
    fork.players.push_back(std::move(p));
  }
  sync_all(fork, n + 2);  // every seat taken: the game goes on
  REQUIRE(fork.players[0].status == "running");
  const v1::CommandResult given = step(fork);
  CHECK(given.first_seq() == n + 3);

  auto events = fork.players[1].client.get_events(room.game_id());
  REQUIRE(events.ok());
  REQUIRE(events->events_size() >= static_cast<int>(n + 3));
  for (std::uint64_t i = 0; i < n; ++i) {
    const v1::GameEvent& copy = events->events(static_cast<int>(i));
    REQUIRE(copy.seq() == i + 1);
    CHECK(copy.state_hash() == source->events(static_cast<int>(i)).state_hash());
  }
  const v1::GameEvent& note = events->events(static_cast<int>(n));
  REQUIRE(note.has_system());
  CHECK(note.system().text().find("Forked from game " + g.game_id + " at event " +
                                  std::to_string(n)) == 0);
  CHECK_FALSE(note.system().seed_sha256().empty());
  CHECK(note.system().seed_sha256() != room.forked_from().seed_sha256());
}

}  // namespace grognard::e2e
