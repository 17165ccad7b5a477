// §Exhaustion Point, I14 (checked at the end of each turn) and I15 (what an exhausted side may
// still do), with ruling I17 (turning in place before an exhausted side's attack).

#include "fixture.h"

using namespace itchy_test;

namespace {

// Side 0's machine gun "M" (8 dice at range 1) faces side 1's "X" (sp_x) across one edge;
// side 1 also has "Y" (4 SP) far away. Side 1 starts with sp_x + 4 SP.
TestGame duel(int sp_x, int turn_limit = 12) {
  return TestGame(ScenarioBuilder(8, 8)
                      .unit(0, "M", UnitType::kMachineGun, {1, 6}, N)
                      .infantry(0, "B", {7, 7}, N)
                      .infantry(1, "X", {1, 5}, S, sp_x)
                      .infantry(1, "Y", {6, 0}, S)
                      .turns(turn_limit));
}

}  // namespace

TEST_CASE("the Exhaustion Point is half the starting SP, Generals included, rounded up",
          "[I14][itchy.exhaustion]") {
  auto point = [](std::vector<int> sps, int generals) {
    ScenarioBuilder b(10, 10);
    int x = 0;
    for (int sp : sps) b.infantry(0, "U" + std::to_string(x), {x, 9}, N, sp), ++x;
    for (int i = 0; i < generals; ++i) b.general(0, "G" + std::to_string(i), {i, 8});
    b.infantry(1, "X", {0, 0}, S);
    return fresh_state(b).sides[0].exhaustion_point;
  };
  CHECK(point({4}, 0) == 2);
  CHECK(point({4}, 1) == 3);
  CHECK(point({4, 3}, 0) == 4);
  CHECK(point({4, 4}, 0) == 4);
  CHECK(point({4, 4}, 1) == 5);
  CHECK(point({1}, 0) == 1);
  CHECK(point({2, 2, 1}, 2) == 4);
}

TEST_CASE("a side reaching its Exhaustion Point is exhausted at the end of the turn",
          "[I14][itchy.exhaustion]") {
  TestGame g = duel(4);  // side 1: 8 SP, point 4
  REQUIRE(g.state.sides[1].exhaustion_point == 4);
  g.accept(0, attack("M", {1, 5}), {4, 4, 5, 5, 6, 6, 4, 4});
  CHECK(g.state.sides[1].losses == 4);
  CHECK_FALSE(g.state.sides[1].exhausted);  // not until the check at the end of the turn
  g.accept(0, EndSideTurn{});
  // Side 1 is not yet exhausted: it may still advance this turn.
  g.accept(1, move("Y", {S, S}));
  auto ev = g.accept(1, EndSideTurn{}, {6, 1});
  const auto& te = only<TurnEnded>(ev);
  CHECK(te.turn == 1);
  CHECK(te.losses == std::array<int, 2>{0, 4});
  CHECK(te.exhausted == std::array<bool, 2>{false, true});
  CHECK(g.state.sides[1].exhausted);
  CHECK_FALSE(g.state.sides[0].exhausted);
  CHECK(count_of<GameEnded>(ev) == 0);  // one exhausted side does not end the battle
  CHECK(count_of<InitiativeThrown>(ev) == 1);
}

TEST_CASE("one SP short of the Exhaustion Point is not exhausted", "[I14][itchy.exhaustion]") {
  TestGame g = duel(4);
  g.accept(0, attack("M", {1, 5}), {4, 4, 5, 5, 6, 6, 1, 2});
  CHECK(g.state.sides[1].losses == 3);
  const auto& te = only<TurnEnded>(g.end_turn());
  CHECK(te.exhausted == std::array<bool, 2>{false, false});
  CHECK_FALSE(g.state.sides[1].exhausted);
}

TEST_CASE("losses add up over turns", "[I14][itchy.exhaustion]") {
  TestGame g = duel(4);
  g.accept(0, attack("M", {1, 5}), {4, 4, 5, 5, 1, 2, 3, 1});
  CHECK_FALSE(only<TurnEnded>(g.end_turn()).exhausted[1]);
  g.accept(0, attack("M", {1, 5}), {4, 4, 5, 5, 1, 2, 3, 1});
  CHECK(g.state.sides[1].losses == 4);
  CHECK(only<TurnEnded>(g.end_turn()).exhausted[1]);
}

