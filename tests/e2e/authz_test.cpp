// The authorisation matrix on the real server (docs/reliability.md; the whole matrix in-process:
// tests/room/authz_test.cpp): a connection that has not said hello gets FAILED_PRECONDITION for
// every message, even with a real seat token or a legal command; and a handful of rows over real
// WebSockets (an observer's command, a general's out of turn, a stranger's, another room's seat
// asking for this game as its player). A refusal stores nothing: the game's last event stays the
// same, and nobody else is sent anything.
#include <catch2/catch.hpp>

#include "game.h"

using namespace grognard;
using namespace grognard::e2e;

namespace {

// The game's last event, as its first general reads it.
std::uint64_t last_seq(Player& p, const std::string& game_id) {
  auto events = p.client.get_events(game_id);
  INFO((events.ok() ? "" : client::describe(events.failure())));
  REQUIRE(events.ok());
  return events->last_seq();
}

v1::ServerMessage ask(Client& c, v1::ClientMessage m) {
  auto answer = c.request(std::move(m));
  INFO((answer.ok() ? "" : client::describe(answer.failure())));
  REQUIRE(answer.ok());
  return *answer;
}

// Nothing was pushed to `p` (waits kQuiet).
void heard_nothing(Player& p) {
  auto push = p.client.next_push(kQuiet);
  INFO((push.ok() ? push->ShortDebugString() : "nothing"));
  CHECK_FALSE(push.ok());
}

google::protobuf::Any first_legal(Player& p) {
  auto legal = p.client.legal();
  REQUIRE(legal.ok());
  REQUIRE(legal->commands_size() > 0);
  return legal->commands(0);
}

// A game of two generals that observers may watch.
Game watched_game(const ServerProcess& server) {
  GameOptions watched;
  watched.observers_allowed = true;
  return start_game(server, watched);
}

}  // namespace

TEST_CASE(
    "authorisation: before hello every message is refused with FAILED_PRECONDITION, a real "
    "token and a legal command included",
    "[e2e][authz][reliability]") {
  ServerProcess server;
  Game g = watched_game(server);
  Player& acting = to_act(g);
  const google::protobuf::Any command = first_legal(acting);
  const std::uint64_t before = last_seq(g.players[0], g.game_id);

  auto raw = Client::connect(server.url(), Format::kBinary, kWait);
  REQUIRE(raw.ok());
  const auto* body = v1::ClientMessage::descriptor()->FindOneofByName("body");
  int refused = 0;
  for (int i = 0; i < body->field_count(); ++i) {
    const auto* field = body->field(i);
    if (field->name() == "hello") continue;
    v1::ClientMessage m;
    m.GetReflection()->MutableMessage(&m, field);  // the kind, empty
    if (m.has_resume()) m.mutable_resume()->set_token(acting.token);
    if (m.has_join_room()) {
      m.mutable_join_room()->set_invite_code(g.invite_code);
      m.mutable_join_room()->set_role("observer");
    }
    if (m.has_command()) {
      m.mutable_command()->set_command_id("before-hello");
      *m.mutable_command()->mutable_command() = command;
    }
    if (m.has_get_events()) m.mutable_get_events()->set_game_id(g.game_id);
    if (m.has_create_room()) {
      m.mutable_create_room()->set_ruleset("itchy");
      m.mutable_create_room()->set_scenario("intro");
    }
    const v1::ServerMessage answer = ask(*raw, m);
    INFO(field->name() << ": " << answer.ShortDebugString());
    REQUIRE(answer.has_error());
    CHECK(answer.error().code() == v1::FAILED_PRECONDITION);
    ++refused;
  }
  CHECK(refused == body->field_count() - 1);
  for (Player& p : g.players) heard_nothing(p);
  CHECK(last_seq(g.players[0], g.game_id) == before);
  auto rooms = g.players[0].client.list_rooms();
  REQUIRE(rooms.ok());
  CHECK(rooms->rooms_size() == 1);  // the create_room before hello made none
}

TEST_CASE(
    "authorisation: an observer, a general out of turn, a stranger and another room's seat "
    "are refused and nothing is stored or sent",
    "[e2e][authz][reliability]") {
  ServerProcess server;
  Game g = watched_game(server);
  Game other_game = start_game(server);
  Player& acting = to_act(g);
  Player& waiting = other(g, acting);
  Client observer = connect(server);
  REQUIRE(observer.join(g.invite_code, "observer", "", "Watcher").ok());
  Client stranger = connect(server);
  for (Player& p : g.players) {
    while (p.client.next_push(kQuiet).ok()) {
    }  // the observer's arrival
  }
  const google::protobuf::Any command = first_legal(acting);
  const std::uint64_t before = last_seq(g.players[0], g.game_id);

  auto send = [&](Client& c, const std::string& id) {
    v1::ClientMessage m;
    m.mutable_command()->set_command_id(id);
    *m.mutable_command()->mutable_command() = command;
    return ask(c, m);
  };
  struct Case {
    const char* who;
    v1::ServerMessage answer;
    v1::Code code;
  };
  v1::ClientMessage as_player;  // another room's general asks for this game as its player
  as_player.mutable_get_events()->set_game_id(g.game_id);
  as_player.mutable_get_events()->set_as_seat(acting.seat);
  const Case cases[] = {
      {"an observer's command", send(observer, "o-1"), v1::PERMISSION_DENIED},
      {"the general not to act", send(waiting.client, "w-1"), v1::NOT_YOUR_TURN},
      {"a connection without a seat", send(stranger, "s-1"), v1::UNAUTHENTICATED},
      {"another room's general, as this game's player",
       ask(other_game.players[0].client, as_player), v1::PERMISSION_DENIED},
  };
  for (const Case& c : cases) {
    INFO(c.who << ": " << c.answer.ShortDebugString());
    REQUIRE(c.answer.has_error());
    CHECK(c.answer.error().code() == c.code);
  }
  for (Player& p : g.players) heard_nothing(p);
  CHECK(last_seq(g.players[0], g.game_id) == before);
  // The seat to act still may: the refusals took nothing from it.
  v1::ClientMessage m;
  m.mutable_command()->set_command_id("a-1");
  *m.mutable_command()->mutable_command() = command;
  CHECK(ask(acting.client, m).has_command_result());
}
