// §Movement: allowances, edges not corners (I1), turning (I8, I9), stacking (I11), stopping
// and facing next to the enemy (I9).

#include "fixture.h"

using namespace itchy_test;

namespace {

// A lone unit of `type` at (0, 9) facing north on a 10x10 grid; the enemy is far away.
Scenario lone(UnitType type) {
  return ScenarioBuilder(10, 10)
      .unit(0, "U", type, {0, 9}, N)
      .infantry(0, "Z", {9, 9}, N)
      .infantry(1, "X", {9, 0}, S);
}

std::vector<Facing> north(int n) {
  return std::vector<Facing>(static_cast<std::size_t>(n), N);
}

}  // namespace

TEST_CASE("movement allowances", "[itchy.move.allowance][I8]") {
  struct Case {
    UnitType type;
    int allowance;
  };
  const Case cases[] = {
      {UnitType::kInfantry, 2},       {UnitType::kDismountedCavalry, 2},
      {UnitType::kMountedCavalry, 3}, {UnitType::kMachineGun, 2},
      {UnitType::kArtillery, 2},      {UnitType::kHorseDrawnTransport, 2},
      {UnitType::kGeneral, 3},
  };
  for (const Case& c : cases) {
    INFO(to_string(c.type));
    CHECK(movement_allowance(c.type) == c.allowance);
    {
      TestGame g(lone(c.type));
      Error e = g.reject(0, move("U", north(c.allowance + 1)));
      CHECK(e.clause == "itchy.move.allowance");
      CHECK(e.code == ErrorCode::kIllegal);
    }
    TestGame g(lone(c.type));
    const auto& m = only<UnitMoved>(g.accept(0, move("U", north(c.allowance))));
    CHECK(m.path.size() == static_cast<std::size_t>(c.allowance));
    CHECK(m.path.back() == GridPos{0, 9 - c.allowance});
    CHECK(g.unit("U").pos == GridPos{0, 9 - c.allowance});
    CHECK(g.unit("U").areas_moved == c.allowance);
    CHECK(g.unit("U").moved);
  }
}

TEST_CASE("movement stays on the grid", "[itchy.move.on-grid][I1]") {
  TestGame g(lone(UnitType::kMountedCavalry));
  CHECK(g.reject(0, move("U", {W})).clause == "itchy.move.on-grid");
  CHECK(g.reject(0, move("U", {N, S, S})).clause == "itchy.move.on-grid");
  CHECK(g.unit("U").pos == GridPos{0, 9});
}

TEST_CASE("movement crosses edges and may change direction", "[I21][I1][I9][itchy.move]") {
  TestGame g(lone(UnitType::kMountedCavalry));
  SECTION("the unit ends facing its last step") {
    const auto& m = only<UnitMoved>(g.accept(0, move("U", {N, E, N})));
    CHECK(m.path == std::vector<GridPos>{{0, 8}, {1, 8}, {1, 7}});
    CHECK(m.facing == N);
    CHECK_FALSE(m.withdrawal);
    CHECK_FALSE(m.stopped_by_enemy);
    CHECK(g.unit("U").facing == N);
  }
  SECTION("or the facing it chooses") {
    const auto& m = only<UnitMoved>(g.accept(0, move("U", {E, N, E}, S)));
    CHECK(m.path == std::vector<GridPos>{{1, 9}, {1, 8}, {2, 8}});
    CHECK(m.facing == S);
    CHECK(g.unit("U").pos == GridPos{2, 8});
    CHECK(g.unit("U").facing == S);
  }
  SECTION("doubling back counts every area entered") {
    CHECK(g.reject(0, move("U", {N, S, N, S})).clause == "itchy.move.allowance");
    g.accept(0, move("U", {E, W, N}));
    CHECK(g.unit("U").pos == GridPos{0, 8});
    CHECK(g.unit("U").areas_moved == 3);
  }
}

TEST_CASE("turning in place is a move of 0 areas", "[I8][itchy.move]") {
  TestGame g(lone(UnitType::kInfantry));
  SECTION("to a new facing") {
    const auto& m = only<UnitMoved>(g.accept(0, turn_to("U", W)));
    CHECK(m.path.empty());
    CHECK(m.facing == W);
    CHECK(g.unit("U").facing == W);
  }
  SECTION("with no facing given the unit keeps its facing") {
    const auto& m = only<UnitMoved>(g.accept(0, move("U", {})));
    CHECK(m.path.empty());
    CHECK(m.facing == N);
  }
  CHECK(g.unit("U").pos == GridPos{0, 9});
  CHECK(g.unit("U").areas_moved == 0);
  CHECK(g.unit("U").moved);
  CHECK(g.unit("U").activated);
}

