// §3 sequence of play, §4 actions, R5 (two declared actions), R14 (turns, targets chosen when
// carried out, end), the seats and the activation's flow.

#include "fixture.h"

using namespace rcw_test;

namespace {

// Two infantry and an HQ a side, all within 12" of their HQ.
ScenarioBuilder field() {
  return ScenarioBuilder()
      .unit("H0", 0, UnitType::kHq, {60, 4}, 0)
      .unit("A", 0, UnitType::kInfantry, {50, 10}, 0)
      .unit("B", 0, UnitType::kInfantry, {56, 10}, 0)
      .unit("H1", 1, UnitType::kHq, {60, 44}, 180)
      .unit("X", 1, UnitType::kInfantry, {50, 20}, 180)
      .unit("Y", 1, UnitType::kInfantry, {56, 20}, 180);
}

}  // namespace

TEST_CASE("a game with nothing to deploy begins at turn 1 with the first side",
          "[R14][R19][sec.3]") {
  TestGame g(field(), TestGame::NotBegun{});
  auto ev = g.begin();
  CHECK(count_of<DeploymentBegan>(ev) == 0);
  auto tb = only<TurnBegan>(ev);
  CHECK(tb.turn == 1);
  CHECK(tb.side == 0);
  CHECK(g.state.phase == Phase::kPlay);
  CHECK(seats_to_act(g.state) == std::vector<std::string>{kSide0});
}

TEST_CASE("the scenario names the first side", "[R14][sec.3]") {
  TestGame g(field().first_side(1), TestGame::NotBegun{});
  auto tb = only<TurnBegan>(g.begin());
  CHECK(tb.side == 1);
  CHECK(g.state.side == 1);
}

TEST_CASE("commands before begin are refused", "[R14][rcw.turn.not-started]") {
  TestGame g(field(), TestGame::NotBegun{});
  auto e = g.reject(kSide0, activate("A", kMove, kMove));
  CHECK(e.clause == clause::kNotStarted);
}

TEST_CASE("only the side whose turn it is acts", "[R14][sec.3][rcw.turn.not-your-turn]") {
  TestGame g(field());
  auto e = g.reject(kSide1, activate("X", kMove, kMove));
  CHECK(e.clause == clause::kNotYourTurn);
}

TEST_CASE("a seat that is not a general's is refused", "[R14][rcw.turn.seat]") {
  TestGame g(field());
  auto e = g.reject("observer", activate("A", kMove, kMove));
  CHECK(e.clause == clause::kSeat);
}

TEST_CASE("units are activated by their own side only",
          "[sec.3][rcw.unit.not-yours][rcw.unit.unknown]") {
  TestGame g(field());
  CHECK(g.reject(kSide0, activate("X", kMove, kMove)).clause == clause::kNotYours);
  CHECK(g.reject(kSide0, activate("Nobody", kMove, kMove)).clause == clause::kUnknownUnit);
}

TEST_CASE("a destroyed unit is not activated", "[sec.3][rcw.unit.destroyed]") {
  TestGame g(field());
  g.edit("A").destroyed = true;
  CHECK(g.reject(kSide0, activate("A", kMove, kMove)).clause == clause::kDestroyed);
}

TEST_CASE("Move+Move: two moves, each up to the allowance, in the order declared",
          "[R5][sec.4][rcw.actions.wrong-action]") {
  TestGame g(field());
  auto a = only<Activated>(g.accept(kSide0, activate("A", kMove, kMove), {1}));
  CHECK(a.first == kMove);
  CHECK(a.second == kMove);
  CHECK(g.reject(kSide0, shoot("X")).clause == clause::kWrongAction);
  g.accept(kSide0, move_to({{44, 10}}, 270));
  auto ev = g.accept(kSide0, move_to({{38, 10}}, 270));
  CHECK(only<Moved>(ev).cost == Approx(6));
  CHECK(count_of<ActivationEnded>(ev) == 1);
  CHECK(near(g.unit("A").pos, {38, 10}));
  CHECK(g.unit("A").activated);
}

TEST_CASE("Shoot+Shoot: two shots, each target chosen when the shot is carried out",
          "[R5][R14][sec.4]") {
  TestGame g(field());
  g.accept(kSide0, activate("A", kShoot, kShoot));
  // Infantry: 1 die, hit on 4 in the open; a save of 4 pins.
  auto s1 = only<Shot>(g.accept(kSide0, shoot("X"), {4, 4}));
  CHECK(s1.target.get() == "X");
  auto s2 = only<Shot>(g.accept(kSide0, shoot("Y"), {1}));
  CHECK(s2.target.get() == "Y");
  CHECK(s2.hits == 0);
  CHECK(g.unit("X").pinned);
  CHECK_FALSE(g.unit("Y").pinned);
}

TEST_CASE("at most one close assault is declared", "[R5][sec.4][rcw.actions.one-assault]") {
  TestGame g(field());
  CHECK(g.reject(kSide0, activate("A", kAssault, kAssault)).clause == clause::kOneAssault);
}

TEST_CASE("a unit is activated once a turn", "[sec.3][R14][rcw.activation.once]") {
  TestGame g(field());
  g.accept(kSide0, activate("A", kMove, kMove), {1});
  g.accept(kSide0, SkipAction{});
  g.accept(kSide0, SkipAction{});
  CHECK(g.reject(kSide0, activate("A", kMove, kMove)).clause == clause::kActivated);
}

TEST_CASE("one activation at a time: the open one is finished first",
          "[sec.3][rcw.turn.activation-open][rcw.turn.no-activation]") {
  TestGame g(field());
  CHECK(g.reject(kSide0, move_to({{50, 12}}, 0)).clause == clause::kNoActivation);
  CHECK(g.reject(kSide0, SkipAction{}).clause == clause::kNoActivation);
  g.accept(kSide0, activate("A", kMove, kMove), {1});
  CHECK(g.reject(kSide0, activate("B", kMove, kMove)).clause == clause::kActivationOpen);
  CHECK(g.reject(kSide0, EndTurn{}).clause == clause::kActivationOpen);
}

