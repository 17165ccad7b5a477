// §Exhaustion Point (last bullet), I16 and ruling I19: when the battle ends and who wins.

#include "fixture.h"

using namespace itchy_test;

namespace {

// A (4 SP, side 0) faces X (sp_x, side 1) across one edge at (1,6)/(1,5); B and Y are far
// away. Objectives may be added by the caller.
ScenarioBuilder battle(int sp_x, int turn_limit) {
  return ScenarioBuilder(8, 8)
      .infantry(0, "A", {1, 6}, N)
      .infantry(0, "B", {7, 7}, N)
      .infantry(1, "X", {1, 5}, S, sp_x)
      .infantry(1, "Y", {6, 0}, S)
      .turns(turn_limit);
}

void check_over(TestGame& g) {
  CHECK(g.state.phase == Phase::kOver);
  CHECK_FALSE(side_to_act(g.state).has_value());
  for (int side : {0, 1}) {
    for (const Command& c : {Command{EndSideTurn{}}, Command{move("A", {E})},
                             Command{attack("X", {1, 6})}, Command{ChooseOrder{true}}}) {
      CHECK(g.reject(side, c).clause == "itchy.turn.game-over");
    }
  }
  CHECK(legal(g.state, 0).empty());
  CHECK(legal(g.state, 1).empty());
}

}  // namespace

TEST_CASE("the battle ends at the turn limit: equal scores are a draw",
          "[I16][I19][itchy.end][itchy.turn.game-over]") {
  TestGame g(battle(4, 1));
  auto ev = g.end_turn();
  REQUIRE(ev.size() == 3);
  CHECK(std::holds_alternative<SideTurnEnded>(ev[0]));
  CHECK(std::holds_alternative<TurnEnded>(ev[1]));
  const auto& end = std::get<GameEnded>(ev[2]);
  CHECK_FALSE(end.winner.has_value());
  CHECK(end.score == std::array<int, 2>{0, 0});
  CHECK_FALSE(end.reason.empty());
  CHECK_FALSE(g.state.winner.has_value());
  CHECK(g.state.end_reason == end.reason);
  check_over(g);
}

TEST_CASE("the battle lasts the scenario's turns", "[I16][itchy.end]") {
  TestGame g(battle(4, 3));
  CHECK(count_of<GameEnded>(g.end_turn()) == 0);
  CHECK(g.state.turn == 2);
  CHECK(count_of<GameEnded>(g.end_turn()) == 0);
  CHECK(g.state.turn == 3);
  auto ev = g.end_turn();
  CHECK(count_of<InitiativeThrown>(ev) == 0);
  CHECK(count_of<GameEnded>(ev) == 1);
  CHECK(g.state.phase == Phase::kOver);
}

TEST_CASE("score: enemy SP destroyed", "[I16][I19][itchy.end]") {
  TestGame g(battle(4, 1));
  g.accept(0, attack("A", {1, 5}), {4, 4, 1, 2, 3, 5});
  const auto& end = only<GameEnded>(g.end_turn());
  CHECK(end.score == std::array<int, 2>{1, 0});
  CHECK(end.winner == 0);
  CHECK(g.state.winner == 0);
  CHECK(g.state.score == std::array<int, 2>{1, 0});
}

TEST_CASE("score: objectives held at the end", "[I16][I19][itchy.end]") {
  SECTION("a unit on an objective") {
    TestGame g(battle(4, 1).objective("hill", {6, 0}, 2));
    g.accept(0, attack("A", {1, 5}), {4, 4, 1, 2, 3, 5});
    const auto& end = only<GameEnded>(g.end_turn());
    CHECK(end.score == std::array<int, 2>{1, 2});
    CHECK(end.winner == 1);
  }
  SECTION("a General on an objective; an objective left empty scores nothing") {
    TestGame g(battle(4, 1)
                   .general(0, "G", {4, 4})
                   .objective("village", {4, 3}, 1)
                   .objective("ford", {0, 0}, 3));
    g.accept(0, move("G", {N}));
    const auto& end = only<GameEnded>(g.end_turn());
    CHECK(end.score == std::array<int, 2>{1, 0});
    CHECK(end.winner == 0);
  }
  SECTION("both hold objectives: equal scores draw") {
    TestGame g(battle(4, 1).objective("a", {7, 7}, 2).objective("b", {6, 0}, 2));
    const auto& end = only<GameEnded>(g.end_turn());
    CHECK(end.score == std::array<int, 2>{2, 2});
    CHECK_FALSE(end.winner.has_value());
  }
}