TEST_CASE("stacking: no unit ends its move with a friendly unit", "[I11][itchy.move.stacking]") {
  Scenario s = ScenarioBuilder(8, 8)
                   .infantry(0, "A", {0, 6}, N)
                   .infantry(0, "B", {0, 5}, N)
                   .unit(0, "C", UnitType::kMountedCavalry, {1, 6}, N)
                   .infantry(1, "X", {7, 0}, S);
  TestGame g(s);
  SECTION("ending on a friend is refused") {
    Error e = g.reject(0, move("A", {N}));
    CHECK(e.clause == "itchy.move.stacking");
    CHECK(e.code == ErrorCode::kIllegal);
    CHECK(g.reject(0, move("C", {N, W})).clause == "itchy.move.stacking");
  }
  SECTION("passing through a friend is fine") {
    const auto& m = only<UnitMoved>(g.accept(0, move("A", {N, N})));
    CHECK(m.path == std::vector<GridPos>{{0, 5}, {0, 4}});
    CHECK(g.unit("A").pos == GridPos{0, 4});
  }
  SECTION("passing through two friends is fine") {
    const auto& m = only<UnitMoved>(g.accept(0, move("C", {W, N, N})));
    CHECK(m.path == std::vector<GridPos>{{0, 6}, {0, 5}, {0, 4}});
  }
}

TEST_CASE("stacking: horse-drawn transport shares an area with one other unit",
          "[I11][itchy.move.stacking]") {
  Scenario s = ScenarioBuilder(8, 8)
                   .infantry(0, "A", {0, 6}, N)
                   .unit(0, "T", UnitType::kHorseDrawnTransport, {1, 6}, N)
                   .infantry(0, "B", {2, 6}, N)
                   .unit(0, "T2", UnitType::kHorseDrawnTransport, {3, 6}, N)
                   .infantry(1, "X", {7, 0}, S);
  TestGame g(s);
  SECTION("transport joins a unit, then a third unit may not") {
    g.accept(0, move("T", {W}));
    CHECK(g.unit("T").pos == g.unit("A").pos);
    CHECK(g.reject(0, move("B", {W, W})).clause == "itchy.move.stacking");
  }
  SECTION("a unit joins transport") {
    g.accept(0, move("A", {E}));
    CHECK(g.unit("T").pos == g.unit("A").pos);
    // The transport now shares with one unit: the area is full.
    CHECK(g.reject(0, move("B", {W})).clause == "itchy.move.stacking");
    CHECK(g.reject(0, move("T2", {W, W})).clause == "itchy.move.stacking");
  }
}

TEST_CASE("stacking: Generals share areas with friendly units and Generals",
          "[I20][I11][itchy.move.stacking][itchy.generals]") {
  Scenario s = ScenarioBuilder(8, 8)
                   .infantry(0, "A", {0, 6}, N)
                   .general(0, "G", {2, 6})
                   .general(0, "G2", {3, 6})
                   .infantry(0, "B", {2, 4}, N)
                   .infantry(1, "X", {7, 0}, S);
  TestGame g(s);
  SECTION("Generals end with a friendly unit and with each other") {
    g.accept(0, move("G", {W, W}));
    CHECK(g.unit("G").pos == g.unit("A").pos);
    g.accept(0, move("G2", {W, W, W}));
    CHECK(g.unit("G2").pos == g.unit("A").pos);
  }
  SECTION("a General ends with another General") {
    g.accept(0, move("G2", {W}));
    CHECK(g.unit("G2").pos == g.unit("G").pos);
  }
  SECTION("a unit ends in an area holding only a friendly General") {
    g.accept(0, move("B", {S, S}));
    CHECK(g.unit("B").pos == g.unit("G").pos);
  }
}

TEST_CASE("nothing enters an area holding an enemy", "[I11][itchy.move.enemy-area]") {
  // X faces east, so A (south of it) is on its flank and moves under the normal rules.
  Scenario s = ScenarioBuilder(8, 8)
                   .infantry(0, "A", {2, 5}, N)
                   .general(0, "G", {5, 5})
                   .infantry(0, "B", {4, 4}, N)
                   .infantry(1, "X", {2, 4}, E)
                   .general(1, "H", {5, 4}, E);
  TestGame g(s);
  Error e = g.reject(0, move("A", {N}));
  CHECK(e.clause == "itchy.move.enemy-area");
  CHECK(e.code == ErrorCode::kIllegal);
  CHECK(g.reject(0, move("G", {N})).clause == "itchy.move.enemy-area");  // an enemy General
  CHECK(g.reject(0, move("B", {E})).clause == "itchy.move.enemy-area");  // a unit into H
}

