// §Combat: who may attack, once a turn, move then attack (I8), the target (I6), range (I7),
// the arc (I2), the order of the checks, the General's die (I7) and close combat (I13).

#include "fixture.h"

using namespace itchy_test;

TEST_CASE("Generals and horse-drawn transport do not attack", "[I7][itchy.combat.no-weapon]") {
  TestGame g(ScenarioBuilder(8, 8)
                 .general(0, "G", {2, 5}, N)
                 .unit(0, "T", UnitType::kHorseDrawnTransport, {3, 5}, N)
                 .infantry(1, "X", {2, 4}, S)
                 .infantry(1, "Y", {3, 4}, S));
  Error e = g.reject(0, attack("G", {2, 4}));
  CHECK(e.clause == "itchy.combat.no-weapon");
  CHECK(e.code == ErrorCode::kIllegal);
  CHECK(g.reject(0, attack("T", {3, 4})).clause == "itchy.combat.no-weapon");
}

TEST_CASE("each unit attacks once a turn", "[itchy.combat.once]") {
  TestGame g(ScenarioBuilder(8, 8)
                 .infantry(0, "A", {2, 5}, N)
                 .infantry(1, "X", {2, 4}, S)
                 .infantry(1, "Y", {6, 1}, S));
  g.accept(0, attack("A", {2, 4}), {1, 1, 2, 2, 3, 3});
  CHECK(g.unit("A").attacked);
  Error e = g.reject(0, attack("A", {2, 4}), {1, 1, 2, 2, 3, 3});
  CHECK(e.clause == "itchy.combat.once");
  // Next turn it may attack again.
  g.accept(0, EndSideTurn{});
  g.accept(1, EndSideTurn{}, {6, 1});
  g.accept(0, ChooseOrder{true});
  CHECK_FALSE(g.unit("A").attacked);
  g.accept(0, attack("A", {2, 4}), {1, 1, 2, 2, 3, 3});
}

TEST_CASE("a unit that attacks moves at most its allowance less one",
          "[I8][itchy.combat.reduced-move]") {
  Scenario s = ScenarioBuilder(8, 8)
                   .infantry(0, "A", {2, 7}, N)
                   .unit(0, "C", UnitType::kMountedCavalry, {4, 7}, N)
                   .infantry(1, "X", {2, 4}, S)
                   .infantry(1, "Y", {4, 2}, S);
  TestGame g(s);
  SECTION("infantry: 1 area then attack") {
    g.accept(0, move("A", {N}));
    g.accept(0, attack("A", {2, 4}), {1, 2, 1, 2});  // range 2: 4 dice
  }
  SECTION("infantry: 2 areas, no attack") {
    g.accept(0, move("A", {N, N}));  // stops next to X
    Error e = g.reject(0, attack("A", {2, 4}));
    CHECK(e.clause == "itchy.combat.reduced-move");
    CHECK(e.code == ErrorCode::kIllegal);
  }
  SECTION("mounted cavalry: 2 areas then attack") {
    g.accept(0, move("C", {N, N}));
    g.accept(0, attack("C", {4, 2}), {1, 2});
  }
  SECTION("mounted cavalry: 3 areas, no attack") {
    g.accept(0, move("C", {N, N, N}));
    CHECK(g.reject(0, attack("C", {4, 2})).clause == "itchy.combat.reduced-move");
  }
  SECTION("turning in place then attack") {
    g.accept(0, turn_to("A", N));
    g.accept(0, attack("A", {2, 4}), {1, 2});  // range 3: 2 dice
  }
}

TEST_CASE("the target area must hold an enemy", "[I6][itchy.combat.target]") {
  Scenario s = ScenarioBuilder(8, 8)
                   .infantry(0, "A", {2, 5}, N)
                   .infantry(0, "B", {2, 3}, N)
                   .infantry(0, "D", {5, 5}, N)
                   .infantry(1, "X", {7, 0}, S)
                   .general(1, "H", {5, 4}, S);
  TestGame g(s);
  Error e = g.reject(0, attack("A", {2, 4}));
  CHECK(e.clause == "itchy.combat.target");
  CHECK(e.code == ErrorCode::kIllegal);
  CHECK(g.reject(0, attack("D", {5, 5})).clause == "itchy.combat.target");   // itself
  CHECK(g.reject(0, attack("D", {5, -1})).clause == "itchy.combat.target");  // off the grid
  // An area holding only an enemy General may be attacked.
  const auto& a = only<AttackResolved>(g.accept(0, attack("D", {5, 4}), {2, 2, 3, 3, 4, 4}));
  REQUIRE(a.casualties.size() == 1);
  CHECK(a.casualties[0].unit == UnitId{"H"});
  CHECK(a.casualties[0].sp_lost == 0);
  // A friendly unit's area is no target.
  CHECK(g.reject(0, attack("A", {2, 3})).clause == "itchy.combat.target");
}

