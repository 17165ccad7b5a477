// Replays of an ended game (docs/protocol.md, "Replays"): as each seat, as an observer, and with
// everything revealed; the same answers from the room in memory and from the store alone; chat
// to one seat kept from everyone but its sender, its addressee and the referee.
#include <catch2/catch.hpp>

#include "record/replay.h"
#include "room/archive.h"
#include "room/room.h"
#include "world.h"

using namespace grognard;
using grognard::testing::FakePeer;
using grognard::testing::World;

namespace {

// North and South played a game of Secrets to its end: a word to the room, a word from North to
// South alone, a word from South to North alone, then "reveal". An observer watched.
struct EndedGame {
  World w;
  std::string invite = w.create();
  std::shared_ptr<FakePeer> north = std::make_shared<FakePeer>("north");
  std::shared_ptr<FakePeer> south = std::make_shared<FakePeer>("south");
  std::shared_ptr<FakePeer> observer = std::make_shared<FakePeer>("observer");
  std::string id;
  EndedGame() {
    REQUIRE(w.join(north, invite, "player").has_seated());
    REQUIRE(w.join(south, invite, "player").has_seated());
    REQUIRE(w.join(observer, invite, "observer").has_seated());
    id = north->binding()->room->id();
    REQUIRE(chat(north, "good luck", "").has_command_result());
    REQUIRE(chat(north, "north whispers", "South").has_command_result());
    REQUIRE(w.command(north, "add 2", "c1").has_command_result());
    REQUIRE(chat(south, "south whispers", "player:0").has_command_result());
    REQUIRE(w.command(south, "reveal", "c2").has_command_result());
    REQUIRE(north->binding()->room->info().status() == "finished");
  }
  v1::ServerMessage chat(const std::shared_ptr<FakePeer>& from, const std::string& text,
                         const std::string& to) {
    v1::ClientMessage m;
    m.mutable_chat()->set_text(text);
    m.mutable_chat()->set_to(to);
    return w.ask(from, m);
  }
  // What a stranger (no seat in the game) is answered when asking for it as `as_seat`.
  v1::ServerMessage events(const std::string& as_seat) {
    v1::ClientMessage m;
    m.mutable_get_events()->set_game_id(id);
    m.mutable_get_events()->set_as_seat(as_seat);
    return w.ask(std::make_shared<FakePeer>("stranger"), m);
  }
  v1::ServerMessage state(const std::string& as_seat) {
    v1::ClientMessage m;
    m.mutable_get_state()->set_game_id(id);
    m.mutable_get_state()->set_as_seat(as_seat);
    return w.ask(std::make_shared<FakePeer>("stranger"), m);
  }
};

// Every event's text (rules events and chat), one per line.
std::string text_of(const v1::ServerMessage& m) {
  REQUIRE(m.has_event_list());
  std::string out;
  for (const auto& e : m.event_list().events()) {
    out += (e.has_chat() ? "chat " + e.chat().text() : e.rules().value()) + "\n";
  }
  return out;
}

bool has(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

// One request's answer, without its request id, for comparing two answers.
std::string body(v1::ServerMessage m) {
  m.set_request_id(0);
  return m.SerializeAsString();
}

}  // namespace

TEST_CASE("after the end a replay shows what each seat saw, what an observer saw, or everything",
          "[room][replay][views]") {
  EndedGame g;
  const std::vector<std::string> views{"", "player:0", "North", "south", "observer"};
  std::map<std::string, std::string> from_room;
  for (const auto& as : views) {
    from_room[as] = body(g.events(as)) + body(g.state(as));
  }

  const std::string all = text_of(g.events(""));
  const std::string north = text_of(g.events("player:0"));
  const std::string south = text_of(g.events("south"));  // a label, in any case
  const std::string watcher = text_of(g.events("observer"));
  for (const auto* seen : {&all, &north, &south, &watcher}) {
    CHECK(has(*seen, "chat good luck"));
    CHECK(has(*seen, "added player:0"));
    CHECK(has(*seen, "over"));
  }
  // Everything the rules reveal at the end: both secrets.
  CHECK(has(all, "secret player:0 apple"));
  CHECK(has(all, "secret player:1 banana"));
  CHECK(has(g.state("").state().view().value(), " secret apple secret banana"));
  // Each seat exactly as during the game: its own secret, never the other's.
  CHECK(has(north, "apple"));
  CHECK_FALSE(has(north, "banana"));
  CHECK(has(south, "banana"));
  CHECK_FALSE(has(south, "apple"));
  CHECK_FALSE(has(watcher, "apple"));
  CHECK_FALSE(has(watcher, "banana"));
  CHECK_FALSE(has(g.state("North").state().view().value(), "banana"));
  CHECK(has(g.state("North").state().view().value(), "secret apple"));
  CHECK_FALSE(has(g.state("observer").state().view().value(), "secret"));
  // Chat to one seat: its sender and its addressee, nobody else, not even in "everything".
  CHECK(has(north, "chat north whispers"));
  CHECK(has(north, "chat south whispers"));
  CHECK(has(south, "chat north whispers"));
  CHECK(has(south, "chat south whispers"));
  CHECK_FALSE(has(all, "whispers"));
  CHECK_FALSE(has(watcher, "whispers"));

  // A seat the game does not have is refused, naming the ones it has.
  const auto west = g.events("West");
  REQUIRE(west.has_error());
  CHECK(west.error().code() == v1::INVALID_ARGUMENT);
  CHECK(has(west.error().message(), "player:1 (South)"));
  CHECK(has(west.error().message(), "observer"));
  CHECK(g.state("West").error().code() == v1::INVALID_ARGUMENT);

  // The same answers once the room is gone and only the store holds the game.
  g.w.lobby = g.w.make_lobby();
  for (const auto& as : views) {
    INFO("as \"" << as << "\"");
    CHECK(body(g.events(as)) + body(g.state(as)) == from_room[as]);
  }
  CHECK(body(g.events("West")) == body(west));
}

TEST_CASE("chat to one seat is the referee's to read, never an observer's, even after the end",
          "[room][replay][chat]") {
  record::EventRecord r;
  r.seq = 7;
  r.kind = record::EventKind::kChat;
  r.seat = "player:0";
  r.audience = "player:1";
  v1::ChatMessage msg;
  msg.set_text("a quiet word");
  r.payload = msg.SerializeAsString();
  testing::SecretsRuleset rs;
  auto initial = rs.load_scenario("apple banana");
  REQUIRE(initial.ok());
  const auto seen = [&](engine::Role role, const std::string& seat, bool over) {
    return record::event_as_seen(rs, **initial, r, engine::Viewer{role, seat, over}, 2).has_value();
  };
  for (const bool over : {false, true}) {
    INFO("game over: " << over);
    CHECK(seen(engine::Role::kReferee, "referee", over));
    CHECK(seen(engine::Role::kPlayer, "player:0", over));
    CHECK(seen(engine::Role::kPlayer, "player:1", over));
    CHECK_FALSE(seen(engine::Role::kPlayer, "player:2", over));
    CHECK_FALSE(seen(engine::Role::kObserver, "", over));
  }
  // replay_viewer names the referee's seat as the referee.
  std::vector<record::SeatRecord> seats(2);
  seats[0].seat_id = "referee";
  seats[0].role = "referee";
  seats[0].label = "Hogan";
  seats[1].seat_id = "observer:ab12";
  seats[1].role = "observer";
  seats[1].label = "observer";
  testing::MemoryStore store;
  record::GameRecord game;
  game.id = "g-1";
  auto referee = room::replay_viewer(store, game, seats, "hogan");
  REQUIRE(referee.ok());
  CHECK(referee->role == engine::Role::kReferee);
  CHECK_FALSE(referee->game_over);
  auto watcher = room::replay_viewer(store, game, seats, "observer");
  REQUIRE(watcher.ok());
  CHECK(watcher->role == engine::Role::kObserver);
  CHECK(watcher->seat.empty());
  CHECK_FALSE(watcher->game_over);
  // An observer's own seat id is no seat to replay as.
  CHECK_FALSE(room::replay_viewer(store, game, seats, "observer:ab12").ok());
  auto all = room::replay_viewer(store, game, seats, "");
  REQUIRE(all.ok());
  CHECK(all->game_over);
  CHECK(all->role == engine::Role::kObserver);
  // A game that stopped on a storage failure never revealed what it hid.
  game.status = record::GameStatus::kFailed;
  auto failed = room::replay_viewer(store, game, seats, "");
  REQUIRE_FALSE(failed.ok());
  CHECK(failed.error().message.find("stopped on a storage failure") != std::string::npos);
  CHECK(room::replay_viewer(store, game, seats, "observer").ok());
}

TEST_CASE("while a game runs, asking as observer gives what an observer sees", "[room][replay]") {
  World w;
  const std::string invite = w.create();  // observers allowed
  auto north = std::make_shared<FakePeer>("north");
  auto south = std::make_shared<FakePeer>("south");
  REQUIRE(w.join(north, invite, "player").has_seated());
  REQUIRE(w.join(south, invite, "player").has_seated());
  v1::ClientMessage m;
  m.mutable_get_events()->set_game_id(north->binding()->room->id());
  m.mutable_get_events()->set_as_seat("observer");
  for (const auto& asker : {std::make_shared<FakePeer>("stranger"), north}) {
    const std::string seen = text_of(w.ask(asker, m));
    CHECK(has(seen, "secret player:0") == false);
    CHECK(has(seen, "apple") == false);
    CHECK(has(seen, "banana") == false);
  }
  // Another seat is still refused while the game runs.
  m.mutable_get_events()->set_as_seat("player:1");
  CHECK(w.ask(north, m).error().code() == v1::PERMISSION_DENIED);
}

TEST_CASE("a long player's name is cut between characters, so his chat still replays",
          "[room][replay]") {
  World w;
  const std::string invite = w.create();
  auto north = std::make_shared<FakePeer>("north");
  v1::ClientMessage m;
  m.mutable_join_room()->set_invite_code(invite);
  m.mutable_join_room()->set_role("player");
  m.mutable_join_room()->set_name(std::string(63, 'A') + "\xc3\xa9");  // 65 bytes, 64 letters
  auto seated = w.ask(north, m);
  REQUIRE(seated.has_seated());
  for (const auto& s : seated.seated().room().seats()) {
    if (s.taken()) CHECK(s.player_name() == std::string(63, 'A'));
  }
  v1::ClientMessage chat;
  chat.mutable_chat()->set_text("anyone there?");
  REQUIRE(w.ask(north, chat).has_command_result());
  v1::ClientMessage get;
  get.mutable_get_events()->set_game_id(north->binding()->room->id());
  const auto events = w.ask(north, get);
  REQUIRE(events.has_event_list());
  REQUIRE(events.event_list().events_size() == 1);
  CHECK(events.event_list().events(0).chat().text() == "anyone there?");
}
