// §1 the unit table, §4b shooting, §6 hits and saves, §8 entrenched, R7 armour, R11 (a mortar is
// not artillery), R12 and R32 cover classes.

#include <tuple>

#include "fixture.h"

using namespace rcw_test;

namespace {

// Firer "S" of `type` at (30,10) facing north, its HQ beside it; target "T" `d` inches north.
ScenarioBuilder duel(UnitType type, UnitType target = UnitType::kInfantry, double d = 10) {
  return ScenarioBuilder()
      .unit("H0", 0, UnitType::kHq, {40, 4}, 0)
      .unit("S", 0, type, {30, 10}, 0)
      .unit("H1", 1, UnitType::kHq, {70, 46}, 180)
      .unit("T", 1, target, {30, 10 + d}, 180);
}

Shot fire_at(TestGame& g, std::vector<int> faces, const std::string& target = "T") {
  g.accept(kSide0, activate("S", kShoot, kShoot));
  return only<Shot>(g.accept(kSide0, shoot(target), std::move(faces)));
}

}  // namespace

TEST_CASE("the unit table: move, range, shooting and assault dice, armour", "[sec.1][R2][R13]") {
  using T = UnitType;
  // type, move, range, shooting dice, assault dice, armoured
  const std::vector<std::tuple<T, double, double, int, int, bool>> table = {
      {T::kHq, 6, 0, 0, 1, false},          {T::kFao, 6, 0, 0, 1, false},
      {T::kInfantry, 6, 12, 1, 2, false},   {T::kMg, 6, 18, 2, 1, false},
      {T::kMortar, 6, 18, 2, 1, false},     {T::kCavalry, 12, 12, 1, 2, false},
      {T::kArtillery, 12, 36, 2, 1, false}, {T::kArmouredCar, 12, 18, 1, 1, true},
      {T::kTank, 6, 18, 2, 2, true},        {T::kWagon, 6, 0, 0, 0, false},
  };
  for (const auto& [t, move, range, shoot_dice, assault_dice, armoured] : table) {
    INFO(to_string(t));
    const UnitStats s = stats(t);
    CHECK(s.move == move);
    CHECK(s.range == range);
    CHECK(s.shoot_dice == shoot_dice);
    CHECK(s.assault_dice == assault_dice);
    CHECK(s.armoured == armoured);
  }
  CHECK(stats(T::kTrain).move == 18);
  CHECK(stats(T::kTrain).armoured);
  CHECK(car_stats(CarArmament::kArtillery).range == 36);
  CHECK(car_stats(CarArmament::kArtillery).shoot_dice == 2);
  CHECK(car_stats(CarArmament::kArmouredCar).range == 18);
  CHECK(car_stats(CarArmament::kArmouredCar).shoot_dice == 1);
  CHECK(car_stats(CarArmament::kArmouredCar).armoured);
  CHECK(car_stats(CarArmament::kArtillery).armoured);
}

TEST_CASE("each type throws its shooting dice", "[sec.1][sec.6]") {
  using T = UnitType;
  for (auto [type, dice] : std::vector<std::pair<T, int>>{{T::kInfantry, 1},
                                                          {T::kMg, 2},
                                                          {T::kMortar, 2},
                                                          {T::kCavalry, 1},
                                                          {T::kArtillery, 2},
                                                          {T::kArmouredCar, 1},
                                                          {T::kTank, 2}}) {
    INFO(to_string(type));
    TestGame g(duel(type));
    auto s = fire_at(g, std::vector<int>(static_cast<std::size_t>(dice), 1));
    CHECK(static_cast<int>(s.dice.size()) == dice);
    CHECK(s.hits == 0);
    CHECK(s.outcome == Outcome::kNoEffect);
  }
}

TEST_CASE("HQs, FAOs and wagons do not shoot", "[sec.1][R2][rcw.actions.cannot]") {
  for (UnitType t : {UnitType::kHq, UnitType::kFao, UnitType::kWagon}) {
    INFO(to_string(t));
    TestGame g(duel(t));
    CHECK(g.reject(kSide0, activate("S", kShoot, kMove)).clause == clause::kCannotDo);
  }
}

TEST_CASE("range is the unit's, inclusive", "[sec.1][R18][rcw.fire.range]") {
  using T = UnitType;
  for (auto [type, range] : std::vector<std::pair<T, double>>{
           {T::kInfantry, 12}, {T::kCavalry, 12}, {T::kMg, 18}, {T::kArtillery, 36}}) {
    INFO(to_string(type));
    {
      TestGame g(duel(type, UnitType::kInfantry, range));
      fire_at(g, std::vector<int>(static_cast<std::size_t>(stats(type).shoot_dice), 1));
    }
    TestGame g(duel(type, UnitType::kInfantry, range + 0.01));
    g.accept(kSide0, activate("S", kShoot, kShoot));
    CHECK(g.reject(kSide0, shoot("T")).clause == clause::kShootRange);
  }
}