TEST_CASE("range is counted through edges, up to the weapon's table",
          "[I1][I7][itchy.combat.range]") {
  Scenario s = ScenarioBuilder(8, 8)
                   .unit(0, "H", UnitType::kInfantry, Weapon::kHandHeld, {1, 6}, N)
                   .unit(0, "M", UnitType::kInfantry, Weapon::kMuskets, {3, 6}, N)
                   .infantry(0, "R", {5, 6}, N)
                   .infantry(1, "X", {1, 4}, S)
                   .infantry(1, "Y", {3, 3}, S)
                   .infantry(1, "Z", {5, 2}, S);
  TestGame g(s);
  Error e = g.reject(0, attack("H", {1, 4}));
  CHECK(e.clause == "itchy.combat.range");  // hand-held weapons reach range 1 only
  CHECK(e.code == ErrorCode::kIllegal);
  CHECK(g.reject(0, attack("M", {3, 3})).clause == "itchy.combat.range");
  CHECK(g.reject(0, attack("R", {5, 2})).clause == "itchy.combat.range");
  // After a move forward the same targets are in range.
  g.accept(0, move("H", {N}));  // stops next to X
  g.accept(0, attack("H", {1, 4}), {1, 1, 1, 1});
  g.accept(0, move("M", {N}));
  g.accept(0, attack("M", {3, 3}), {1, 1});
  g.accept(0, move("R", {N}));
  g.accept(0, attack("R", {5, 2}), {1, 1});
}

TEST_CASE("the arc of attack: straight ahead at range 1", "[I2][itchy.combat.arc]") {
  // A faces north; enemies ahead, on both flanks and behind.
  TestGame g(ScenarioBuilder(8, 8)
                 .infantry(0, "A", {3, 3}, N)
                 .infantry(1, "F", {3, 2}, S)
                 .infantry(1, "L", {2, 3}, E)
                 .infantry(1, "R", {4, 3}, W)
                 .infantry(1, "B", {3, 4}, N));
  for (GridPos p : {GridPos{2, 3}, GridPos{4, 3}, GridPos{3, 4}}) {
    Error e = g.reject(0, attack("A", p));
    CHECK(e.clause == "itchy.combat.arc");
    CHECK(e.code == ErrorCode::kIllegal);
  }
  g.accept(0, attack("A", {3, 2}), {1, 1, 1, 1, 1, 1});
}

TEST_CASE("the arc of attack holds 1, 3, 3, 5, 7, 7, 9, 11, 11 areas at ranges 1 to 9",
          "[I2][itchy.combat.arc]") {
  const int expected[] = {1, 3, 3, 5, 7, 7, 9, 11, 11};
  const GridPos gun{9, 9};
  for (int r = 1; r <= 9; ++r) {
    int accepted = 0;
    for (int y = 0; y < 10; ++y) {
      for (int x = 0; x < 19; ++x) {
        const GridPos p{x, y};
        if (grid_distance(gun, p) != r) continue;
        Scenario s = ScenarioBuilder(19, 10)
                         .unit(0, "A", UnitType::kArtillery, Weapon::kRifledHeavyArtillery, gun, N)
                         .infantry(1, "X", p, S);
        TestGame g(s);
        ScriptedDice dice(std::vector<int>(6, 1));
        auto res = decide(g.state, 0, attack("A", p), dice);
        if (res.ok()) {
          ++accepted;
          const Offset o = relative(gun, N, p);
          CHECK(o.lateral * o.lateral <= 3 * o.forward * o.forward);
        } else {
          INFO("target " << grognard::engine::to_string(p));
          CHECK(res.error().clause == "itchy.combat.arc");
        }
      }
    }
    INFO("range " << r);
    CHECK(accepted == expected[r - 1]);
  }
}

TEST_CASE("the arc of attack: (1,±1) in, (1,±2) out, (3,±5) in", "[I2][itchy.combat.arc]") {
  // A rifled heavy gun at (0,5) facing east; targets by (forward, lateral).
  auto try_at = [](Offset o) {
    const GridPos gun{0, 5};
    const GridPos p{gun.x + o.forward, gun.y + o.lateral};
    TestGame g(ScenarioBuilder(10, 11)
                   .unit(0, "A", UnitType::kArtillery, Weapon::kRifledHeavyArtillery, gun, E)
                   .infantry(1, "X", p, W));
    ScriptedDice dice(std::vector<int>(6, 1));
    return decide(g.state, 0, attack("A", p), dice);
  };
  CHECK(try_at({1, 1}).ok());
  CHECK(try_at({1, -1}).ok());
  CHECK(try_at({1, 2}).error().clause == "itchy.combat.arc");
  CHECK(try_at({1, -2}).error().clause == "itchy.combat.arc");
  CHECK(try_at({3, 5}).ok());
  CHECK(try_at({3, -5}).ok());
  CHECK(try_at({2, 4}).error().clause == "itchy.combat.arc");
  CHECK(try_at({0, 3}).error().clause == "itchy.combat.arc");
}

