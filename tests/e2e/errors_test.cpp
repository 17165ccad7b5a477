// Rejections: each refused request gets the error code (and rule clause) that says why, and
// changes nothing.
#include <catch2/catch.hpp>

#include "game.h"

namespace grognard::e2e {

namespace {

itchy::Command move(const std::string& unit, std::vector<itchy::Facing> steps) {
  itchy::Command c;
  c.mutable_move()->set_unit(unit);
  for (itchy::Facing f : steps) c.mutable_move()->add_steps(f);
  return c;
}

itchy::Facing toward_enemy(int side) {
  return side == 0 ? itchy::NORTH : itchy::SOUTH;  // intro: side 0 starts south, side 1 north
}

}  // namespace

TEST_CASE("commands out of turn, for the enemy's units or against the rules are refused",
          "[e2e][errors]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  Player& chooser = to_act(g);
  Player& waiting = other(g, chooser);

  // Another seat is to act: NOT_YOUR_TURN from the room, whatever the command.
  itchy::Command end;
  end.mutable_end_side_turn();
  auto early = waiting.client.itchy_command(end, next_command_id(waiting));
  REQUIRE_FALSE(early.ok());
  CHECK(early.code() == v1::NOT_YOUR_TURN);

  // The initiative winner must choose the order before anything else.
  const int chooser_side = side_of(chooser.seat);
  const itchy::UnitView* own = unit_of(*chooser.view, chooser_side, true);
  REQUIRE(own != nullptr);
  auto before_choice =
      chooser.client.itchy_command(move(own->id(), {toward_enemy(chooser_side)}), "x-1");
  REQUIRE_FALSE(before_choice.ok());
  CHECK(before_choice.code() == v1::ILLEGAL);
  CHECK(before_choice.failure().clause == "itchy.turn.initiative-choice");

  step(g);  // go first
  Player& p = to_act(g);
  REQUIRE(p.seat == chooser.seat);
  const std::uint64_t seq = p.last_seq;
  const int side = side_of(p.seat);

  // A unit of the other side: PERMISSION_DENIED from the rules, naming the clause.
  const itchy::UnitView* enemy = unit_of(*p.view, 1 - side, false);
  REQUIRE(enemy != nullptr);
  auto theirs =
      p.client.itchy_command(move(enemy->id(), {toward_enemy(1 - side)}), next_command_id(p));
  REQUIRE_FALSE(theirs.ok());
  CHECK(theirs.code() == v1::PERMISSION_DENIED);
  CHECK(theirs.failure().clause == "itchy.unit.not-yours");

  // A move beyond the unit's allowance: ILLEGAL with the clause of the rule it breaks.
  own = unit_of(*p.view, side, true);
  REQUIRE(own != nullptr);
  auto too_far = p.client.itchy_command(
      move(own->id(), std::vector<itchy::Facing>(9, toward_enemy(side))), next_command_id(p));
  REQUIRE_FALSE(too_far.ok());
  CHECK(too_far.code() == v1::ILLEGAL);
  CHECK(too_far.failure().clause == "itchy.move.allowance");
  CHECK(!too_far.failure().message.empty());

  // A unit that does not exist.
  auto ghost = p.client.itchy_command(move("NOBODY", {itchy::NORTH}), next_command_id(p));
  REQUIRE_FALSE(ghost.ok());
  CHECK(ghost.code() == v1::NOT_FOUND);

  // A command without an id, and a payload of the wrong type.
  auto no_id = p.client.itchy_command(end, "");
  REQUIRE_FALSE(no_id.ok());
  CHECK(no_id.code() == v1::INVALID_ARGUMENT);
  auto wrong_type = p.client.command(client::pack(v1::Ping()), next_command_id(p));
  REQUIRE_FALSE(wrong_type.ok());
  CHECK(wrong_type.code() == v1::INVALID_ARGUMENT);

  // The other general is still not to act.
  auto out_of_turn = waiting.client.itchy_command(end, next_command_id(waiting));
  REQUIRE_FALSE(out_of_turn.ok());
  CHECK(out_of_turn.code() == v1::NOT_YOUR_TURN);

  // None of it reached the log or anyone's screen.
  auto log = p.client.get_events(g.game_id);
  REQUIRE(log.ok());
  CHECK(log->last_seq() == seq);
  for (Player& q : g.players) {
    auto push = q.client.next_push(kQuiet);
    CHECK_FALSE(push.ok());
  }

  // The archive of a running game is seen only as one's own seat, and only as far as it goes.
  auto as_enemy = p.client.get_events(g.game_id, 1, 0, other(g, p).seat);
  REQUIRE_FALSE(as_enemy.ok());
  CHECK(as_enemy.code() == v1::PERMISSION_DENIED);
  auto future = p.client.get_state(g.game_id, seq + 100);
  REQUIRE_FALSE(future.ok());
  CHECK(future.code() == v1::NOT_FOUND);

  // The refused ids were not used up: a refused command may be sent again, corrected.
  auto fixed = p.client.itchy_command(move(own->id(), {toward_enemy(side)}), "x-1");
  if (!fixed) FAIL(client::describe(fixed.failure()));
  CHECK_FALSE(fixed->duplicate());
  CHECK(fixed->first_seq() == seq + 1);
}

TEST_CASE("requests without a seat, or naming what does not exist, are refused", "[e2e][errors]") {
  ServerProcess server;
  Client c = connect(server);

  itchy::Command end;
  end.mutable_end_side_turn();
  auto command = c.itchy_command(end, "c-1");
  REQUIRE_FALSE(command.ok());
  CHECK(command.code() == v1::UNAUTHENTICATED);
  auto legal = c.legal();
  REQUIRE_FALSE(legal.ok());
  CHECK(legal.code() == v1::UNAUTHENTICATED);
  auto chat = c.chat("hello?");
  REQUIRE_FALSE(chat.ok());
  CHECK(chat.code() == v1::UNAUTHENTICATED);

  auto invite = c.join("NOSUCH", "general");
  REQUIRE_FALSE(invite.ok());
  CHECK(invite.code() == v1::NOT_FOUND);
  auto token = c.resume("gt_" + std::string(64, '0'), 0);
  REQUIRE_FALSE(token.ok());
  CHECK(token.code() == v1::UNAUTHENTICATED);
  auto events = c.get_events("g-000000000000");
  REQUIRE_FALSE(events.ok());
  CHECK(events.code() == v1::NOT_FOUND);
  auto state = c.get_state("g-000000000000");
  REQUIRE_FALSE(state.ok());
  CHECK(state.code() == v1::NOT_FOUND);
  auto ruleset = c.create_room("chess", "intro");
  REQUIRE_FALSE(ruleset.ok());
  CHECK(ruleset.code() == v1::NOT_FOUND);
  auto scenario = c.create_room("itchy", "no-such-scenario");
  REQUIRE_FALSE(scenario.ok());
  CHECK(scenario.code() == v1::NOT_FOUND);

  // A room exists, but its seats and archive are not everyone's.
  auto room = c.create_room("itchy", "intro", /*observers_allowed=*/false);
  REQUIRE(room.ok());
  auto role = c.join(room->invite_code(), "referee");
  REQUIRE_FALSE(role.ok());
  CHECK(role.code() == v1::NOT_FOUND);
  auto watch = c.join(room->invite_code(), "observer");
  REQUIRE_FALSE(watch.ok());
  CHECK(watch.code() == v1::PERMISSION_DENIED);
  auto peek = c.get_events(room->game_id());
  REQUIRE_FALSE(peek.ok());
  CHECK(peek.code() == v1::PERMISSION_DENIED);
  auto seated = c.join(room->invite_code(), "general", "side:0");
  REQUIRE(seated.ok());
  Client d = connect(server);
  auto taken = d.join(room->invite_code(), "general", "side:0");
  REQUIRE_FALSE(taken.ok());
  CHECK(taken.code() == v1::FAILED_PRECONDITION);
  // Seated, but the game has not begun.
  auto waiting = c.itchy_command(end, "c-2");
  REQUIRE_FALSE(waiting.ok());
  CHECK(waiting.code() == v1::FAILED_PRECONDITION);

  CHECK(c.ping().ok());
  CHECK(d.ping().ok());
}

}  // namespace grognard::e2e
