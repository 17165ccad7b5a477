// §Movement, last bullet; I10: withdrawing from an enemy that faces the unit.

#include "fixture.h"

using namespace itchy_test;

namespace {

// A at (5,5) faced by X from (5,4).
ScenarioBuilder faced() {
  return ScenarioBuilder(10, 10)
      .infantry(0, "A", {5, 5}, N)
      .infantry(0, "Z", {0, 9}, N)
      .infantry(1, "X", {5, 4}, S);
}

}  // namespace

TEST_CASE("withdrawal: a faced unit may move away", "[I10][itchy.move.withdrawal]") {
  TestGame g(faced());
  SECTION("straight back") {
    const auto& m = only<UnitMoved>(g.accept(0, move("A", {S, S})));
    CHECK(m.withdrawal);
    CHECK_FALSE(m.stopped_by_enemy);
    CHECK(m.path == std::vector<GridPos>{{5, 6}, {5, 7}});
    CHECK(m.facing == S);
  }
  SECTION("sideways, out of contact") {
    const auto& m = only<UnitMoved>(g.accept(0, move("A", {E}, N)));
    CHECK(m.withdrawal);
    CHECK(m.facing == N);
    CHECK(g.unit("A").pos == GridPos{6, 5});
  }
  SECTION("one area is enough") {
    const auto& m = only<UnitMoved>(g.accept(0, move("A", {S})));
    CHECK(m.withdrawal);
    CHECK(g.unit("A").pos == GridPos{5, 6});
  }
}

TEST_CASE("withdrawal: the move must end farther from the enemy", "[I10][itchy.move.withdrawal]") {
  TestGame g(faced());
  SECTION("round the flank to an area still next to the enemy") {
    Error e = g.reject(0, move("A", {E, N}, W));
    CHECK(e.clause == "itchy.move.withdrawal");
    CHECK(e.code == ErrorCode::kIllegal);
    CHECK(g.reject(0, move("A", {W, N}, E)).clause == "itchy.move.withdrawal");
  }
  SECTION("back where it started") {
    CHECK(g.reject(0, move("A", {S, N}, N)).clause == "itchy.move.withdrawal");
  }
  SECTION("turning in place is not a withdrawal") {
    const auto& m = only<UnitMoved>(g.accept(0, turn_to("A", N)));
    CHECK_FALSE(m.withdrawal);
  }
}

TEST_CASE("withdrawal: farther from every enemy facing the unit", "[I10][itchy.move.withdrawal]") {
  // Faced by X from the north and by Y from the east.
  Scenario s = faced().infantry(1, "Y", {6, 5}, W);
  TestGame g(s);
  SECTION("away from both") {
    const auto& m = only<UnitMoved>(g.accept(0, move("A", {W, W})));
    CHECK(m.withdrawal);
  }
  SECTION("away from X but still next to Y") {
    Error e = g.reject(0, move("A", {S, E}, N));
    CHECK(e.clause == "itchy.move.withdrawal");
  }
  SECTION("away from Y but still next to X") {
    CHECK(g.reject(0, move("A", {W, N}, E)).clause == "itchy.move.withdrawal");
  }
}

TEST_CASE("withdrawal: not into the area in front of another enemy",
          "[I18][I3][I10][itchy.move.withdrawal-front]") {
  SECTION("the area in front of Y") {
    TestGame g(faced().infantry(1, "Y", {5, 7}, N));
    Error e = g.reject(0, move("A", {S}));
    CHECK(e.clause == "itchy.move.withdrawal-front");
    CHECK(e.code == ErrorCode::kIllegal);
    CHECK(g.reject(0, move("A", {S}, S)).clause == "itchy.move.withdrawal-front");
  }
  SECTION("the area in front of an enemy General") {
    TestGame g(faced().general(1, "H", {3, 5}, E));
    CHECK(g.reject(0, move("A", {W}, W)).clause == "itchy.move.withdrawal-front");
  }
  SECTION("an area on another enemy's flank is allowed (and stops the move)") {
    TestGame g(faced().infantry(1, "Y", {5, 7}, E));
    const auto& m = only<UnitMoved>(g.accept(0, move("A", {S})));
    CHECK(m.withdrawal);
    CHECK(m.stopped_by_enemy);
    CHECK(m.facing == S);
  }
}

TEST_CASE("withdrawal: the stop rule still applies to areas entered",
          "[I18][I10][I9][itchy.move.stop-adjacent-to-enemy]") {
  // Y faces north; (4,5) is on its flank, so the withdrawal may end there but not go on.
  TestGame g(faced().infantry(1, "Y", {3, 5}, N));
  Error e = g.reject(0, move("A", {W, S}));
  CHECK(e.clause == "itchy.move.stop-adjacent-to-enemy");
  const auto& m = only<UnitMoved>(g.accept(0, move("A", {W})));
  CHECK(m.withdrawal);
  CHECK(m.stopped_by_enemy);
  CHECK(m.facing == W);
}

TEST_CASE("a unit next to an enemy that does not face it moves normally",
          "[I3][I10][I9][itchy.move]") {
  // X faces east: A is on its flank.
  TestGame g(ScenarioBuilder(10, 10).infantry(0, "A", {5, 5}, N).infantry(1, "X", {5, 4}, E));
  SECTION("away") {
    const auto& m = only<UnitMoved>(g.accept(0, move("A", {S, S})));
    CHECK_FALSE(m.withdrawal);
  }
  SECTION("round the enemy's flank, stopping next to it") {
    const auto& m = only<UnitMoved>(g.accept(0, move("A", {E, N})));
    CHECK_FALSE(m.withdrawal);
    CHECK(m.stopped_by_enemy);
    CHECK(m.facing == W);
    CHECK(g.unit("A").pos == GridPos{6, 4});
  }
}

TEST_CASE("a faced General withdraws like a unit", "[I10][itchy.move.withdrawal][itchy.generals]") {
  TestGame g(ScenarioBuilder(10, 10)
                 .general(0, "G", {5, 5}, N)
                 .infantry(0, "A", {0, 9}, N)
                 .infantry(1, "X", {5, 4}, S));
  CHECK(g.reject(0, move("G", {E, N}, W)).clause == "itchy.move.withdrawal");
  const auto& m = only<UnitMoved>(g.accept(0, move("G", {S, S, S})));
  CHECK(m.withdrawal);
  CHECK(g.unit("G").pos == GridPos{5, 8});
}