TEST_CASE("attack checks run in order: target, range, arc, out-of-cover, line of sight",
          "[I2][I12][itchy.combat.target][itchy.combat.range][itchy.combat.arc][itchy.combat.out-"
          "of-cover]") {
  // A in woods facing east with woods ahead; X behind it out of range, Y behind in range,
  // Z ahead beyond the woods.
  Scenario s = ScenarioBuilder(10, 3)
                   .infantry(0, "A", {4, 1}, E)
                   .infantry(1, "X", {0, 1}, E)
                   .infantry(1, "Y", {2, 1}, E)
                   .infantry(1, "Z", {7, 1}, W)
                   .terrain({4, 1}, Terrain::kWoods)
                   .terrain({5, 1}, Terrain::kWoods);
  TestGame g(s);
  CHECK(g.reject(0, attack("A", {9, 0})).clause == "itchy.combat.target");  // empty, far
  CHECK(g.reject(0, attack("A", {0, 1})).clause == "itchy.combat.range");   // behind, far
  CHECK(g.reject(0, attack("A", {2, 1})).clause == "itchy.combat.arc");     // behind
  CHECK(g.reject(0, attack("A", {7, 1})).clause == "itchy.combat.out-of-cover");
}

TEST_CASE("a friendly General in the attacker's area adds one die", "[I7][itchy.generals]") {
  auto game = [](int generals, bool adjacent) {
    ScenarioBuilder b(8, 8);
    b.infantry(0, "A", {3, 5}, N).infantry(1, "X", {3, 4}, S);
    for (int i = 0; i < generals; ++i) {
      b.general(0, "G" + std::to_string(i), adjacent ? GridPos{2, 5} : GridPos{3, 5});
    }
    return TestGame(b);
  };
  SECTION("no General: 6 dice at range 1") {
    TestGame g = game(0, false);
    const auto& a = only<AttackResolved>(g.accept(0, attack("A", {3, 4}), {1, 1, 1, 1, 1, 1}));
    CHECK(a.dice == 6);
    CHECK_FALSE(a.general_bonus);
  }
  SECTION("one General: 7 dice") {
    TestGame g = game(1, false);
    const auto& a = only<AttackResolved>(g.accept(0, attack("A", {3, 4}), {1, 1, 1, 1, 1, 1, 1}));
    CHECK(a.dice == 7);
    CHECK(a.rolls.size() == 7);
    CHECK(a.general_bonus);
  }
  SECTION("two Generals: still one die") {
    TestGame g = game(2, false);
    const auto& a = only<AttackResolved>(g.accept(0, attack("A", {3, 4}), {1, 1, 1, 1, 1, 1, 1}));
    CHECK(a.dice == 7);
    CHECK(a.general_bonus);
  }
  SECTION("a General in the next area does not help") {
    TestGame g = game(1, true);
    const auto& a = only<AttackResolved>(g.accept(0, attack("A", {3, 4}), {1, 1, 1, 1, 1, 1}));
    CHECK(a.dice == 6);
    CHECK_FALSE(a.general_bonus);
  }
}

TEST_CASE("an attack at range 1 is fire like any other, the target does not answer",
          "[I13][itchy.combat]") {
  TestGame g(ScenarioBuilder(8, 8)
                 .infantry(0, "A", {3, 5}, N)
                 .infantry(1, "X", {3, 4}, S)
                 .infantry(1, "Y", {7, 0}, S));
  auto ev = g.accept(0, attack("A", {3, 4}), {4, 4, 1, 2, 3, 5});
  REQUIRE(ev.size() == 1);
  const auto& a = std::get<AttackResolved>(ev[0]);
  CHECK(a.unit == UnitId{"A"});
  CHECK(a.target == GridPos{3, 4});
  CHECK(a.range == 1);
  CHECK(a.dice == 6);
  CHECK_FALSE(a.cover);
  CHECK(faces(a.rolls) == std::vector<int>{4, 4, 1, 2, 3, 5});
  CHECK(g.unit("A").sp == 4);
  CHECK(g.unit("X").sp == 3);
  // X answers in its own side turn.
  g.accept(0, EndSideTurn{});
  g.accept(1, attack("X", {3, 5}), {4, 4, 1, 2, 3, 5});
  CHECK(g.unit("A").sp == 3);
}
