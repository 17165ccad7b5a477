// §10 and R11: line of fire from the front (R3), what blocks it, the 2in allowance in the
// firer's or target's own piece, observers (R27), range from the firer; R26.

#include <algorithm>
#include <cmath>

#include "fixture.h"

using namespace rcw_test;

namespace {

ScenarioBuilder duel(UnitType type = UnitType::kInfantry, Point target = {30, 20}) {
  return ScenarioBuilder()
      .unit("H0", 0, UnitType::kHq, {40, 4}, 0)
      .unit("S", 0, type, {30, 10}, 0)
      .unit("H1", 1, UnitType::kHq, {70, 46}, 180)
      .unit("T", 1, UnitType::kInfantry, target, 180);
}

Error refused_shot(TestGame& g, const ShootOrder& o) {
  g.accept(kSide0, activate("S", kShoot, kShoot));
  return g.reject(kSide0, o);
}

Point at_bearing(Point from, double bearing, double d) {
  const double r = bearing * 3.14159265358979323846 / 180;
  return {from.x + d * std::sin(r), from.y + d * std::cos(r)};
}

}  // namespace

TEST_CASE("the target must be in the firer's front arc, 60 degrees either side",
          "[R3][R11][sec.10][rcw.fire.arc]") {
  {
    TestGame g(duel(UnitType::kInfantry, at_bearing({30, 10}, 60, 10)));
    g.accept(kSide0, activate("S", kShoot, kShoot));
    g.accept(kSide0, shoot("T"), {1});
  }
  {
    TestGame g(duel(UnitType::kInfantry, at_bearing({30, 10}, 61, 10)));
    CHECK(refused_shot(g, shoot("T")).clause == clause::kShootArc);
  }
  {
    TestGame g(duel(UnitType::kInfantry, {30, 2}));
    CHECK(refused_shot(g, shoot("T")).clause == clause::kShootArc);
  }
}

TEST_CASE("units block the line of fire, friends and enemies",
          "[sec.10][R11][rcw.fire.line-of-fire]") {
  for (int side : {0, 1}) {
    INFO("blocking side " << side);
    TestGame g(duel().unit("B", side, UnitType::kWagon, {30.5, 15}, 0));
    CHECK(refused_shot(g, shoot("T")).clause == clause::kLineOfFire);
  }
  TestGame g(duel().unit("B", 0, UnitType::kWagon, {32.5, 15}, 0));  // clear by half an inch
  g.accept(kSide0, activate("S", kShoot, kShoot));
  g.accept(kSide0, shoot("T"), {1});
}

TEST_CASE("hills, woods and villages between block the line of fire",
          "[sec.10][R11][rcw.fire.line-of-fire]") {
  for (TerrainKind k : {TerrainKind::kHill, TerrainKind::kWoods, TerrainKind::kVillage}) {
    INFO(to_string(k));
    TestGame g(duel().terrain(k, rect(28, 14, 32, 16)));
    CHECK(refused_shot(g, shoot("T")).clause == clause::kLineOfFire);
  }
}

TEST_CASE("rough ground and swamps do not block the line of fire", "[sec.10][R11]") {
  for (TerrainKind k : {TerrainKind::kRough, TerrainKind::kSwamp}) {
    INFO(to_string(k));
    TestGame g(duel().terrain(k, rect(28, 14, 32, 16)));
    g.accept(kSide0, activate("S", kShoot, kShoot));
    g.accept(kSide0, shoot("T"), {1});
  }
}

TEST_CASE("the firer's own piece blocks only where the line runs more than 2in inside it",
          "[R11][sec.10][rcw.fire.line-of-fire]") {
  {
    TestGame g(duel().woods(20, 0, 40, 12));  // the line runs 2" inside
    g.accept(kSide0, activate("S", kShoot, kShoot));
    g.accept(kSide0, shoot("T"), {1});
  }
  TestGame g(duel().woods(20, 0, 40, 12.5));  // 2.5"
  CHECK(refused_shot(g, shoot("T")).clause == clause::kLineOfFire);
}

TEST_CASE("the target's own piece blocks only where the line runs more than 2in inside it",
          "[R11][sec.10][rcw.fire.line-of-fire]") {
  {
    TestGame g(duel().woods(20, 18, 40, 30));  // 2" inside
    g.spot("T");                               // R49
    g.accept(kSide0, activate("S", kShoot, kShoot));
    g.accept(kSide0, shoot("T"), {1});
  }
  TestGame g(duel().woods(20, 17.5, 40, 30));
  g.spot("T");
  CHECK(refused_shot(g, shoot("T")).clause == clause::kLineOfFire);
}