TEST_CASE("a unit stops on entering an area next to an enemy",
          "[I9][itchy.move.stop-adjacent-to-enemy]") {
  Scenario s = ScenarioBuilder(8, 8)
                   .unit(0, "C", UnitType::kMountedCavalry, {1, 5}, N)
                   .general(0, "G", {3, 6})
                   .infantry(1, "X", {2, 4}, S)
                   .general(1, "H", {6, 4}, S);
  TestGame g(s);
  SECTION("moving on past the area is refused") {
    Error e = g.reject(0, move("C", {E, E}));
    CHECK(e.clause == "itchy.move.stop-adjacent-to-enemy");
    CHECK(e.code == ErrorCode::kIllegal);
    CHECK(g.reject(0, move("G", {N, N, N})).clause == "itchy.move.stop-adjacent-to-enemy");
  }
  SECTION("the move may end there") {
    const auto& m = only<UnitMoved>(g.accept(0, move("C", {E})));
    CHECK(m.stopped_by_enemy);
    CHECK(m.facing == N);  // turned to face X at once
    CHECK(g.unit("C").facing == N);
  }
  SECTION("an enemy General stops a unit too") {
    TestGame g2(ScenarioBuilder(8, 8)
                    .unit(0, "C", UnitType::kMountedCavalry, {4, 6}, N)
                    .infantry(1, "X", {0, 0}, S)
                    .general(1, "H", {5, 4}, S));
    CHECK(g2.reject(0, move("C", {N, E, E})).clause == "itchy.move.stop-adjacent-to-enemy");
    const auto& m = only<UnitMoved>(g2.accept(0, move("C", {N, E})));
    CHECK(m.stopped_by_enemy);
    CHECK(m.facing == N);
  }
  SECTION("areas touching an enemy's only at a corner do not stop a unit") {
    TestGame g2(ScenarioBuilder(8, 8)
                    .unit(0, "C", UnitType::kMountedCavalry, {3, 7}, N)
                    .infantry(1, "X", {4, 4}, S));
    const auto& m = only<UnitMoved>(g2.accept(0, move("C", {N, N, W})));
    CHECK(m.path == std::vector<GridPos>{{3, 6}, {3, 5}, {2, 5}});
    CHECK_FALSE(m.stopped_by_enemy);
    CHECK(m.facing == W);
  }
}

TEST_CASE("a unit that stops next to an enemy faces it", "[I21][I9][itchy.move.face-enemy]") {
  Scenario s = ScenarioBuilder(8, 8)
                   .unit(0, "C", UnitType::kMountedCavalry, {1, 5}, N)
                   .infantry(1, "X", {2, 4}, S)
                   .infantry(1, "Y", {4, 1}, S);
  SECTION("a facing away from the enemy is refused") {
    TestGame g(s);
    for (Facing f : {E, S, W}) {
      Error e = g.reject(0, move("C", {E}, f));
      CHECK(e.clause == "itchy.move.face-enemy");
      CHECK(e.code == ErrorCode::kIllegal);
    }
    g.accept(0, move("C", {E}, N));
    CHECK(g.unit("C").facing == N);
  }
  SECTION("with two enemies adjacent the player chooses which to face") {
    Scenario s2 = ScenarioBuilder(8, 8)
                      .unit(0, "C", UnitType::kMountedCavalry, {1, 5}, N)
                      .infantry(1, "X", {2, 4}, S)
                      .general(1, "H", {3, 5}, W);
    TestGame g(s2);
    CHECK(g.reject(0, move("C", {E})).clause == "itchy.move.face-enemy");
    CHECK(g.reject(0, move("C", {E}, S)).clause == "itchy.move.face-enemy");
    SECTION("X") {
      g.accept(0, move("C", {E}, N));
      CHECK(g.unit("C").facing == N);
    }
    SECTION("H") {
      g.accept(0, move("C", {E}, E));
      CHECK(g.unit("C").facing == E);
    }
  }
  SECTION("turning in place next to an enemy to face it") {
    TestGame g(ScenarioBuilder(8, 8).infantry(0, "A", {2, 5}, W).infantry(1, "X", {2, 4}, E));
    const auto& m = only<UnitMoved>(g.accept(0, turn_to("A", N)));
    CHECK(m.path.empty());
    CHECK_FALSE(m.withdrawal);
    CHECK(g.unit("A").facing == N);
  }
}