TEST_CASE("the battle ends when both sides are exhausted",
          "[I14][I16][I19][itchy.end][itchy.exhaustion]") {
  // Each side: two units of 2 SP, Exhaustion Point 2.
  TestGame g(ScenarioBuilder(8, 8)
                 .infantry(0, "A", {1, 2}, N, 2)
                 .infantry(0, "B", {5, 2}, N, 2)
                 .infantry(1, "X", {1, 1}, S, 2)
                 .infantry(1, "Y", {5, 1}, S, 2)
                 .objective("crossroads", {1, 2}, 1)
                 .turns(5));
  g.accept(0, attack("A", {1, 1}), {4, 4, 5, 5, 1, 2});
  CHECK(g.unit("X").removed);
  g.accept(0, EndSideTurn{});
  g.accept(1, attack("Y", {5, 2}), {4, 4, 5, 5, 1, 2});
  CHECK(g.unit("B").removed);
  auto ev = g.accept(1, EndSideTurn{});
  const auto& te = only<TurnEnded>(ev);
  CHECK(te.exhausted == std::array<bool, 2>{true, true});
  const auto& end = only<GameEnded>(ev);
  CHECK(count_of<InitiativeThrown>(ev) == 0);
  CHECK(end.score == std::array<int, 2>{3, 2});  // A holds the crossroads
  CHECK(end.winner == 0);
  CHECK(g.state.turn == 1);
  check_over(g);
}

TEST_CASE("at the end, a side exhausted alone loses whatever the score",
          "[I16][I19][itchy.end][itchy.exhaustion]") {
  // Side 1: 8 SP, Exhaustion Point 4; it holds an objective worth 9.
  TestGame g(ScenarioBuilder(8, 8)
                 .unit(0, "M", UnitType::kMachineGun, {1, 6}, N)
                 .infantry(0, "B", {7, 7}, N)
                 .infantry(1, "X", {1, 5}, S)
                 .infantry(1, "Y", {6, 0}, S)
                 .objective("ridge", {6, 0}, 9)
                 .turns(1));
  g.accept(0, attack("M", {1, 5}), {4, 4, 5, 5, 6, 6, 4, 4});
  const auto& end = only<GameEnded>(g.end_turn());
  CHECK(g.state.sides[1].exhausted);
  CHECK(end.score == std::array<int, 2>{4, 9});
  CHECK(end.winner == 0);
}

TEST_CASE("a side with no units left loses at once", "[I16][I19][itchy.end]") {
  TestGame g(ScenarioBuilder(8, 8)
                 .infantry(0, "A", {1, 6}, N)
                 .infantry(1, "X", {1, 5}, S, 1)
                 .general(1, "H", {5, 0}, S));
  auto ev = g.accept(0, attack("A", {1, 5}), {4, 4, 1, 2, 3, 5});
  REQUIRE(ev.size() == 2);
  CHECK(std::holds_alternative<AttackResolved>(ev[0]));
  const auto& end = std::get<GameEnded>(ev[1]);
  CHECK(end.winner == 0);  // a General alone is no army
  CHECK_FALSE(end.reason.empty());
  check_over(g);
}

TEST_CASE("no units left beats exhaustion and score", "[I15][I16][I19][itchy.end]") {
  // Side 0 (4 SP, point 2) is exhausted after turn 1, then destroys side 1's last unit.
  TestGame g(ScenarioBuilder(8, 8)
                 .infantry(0, "A", {1, 7}, N, 2)
                 .infantry(0, "B", {1, 4}, S, 2)
                 .infantry(1, "X", {1, 6}, S, 2)
                 .general(1, "H", {7, 0}, S)
                 .objective("hill", {7, 0}, 5));
  g.accept(0, EndSideTurn{});
  g.accept(1, attack("X", {1, 7}), {4, 4, 5, 5, 1, 2});
  REQUIRE(g.unit("A").removed);
  g.accept(1, EndSideTurn{}, {6, 1});
  REQUIRE(g.state.sides[0].exhausted);
  g.accept(0, ChooseOrder{true});
  // An exhausted unit still attacks when it does not move (I15).
  auto ev = g.accept(0, attack("B", {1, 6}), {4, 4, 5, 5});
  REQUIRE(count_of<GameEnded>(ev) == 1);
  CHECK(only<GameEnded>(ev).winner == 0);
  check_over(g);
}