TEST_CASE("a unit on a hill sees across it and is seen across it", "[R11][R51][sec.10]") {
  // S stands 5in inside the hill's north edge; T 5in beyond it, in the open.
  TestGame g(duel().hill(20, 5, 40, 15));
  g.accept(kSide0, activate("S", kShoot, kShoot));
  CHECK(only<Shot>(g.accept(kSide0, shoot("T"), {1})).target.get() == "T");
  g.accept(kSide0, SkipAction{});
  g.accept(kSide0, EndTurn{});
  g.accept(kSide1, activate("T", kShoot, kShoot));
  CHECK(only<Shot>(g.accept(kSide1, shoot("S"), {1})).target.get() == "S");
}

TEST_CASE("two units on the same hill see each other", "[R11][R51][sec.10]") {
  TestGame g(duel().hill(20, 5, 40, 25));  // both 5in inside
  g.accept(kSide0, activate("S", kShoot, kShoot));
  g.accept(kSide0, shoot("T"), {1});
}

TEST_CASE("a hill neither end stands on blocks the line, and so does a second hill",
          "[R11][R51][sec.10][rcw.fire.line-of-fire]") {
  {
    TestGame g(duel().hill(10, 14, 50, 16));
    CHECK(refused_shot(g, shoot("T")).clause == clause::kLineOfFire);
  }
  TestGame g(duel().hill(20, 5, 40, 12).hill(20, 14, 40, 16));  // S on the first only
  CHECK(refused_shot(g, shoot("T")).clause == clause::kLineOfFire);
}

TEST_CASE("the village a unit stands in never blocks its own line, another village does",
          "[R11][R51][sec.10][sec.8][rcw.fire.line-of-fire]") {
  // S 5in inside a village; T in the open 10in away; then T in a village of its own.
  {
    TestGame g(duel().village(20, 0, 40, 15));
    g.accept(kSide0, activate("S", kShoot, kShoot));
    g.accept(kSide0, shoot("T"), {1});
    g.accept(kSide0, SkipAction{});
    g.accept(kSide0, EndTurn{});
    g.accept(kSide1, activate("T", kShoot, kShoot));
    g.accept(kSide1, shoot("S"), {1});  // S is fixed: unspotted, but it has fired (R49)
  }
  {
    TestGame g(duel().village(20, 15, 40, 30));  // T 5in inside
    g.spot("T");
    g.accept(kSide0, activate("S", kShoot, kShoot));
    CHECK(only<Shot>(g.accept(kSide0, shoot("T"), {1})).cover == Cover::kEntrenched);
  }
  TestGame g(duel().village(20, 0, 40, 12).village(28, 14, 32, 16));
  CHECK(refused_shot(g, shoot("T")).clause == clause::kLineOfFire);
}

TEST_CASE("an observer on a hill sees across it for the battery", "[R11][R51][R27][sec.10]") {
  // The FAO 5in inside a hill that stands between it and the target.
  TestGame g(ScenarioBuilder()
                 .unit("H0", 0, UnitType::kHq, {44, 4}, 0)
                 .unit("O", 0, UnitType::kFao, {30, 10}, 0)
                 .unit("A", 0, UnitType::kArtillery, {10, 4}, 0)
                 .unit("H1", 1, UnitType::kHq, {70, 46}, 180)
                 .unit("T", 1, UnitType::kInfantry, {30, 24}, 180)
                 .hill(20, 5, 40, 15));
  g.accept(kSide0, activate("A", kShoot, kShoot));
  const Shot s = only<Shot>(g.accept(kSide0, shoot_via("T", "O"), {1, 1}));
  REQUIRE(s.observer.has_value());
  CHECK(s.observer->get() == "O");
}

TEST_CASE("a concealed enemy does not block a line of fire, a concealed friend does",
          "[R26][R11][R10]") {
  {
    TestGame g(duel().unit("B", 1, UnitType::kInfantry, {30.5, 15}, 0));
    g.conceal("B");
    g.accept(kSide0, activate("S", kShoot, kShoot));
    g.accept(kSide0, shoot("T"), {1});
    CHECK(g.unit("B").concealed);
  }
  TestGame g(duel().unit("B", 0, UnitType::kInfantry, {30.5, 15}, 0));
  g.conceal("B");
  CHECK(refused_shot(g, shoot("T")).clause == clause::kLineOfFire);
}