TEST_CASE("a hit in the open needs 4, a save of 4 pins, 3 destroys", "[sec.6][R7]") {
  SECTION("3 misses") {
    TestGame g(duel(UnitType::kInfantry));
    auto s = fire_at(g, {3});
    CHECK(s.cover == Cover::kOpen);
    CHECK(s.needed == 4);
    CHECK(s.hits == 0);
    CHECK(s.saves.empty());
  }
  SECTION("hit, saved: pinned") {
    TestGame g(duel(UnitType::kInfantry));
    auto s = fire_at(g, {4, 4});
    CHECK(s.hits == 1);
    REQUIRE(s.saves.size() == 1);
    CHECK(s.saves[0].saved);
    CHECK(s.outcome == Outcome::kPinned);
    CHECK(g.unit("T").pinned);
    CHECK_FALSE(g.unit("T").destroyed);
  }
  SECTION("hit, not saved: destroyed, its points to the firer's side") {
    TestGame g(duel(UnitType::kInfantry));
    g.state.units[*g.state.index_of(UnitId{"T"})].points = 3;
    auto s = fire_at(g, {6, 3});
    CHECK_FALSE(s.saves[0].saved);
    CHECK(s.outcome == Outcome::kDestroyed);
    CHECK(g.unit("T").destroyed);
    CHECK(g.state.destroyed_points[0] == 3);
  }
}

TEST_CASE("one save per hit, any failed save destroys", "[sec.6][R7]") {
  TestGame g(duel(UnitType::kMg));
  auto s = fire_at(g, {5, 6, 5, 2});
  CHECK(s.hits == 2);
  REQUIRE(s.saves.size() == 2);
  CHECK(s.outcome == Outcome::kDestroyed);
}

TEST_CASE("saves: +1 elite, -1 conscript", "[sec.6][R7]") {
  SECTION("elite saves on 3") {
    TestGame g(duel(UnitType::kInfantry));
    g.edit("T").training = Training::kElite;
    auto s = fire_at(g, {4, 3});
    CHECK(s.saves[0].total == 4);
    CHECK(sum(s.saves[0].parts) == 1);
    CHECK(s.outcome == Outcome::kPinned);
  }
  SECTION("conscript fails on 4") {
    TestGame g(duel(UnitType::kInfantry));
    g.edit("T").training = Training::kConscript;
    auto s = fire_at(g, {4, 4});
    CHECK(s.saves[0].total == 3);
    CHECK(s.outcome == Outcome::kDestroyed);
  }
}

TEST_CASE("cover: obscured in woods and rough ground needs 5", "[sec.6][R7][R12][R32]") {
  for (bool woods : {true, false}) {
    ScenarioBuilder b = duel(UnitType::kMg, UnitType::kInfantry);
    if (woods)
      b.woods(26, 19, 34, 30);
    else
      b.rough(26, 19, 34, 30);
    TestGame g(b);
    g.spot("T");  // R49: in the woods, spotted
    auto s = fire_at(g, {4, 5, 4});
    CHECK(s.cover == Cover::kObscured);
    CHECK(s.needed == 5);
    CHECK(s.hits == 1);
  }
}

TEST_CASE("cover in a village: infantry and MGs entrenched, others obscured",
          "[sec.6][sec.8][R12][R32]") {
  using T = UnitType;
  for (auto [type, cover] : std::vector<std::pair<T, Cover>>{{T::kInfantry, Cover::kEntrenched},
                                                             {T::kMg, Cover::kEntrenched},
                                                             {T::kMortar, Cover::kObscured},
                                                             {T::kCavalry, Cover::kObscured}}) {
    INFO(to_string(type));
    TestGame g(duel(UnitType::kMg, type).village(26, 19, 34, 30));
    g.spot("T");  // R49
    const bool obscured = cover == Cover::kObscured;
    auto s = fire_at(g, obscured ? std::vector<int>{5, 1, 4} : std::vector<int>{5, 1});
    CHECK(s.cover == cover);
    CHECK(s.needed == to_hit(cover));
    CHECK(s.hits == (obscured ? 1 : 0));
    CHECK(s.outcome == (obscured ? Outcome::kPinned : Outcome::kNoEffect));
  }
}

TEST_CASE("dug-in infantry, MGs and mortars are entrenched: 6 to hit", "[sec.8][R12][sec.6]") {
  for (UnitType t : {UnitType::kInfantry, UnitType::kMg, UnitType::kMortar}) {
    INFO(to_string(t));
    TestGame g(duel(UnitType::kMg, t));
    g.edit("T").dug_in = true;
    auto s = fire_at(g, {5, 6, 4});
    CHECK(s.cover == Cover::kEntrenched);
    CHECK(s.hits == 1);
    CHECK(s.outcome == Outcome::kPinned);
  }
}

TEST_CASE("only infantry, MGs and mortars may be dug in", "[sec.8][R12][rcw.scenario]") {
  auto r = new_game(duel(UnitType::kInfantry, UnitType::kCavalry).dug_in());
  REQUIRE_FALSE(r.ok());
}

TEST_CASE("swamps and hills give no cover", "[R12][sec.6]") {
  for (bool hill : {true, false}) {
    ScenarioBuilder b = duel(UnitType::kInfantry);
    if (hill)
      b.hill(26, 19, 34, 30);
    else
      b.swamp(26, 19, 34, 30);
    TestGame g(b);
    CHECK(fire_at(g, {4, 4}).cover == Cover::kOpen);
  }
}
