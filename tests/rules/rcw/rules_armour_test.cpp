// §6 and R7: armour; R11: a mortar is not artillery; §6: a tank carrying artillery.

#include "fixture.h"

using namespace rcw_test;

namespace {

// Firer "S" at (30,10) facing north, its HQ beside it; an armoured "T" 10" north.
ScenarioBuilder duel(UnitType type, UnitType target = UnitType::kTank) {
  return ScenarioBuilder()
      .unit("H0", 0, UnitType::kHq, {40, 4}, 0)
      .unit("S", 0, type, {30, 10}, 0)
      .unit("H1", 1, UnitType::kHq, {70, 46}, 180)
      .unit("T", 1, target, {30, 20}, 180);
}

Shot fire_at(TestGame& g, std::vector<int> faces) {
  g.accept(kSide0, activate("S", kShoot, kShoot));
  return only<Shot>(g.accept(kSide0, shoot("T"), std::move(faces)));
}

}  // namespace

TEST_CASE("armour needs 6 to hit", "[sec.6][R7]") {
  TestGame g(duel(UnitType::kMg, UnitType::kArmouredCar));
  auto s = fire_at(g, {5, 1});
  CHECK(s.cover == Cover::kArmoured);
  CHECK(s.needed == 6);
  CHECK(s.hits == 0);
}

TEST_CASE("armour hit by other fire: a failed save only pins, a passed one has no effect",
          "[sec.6][R7]") {
  SECTION("failed save: pinned") {
    TestGame g(duel(UnitType::kInfantry));
    auto s = fire_at(g, {6, 3});
    CHECK_FALSE(s.full_effect);
    CHECK(s.outcome == Outcome::kPinned);
    CHECK(g.unit("T").pinned);
    CHECK_FALSE(g.unit("T").destroyed);
  }
  SECTION("passed save: no effect") {
    TestGame g(duel(UnitType::kMg, UnitType::kArmouredCar));
    auto s = fire_at(g, {6, 1, 5});
    CHECK_FALSE(s.full_effect);
    CHECK(s.outcome == Outcome::kNoEffect);
    CHECK_FALSE(g.unit("T").pinned);
  }
}

TEST_CASE("armour hit by artillery is rolled for as normal", "[sec.6][R7]") {
  TestGame g(duel(UnitType::kArtillery));
  auto s = fire_at(g, {6, 1, 3});
  CHECK(s.full_effect);
  CHECK(s.outcome == Outcome::kDestroyed);
  CHECK(g.unit("T").destroyed);
}

TEST_CASE("armour hit by a tank carrying artillery is rolled for as normal", "[sec.6][R7]") {
  SECTION("gun tank: destroyed") {
    TestGame g(duel(UnitType::kTank));
    g.edit("S").gun = true;
    auto s = fire_at(g, {6, 2, 3});
    CHECK(s.full_effect);
    CHECK(s.outcome == Outcome::kDestroyed);
  }
  SECTION("tank without a gun: pinned") {
    TestGame g(duel(UnitType::kTank));
    auto s = fire_at(g, {6, 2, 3});
    CHECK_FALSE(s.full_effect);
    CHECK(s.outcome == Outcome::kPinned);
  }
}

TEST_CASE("a mortar is not artillery against armour", "[R11][R7][sec.6]") {
  TestGame g(duel(UnitType::kMortar));
  auto s = fire_at(g, {6, 6, 3, 3});
  CHECK(s.hits == 2);
  CHECK_FALSE(s.full_effect);
  CHECK(s.outcome == Outcome::kPinned);
  CHECK_FALSE(g.unit("T").destroyed);
}

TEST_CASE("an elite tank saves on 3", "[sec.6][R7]") {
  TestGame g(duel(UnitType::kArtillery));
  g.edit("T").training = Training::kElite;
  auto s = fire_at(g, {6, 1, 3});
  CHECK(s.saves[0].saved);
  CHECK(s.outcome == Outcome::kPinned);
}