namespace {

// Artillery "S" at (30,7) behind a hill; its FAO "O" and the side's HQ "H0" at (40,12) and (44,12)
// see over it to the target "T" at (30,24).
ScenarioBuilder battery(UnitType type = UnitType::kArtillery) {
  return ScenarioBuilder()
      .unit("H0", 0, UnitType::kHq, {44, 12}, 0)
      .unit("O", 0, UnitType::kFao, {40, 12}, 0)
      .unit("S", 0, type, {30, 7}, 0)
      .unit("H1", 1, UnitType::kHq, {70, 46}, 180)
      .unit("T", 1, UnitType::kInfantry, {30, 24}, 180)
      .hill(26, 8, 34, 14);
}

}  // namespace

TEST_CASE("artillery may fire over a FAO's line of fire, range from the gun",
          "[sec.10][R11][R27][rcw.fire.observer]") {
  TestGame g(battery());
  CHECK(refused_shot(g, shoot("T")).clause == clause::kLineOfFire);
  auto s = only<Shot>(g.accept(kSide0, shoot_via("T", "O"), {1, 1}));
  REQUIRE(s.observer.has_value());
  CHECK(s.observer->get() == "O");
  CHECK(s.range == Approx(17));
}

TEST_CASE("with an observer the firer's facing does not matter", "[R11][R27]") {
  TestGame g(battery());
  g.edit("S").facing = Degrees{180};
  g.accept(kSide0, activate("S", kShoot, kShoot));
  g.accept(kSide0, shoot_via("T", "O"), {1, 1});
}

TEST_CASE("only a FAO directs artillery, only an HQ a mortar, nobody the others",
          "[sec.10][R11][R27][rcw.fire.observer]") {
  {
    TestGame g(battery());
    CHECK(refused_shot(g, shoot_via("T", "H0")).clause == clause::kObserver);
  }
  {
    TestGame g(battery(UnitType::kMortar));
    CHECK(refused_shot(g, shoot_via("T", "O")).clause == clause::kObserver);
  }
  {
    TestGame g(battery(UnitType::kMortar));
    g.accept(kSide0, activate("S", kShoot, kShoot));
    CHECK(only<Shot>(g.accept(kSide0, shoot_via("T", "H0"), {1, 1})).observer->get() == "H0");
  }
  {
    TestGame g(battery(UnitType::kMg));
    CHECK(refused_shot(g, shoot_via("T", "H0")).clause == clause::kObserver);
  }
  {
    TestGame g(battery().unit("O1", 1, UnitType::kFao, {20, 30}, 0));
    CHECK(refused_shot(g, shoot_via("T", "O1")).clause == clause::kObserver);
  }
}

TEST_CASE("the observer needs the target in its own front arc and a clear line",
          "[R27][R11][rcw.fire.arc][rcw.fire.line-of-fire]") {
  {
    TestGame g(battery());
    g.edit("O").facing = Degrees{90};
    CHECK(refused_shot(g, shoot_via("T", "O")).clause == clause::kShootArc);
  }
  TestGame g(battery().woods(33, 16, 37, 20));
  CHECK(refused_shot(g, shoot_via("T", "O")).clause == clause::kLineOfFire);
}

TEST_CASE("range is measured from the firer, not the observer", "[sec.10][R11][rcw.fire.range]") {
  TestGame g(battery());
  g.edit("S").pos = {30, 1};
  g.edit("T").pos = {30, 37.5};  // 36.5" from the gun, well within sight of the FAO
  CHECK(refused_shot(g, shoot_via("T", "O")).clause == clause::kShootRange);
}

TEST_CASE("shooting changes no facing", "[R15]") {
  TestGame g(duel(UnitType::kInfantry, at_bearing({30, 10}, 45, 10)));
  g.accept(kSide0, activate("S", kShoot, kShoot));
  g.accept(kSide0, shoot("T"), {1});
  CHECK(g.unit("S").facing.get() == Approx(0));
}

TEST_CASE("only enemies are shot at", "[sec.6][rcw.fire.target]") {
  TestGame g(duel().unit("F", 0, UnitType::kInfantry, {26, 18}, 0));
  CHECK(refused_shot(g, shoot("F")).clause == clause::kShootTarget);
}

TEST_CASE("using an observer does not reveal it", "[R27][R10]") {
  TestGame g(battery().woods(39, 11, 41, 13));  // the line runs 1.3in inside
  g.conceal("O");
  g.accept(kSide0, activate("S", kShoot, kShoot));
  auto ev = g.accept(kSide0, shoot_via("T", "O"), {1, 1});
  CHECK(g.unit("O").concealed);
  auto ids = revealed_ids(ev);
  CHECK(std::find(ids.begin(), ids.end(), "O") == ids.end());
}