TEST_CASE("a forgone action is skipped and the activation goes on", "[R14][sec.4]") {
  TestGame g(field());
  g.accept(kSide0, activate("A", kMove, kShoot), {1});
  auto sk = only<ActionSkipped>(g.accept(kSide0, SkipAction{}));
  CHECK(sk.index == 0);
  CHECK(sk.action == kMove);
  CHECK(sk.reason == "forgone");
  auto ev = g.accept(kSide0, shoot("X"), {1});
  CHECK(count_of<ActivationEnded>(ev) == 1);
}

TEST_CASE("the side turn ends when every unit has activated, then the other side's begins",
          "[sec.3][R14]") {
  TestGame g(field().unit("C", 0, UnitType::kInfantry, {56, 14}, 0));
  for (const char* id : {"H0", "A", "B"}) {
    // R53: the HQ throws nothing, the others a die that does not count.
    g.accept(kSide0, activate(id, kMove, kMove),
             id == std::string("H0") ? std::vector<int>{} : std::vector<int>{1});
    g.accept(kSide0, SkipAction{});
    auto ev = g.accept(kSide0, SkipAction{});
    CHECK(count_of<TurnEnded>(ev) == 0);
  }
  g.accept(kSide0, activate("C", kMove, kMove), {1});
  g.accept(kSide0, SkipAction{});
  auto ev = g.accept(kSide0, SkipAction{});
  auto te = only<TurnEnded>(ev);
  CHECK(te.turn == 1);
  CHECK(te.side == 0);
  auto tb = only<TurnBegan>(ev);
  CHECK(tb.turn == 1);
  CHECK(tb.side == 1);
  CHECK(g.state.side == 1);
  CHECK(seats_to_act(g.state) == std::vector<std::string>{kSide1});
}

TEST_CASE("destroyed units need no activation to end the turn", "[sec.3][R14]") {
  TestGame g(field());
  g.edit("B").destroyed = true;
  g.edit("H0").activated = true;
  g.accept(kSide0, activate("A", kMove, kMove), {1});
  g.accept(kSide0, SkipAction{});
  auto ev = g.accept(kSide0, SkipAction{});
  CHECK(only<TurnEnded>(ev).side == 0);
}

TEST_CASE("EndTurn passes the rest: whole turns alternate and activations start afresh",
          "[R14][sec.3]") {
  TestGame g(field());
  g.accept(kSide0, activate("A", kMove, kMove), {1});
  g.accept(kSide0, SkipAction{});
  g.accept(kSide0, SkipAction{});
  auto ev = g.accept(kSide0, EndTurn{});
  CHECK(only<TurnEnded>(ev).side == 0);
  CHECK(only<TurnBegan>(ev).side == 1);
  ev = g.accept(kSide1, EndTurn{});
  CHECK(only<TurnEnded>(ev).turn == 1);
  auto tb = only<TurnBegan>(ev);
  CHECK(tb.turn == 2);
  CHECK(tb.side == 0);
  CHECK_FALSE(g.unit("A").activated);
  g.accept(kSide0, activate("A", kMove, kMove), {1});  // a new turn: again
}

TEST_CASE("the game ends after the second side's turn of the last turn", "[R14][R29]") {
  TestGame g(field().turns(2));
  g.accept(kSide0, EndTurn{});
  g.accept(kSide1, EndTurn{});
  g.accept(kSide0, EndTurn{});
  auto ev = g.accept(kSide1, EndTurn{});
  CHECK(count_of<TurnBegan>(ev) == 0);
  auto ge = only<GameEnded>(ev);
  CHECK(ge.points[0] == 0);
  CHECK(ge.points[1] == 0);
  CHECK_FALSE(ge.winner.has_value());  // R29: equal points, a draw
  CHECK(g.state.phase == Phase::kOver);
  CHECK(seats_to_act(g.state).empty());
  CHECK(g.reject(kSide0, activate("A", kMove, kMove)).clause == clause::kGameOver);
}

TEST_CASE("a side that concedes loses at once", "[R14][R29]") {
  TestGame g(field());
  auto ev = g.accept(kSide0, Concede{});
  CHECK(only<Conceded>(ev).side == 0);
  auto ge = only<GameEnded>(ev);
  REQUIRE(ge.winner.has_value());
  CHECK(*ge.winner == 1);
  CHECK(g.state.phase == Phase::kOver);
}

TEST_CASE("legal offers only commands decide accepts", "[R14]") {
  TestGame g(field());
  auto cmds = legal(g.state, kSide0);
  REQUIRE_FALSE(cmds.empty());
  for (const Command& c : cmds) {
    ScriptedDice dice({6, 6, 6, 6, 6, 6, 6, 6, 6, 6});
    auto r = decide(g.state, kSide0, c, dice);
    INFO((r.ok() ? std::string() : describe(r.error())));
    CHECK(r.ok());
  }
  CHECK(legal(g.state, kSide1).empty());
}

TEST_CASE("a target is chosen when the shot is carried out, after the move declared before it",
          "[R14][R5]") {
  TestGame g(field());
  g.edit("X").pos = {50, 24};  // 14in: out of range when declared
  g.edit("Y").pos = {62, 24};
  g.accept(kSide0, activate("A", kMove, kShoot), {1});
  g.accept(kSide0, move_to({{50, 14}}, 0));
  auto s = only<Shot>(g.accept(kSide0, shoot("X"), {1}));
  CHECK(s.range == Approx(10));
}