TEST_CASE("an exhausted side moves no nearer the enemy", "[I15][itchy.exhaustion.no-advance]") {
  TestGame g(ScenarioBuilder(10, 10)
                 .infantry(0, "A", {5, 7}, N)
                 .general(0, "G", {2, 7})
                 .infantry(1, "X", {5, 2}, S)
                 .infantry(1, "Y", {9, 0}, S));
  g.state.sides[0].exhausted = true;
  SECTION("forward") {
    Error e = g.reject(0, move("A", {N}));
    CHECK(e.clause == "itchy.exhaustion.no-advance");
    CHECK(e.code == ErrorCode::kIllegal);
    CHECK(g.reject(0, move("G", {N, E, E})).clause == "itchy.exhaustion.no-advance");
  }
  SECTION("back") {
    const auto& m = only<UnitMoved>(g.accept(0, move("A", {S, S}, N)));
    CHECK(m.path.back() == GridPos{5, 9});
  }
  SECTION("at the same distance") {
    g.accept(0, move("A", {E, N}, N));  // (6,6): still 5 from X
  }
  SECTION("turning in place") {
    g.accept(0, turn_to("A", E));
  }
  SECTION("the other side is not held back") {
    g.accept(0, EndSideTurn{});
    g.accept(1, move("X", {S, S}));
  }
}

TEST_CASE("an exhausted side ends no move next to an enemy it was not next to",
          "[I15][itchy.exhaustion.no-advance]") {
  // X faces east, so A (on its flank) is not withdrawing; Y stands two areas east of A.
  TestGame g(ScenarioBuilder(10, 10)
                 .infantry(0, "A", {5, 5}, N)
                 .infantry(1, "X", {5, 4}, E)
                 .infantry(1, "Y", {7, 5}, N));
  g.state.sides[0].exhausted = true;
  // The nearest enemy stays 1 away, but Y is a new neighbour.
  CHECK(g.reject(0, move("A", {E}, E)).clause == "itchy.exhaustion.no-advance");
  // Staying next to X is fine.
  g.accept(0, move("A", {W, N}, E));
  CHECK(g.unit("A").pos == GridPos{4, 4});
}

TEST_CASE("an exhausted unit that attacks does not move",
          "[I15][I17][itchy.exhaustion.attack-no-move]") {
  TestGame g(ScenarioBuilder(10, 10)
                 .infantry(0, "A", {5, 5}, N)
                 .infantry(1, "X", {5, 3}, S)
                 .infantry(1, "Y", {9, 0}, S));
  g.state.sides[0].exhausted = true;
  SECTION("a move of one area, then no attack") {
    g.accept(0, move("A", {S}, N));
    Error e = g.reject(0, attack("A", {5, 3}));
    CHECK(e.clause == "itchy.exhaustion.attack-no-move");
    CHECK(e.code == ErrorCode::kIllegal);
  }
  SECTION("an attack without a move") {
    g.accept(0, attack("A", {5, 3}), {1, 1, 1, 1});
  }
  SECTION("I17: turning in place, then an attack") {
    g.accept(0, turn_to("A", N));
    g.accept(0, attack("A", {5, 3}), {1, 1, 1, 1});
  }
  SECTION("I17: turning in place to face the target, then an attack") {
    TestGame g2(ScenarioBuilder(10, 10)
                    .infantry(0, "A", {5, 5}, E)
                    .infantry(1, "X", {5, 3}, S)
                    .infantry(1, "Y", {9, 0}, S));
    g2.state.sides[0].exhausted = true;
    g2.accept(0, turn_to("A", N));
    g2.accept(0, attack("A", {5, 3}), {1, 1, 1, 1});
  }
}

TEST_CASE("exhaustion reached in play holds the side back next turn",
          "[I14][I15][itchy.exhaustion.no-advance]") {
  TestGame g = duel(4);
  g.accept(0, attack("M", {1, 5}), {4, 4, 5, 5, 6, 6, 4, 4});
  g.end_turn(1);
  REQUIRE(g.state.sides[1].exhausted);
  REQUIRE(g.state.acting_side == 1);
  CHECK(g.reject(1, move("Y", {S})).clause == "itchy.exhaustion.no-advance");
  g.accept(1, move("Y", {W}, S));  // (5,0): no nearer to M or B
}
