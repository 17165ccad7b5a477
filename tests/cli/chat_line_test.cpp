// The chat lines a player types (to the room, to his side, the referee's to one player), and how
// the end-of-game note reads.
#include <catch2/catch.hpp>

#include "play/play_line.h"
#include "play/screen.h"

namespace grognard::cli {

namespace {

GameState referee_of_village() {
  GameState st;
  st.seat_id = "referee";
  st.role = "referee";
  for (const char* label : {"British", "French"}) {
    auto* s = st.room.add_seats();
    s->set_seat_id(std::string("player:") + (label[0] == 'B' ? "british" : "french"));
    s->set_role("player");
    s->set_label(label);
  }
  auto* r = st.room.add_seats();
  r->set_seat_id("referee");
  r->set_role("referee");
  r->set_label("Referee");
  return st;
}

}  // namespace

TEST_CASE("the referee talks to one player with say-to, by name or id in any case", "[cli][chat]") {
  const GameState st = referee_of_village();
  for (const std::string seat : {"french", "French", "player:french", "PLAYER:FRENCH"}) {
    const Action a = interpret("say-to " + seat + "  The bridge  is out", nullptr, st);
    INFO(seat);
    REQUIRE(a.kind == Action::kChat);
    CHECK(a.to == "player:french");
    CHECK(a.text == "The bridge  is out");
  }
  CHECK(interpret("say-to spain hola", nullptr, st).text == "no seat \"spain\" in this room");
  CHECK(interpret("say-to french", nullptr, st).kind == Action::kError);
  // say-side would reach only himself: he is told what to use instead.
  const Action side = interpret("say-side hold", nullptr, st);
  CHECK(side.kind == Action::kError);
  CHECK(side.text == "the referee has no side: say-to SEAT TEXT talks to one player");
}

TEST_CASE("a player's say-side goes to his own seat, say to the room", "[cli][chat]") {
  GameState st = referee_of_village();
  st.seat_id = "player:british";
  st.role = "player";
  CHECK(interpret("say-side hold the wall", nullptr, st).to == "player:british");
  const Action room = interpret("say good luck", nullptr, st);
  CHECK(room.kind == Action::kChat);
  CHECK(room.to.empty());
  st.seat_id = "observer:1";
  st.role = "observer";
  CHECK(interpret("say-to french hi", nullptr, st).kind == Action::kError);
}

}  // namespace grognard::cli

namespace grognard::cli {

TEST_CASE("the end-of-game note says the result once", "[cli][events]") {
  v1::GameEvent e;
  e.set_seq(40);
  auto* note = e.mutable_system();
  note->set_text("The game is over: British win (Boers exhausted). The dice seed is now public.");
  note->set_result("British win (Boers exhausted)");
  note->set_seed(std::string(64, 'a'));
  const auto same = [](const std::string& s) { return s; };
  const std::string line = event_line(e, nullptr, {}, same);
  CHECK(line ==
        "#40 * The game is over: British win (Boers exhausted). The dice seed is now public. "
        "(dice seed aaaaaaaaaaaaaaaa...)");
  note->set_text("This game was closed.");
  CHECK(event_line(e, nullptr, {}, same).ends_with(" Result: British win (Boers exhausted)"));
}

}  // namespace grognard::cli
