// R13 and R23: the armoured train: one unit on its rails, each car its own target fighting as
// artillery or an armoured car, one Shoot fires every car, pins per car.

#include <cmath>

#include "fixture.h"

using namespace rcw_test;

namespace {

// Side 0's train "TR" on the east-west line y=30, first car "C1" (artillery) at x=20 facing
// east, "C2" (armoured car) behind it at x=17. Side 1 around it.
ScenarioBuilder field() {
  return ScenarioBuilder()
      .rail("main", {{0, 30}, {72, 30}})
      .unit("H0", 0, UnitType::kHq, {20, 26}, 0)
      .train("TR", 0, "main", 20,
             {car("C1", CarArmament::kArtillery), car("C2", CarArmament::kArmouredCar)})
      .points(4)
      .unit("H1", 1, UnitType::kHq, {28, 40}, 180)
      .unit("T1", 1, UnitType::kInfantry, {24, 40}, 180)
      .unit("T2", 1, UnitType::kInfantry, {10, 22}, 0)
      .unit("A1", 1, UnitType::kArtillery, {20, 45}, 180)
      .unit("K", 1, UnitType::kTank, {40, 36}, 270);
}

}  // namespace

TEST_CASE("the train stands on its line, its cars one behind another", "[R13]") {
  TestGame g(field());
  CHECK(near(g.car("C1").pos, {20, 30}));
  CHECK(near(g.car("C2").pos, {17, 30}));
  CHECK(g.unit("TR").facing.get() == Approx(90));
  CHECK_FALSE(g.unit("TR").concealed);  // always fixed: public
}

TEST_CASE("the train moves up to 18in along its rails only", "[R13][sec.12][rcw.move.rails]") {
  TestGame g(field());
  auto ev = g.accept(kSide0, activate("TR", kMove, kMove), {1});
  CHECK_FALSE(only<CommandThrown>(ev).counted);  // R53: within 12" of H0
  CHECK(g.reject(kSide0, move_to({{30, 30}}, 90)).clause == clause::kRails);
  CHECK(g.reject(kSide0, rail_move(38.5)).clause == clause::kMoveAllowance);
  auto m = only<Moved>(g.accept(kSide0, rail_move(38)));
  REQUIRE(m.rail_at.has_value());
  CHECK(*m.rail_at == Approx(38));
  CHECK(near(g.car("C1").pos, {38, 30}));
  CHECK(near(g.car("C2").pos, {35, 30}));
  CHECK(g.unit("TR").rail_at == Approx(38));
}

TEST_CASE("every car stays on the line", "[R13][R23][rcw.move.rails]") {
  TestGame g(field());
  g.accept(kSide0, activate("TR", kMove, kMove), {1});
  CHECK(g.reject(kSide0, rail_move(2)).clause == clause::kRails);  // C2 would stand at -1
  g.accept(kSide0, rail_move(3));
}

TEST_CASE("one Shoot fires every car, each at its own target, all round", "[R13][R23][sec.4b]") {
  TestGame g(field());
  g.accept(kSide0, activate("TR", kShoot, kMove));
  auto shots = of<Shot>(g.accept(kSide0, train_shoot({{"C1", "T1"}, {"C2", "T2"}}), {1, 1, 1, 1}));
  REQUIRE(shots.size() == 2);
  CHECK(shots[0].firer.get() == "C1");
  CHECK(shots[0].dice.size() == 2);  // as artillery
  CHECK(shots[1].firer.get() == "C2");
  CHECK(shots[1].target.get() == "T2");  // behind the train: turrets fire all round
  CHECK(shots[1].dice.size() == 1);      // as an armoured car
  CHECK(g.state.active.has_value());     // the Move is next
}

TEST_CASE("an artillery car is artillery against armour", "[R13][R7]") {
  TestGame g(field());
  g.accept(kSide0, activate("TR", kShoot, kMove));
  auto s = only<Shot>(g.accept(kSide0, train_shoot({{"C1", "K"}}), {6, 1, 3, 1}));
  CHECK(s.full_effect);
  CHECK(g.unit("K").destroyed);
}

TEST_CASE("each car is a target: armoured, pinned on its own", "[R13][R23][R7]") {
  TestGame g(field());
  g.accept(kSide0, EndTurn{});
  g.accept(kSide1, activate("T1", kShoot, kShoot));
  CHECK(g.reject(kSide1, shoot("TR")).clause == clause::kShootTarget);
  auto s = only<Shot>(g.accept(kSide1, shoot("C1"), {6, 3}));
  CHECK(s.target.get() == "C1");
  CHECK(s.cover == Cover::kArmoured);
  CHECK(s.outcome == Outcome::kPinned);  // infantry only pins armour
  CHECK(g.car("C1").pinned);
  CHECK_FALSE(g.car("C2").pinned);
}

TEST_CASE("a pinned car does not fire, and the train does not move while a car is pinned",
          "[R23][rcw.pin.pinned][rcw.pin.rally-first]") {
  TestGame g(field());
  g.edit_car("C2").pinned = true;
  // Refused when declared: a Move with a car pinned needs a Rally before it (R23, R33).
  CHECK(g.reject(kSide0, activate("TR", kMove, kShoot)).clause == clause::kRallyFirst);
  g.accept(kSide0, activate("TR", kShoot, kShoot));
  CHECK(g.reject(kSide0, train_shoot({{"C2", "T2"}})).clause == clause::kPinned);
  g.accept(kSide0, train_shoot({{"C1", "T1"}}), {1, 1});
}

TEST_CASE("the train's rally throws once for each pinned car", "[R23][R6]") {
  TestGame g(field());
  g.edit_car("C1").pinned = true;
  g.edit_car("C2").pinned = true;
  auto ev = g.accept(kSide0, activate("TR", kRally, kMove), {4, 4, 1});
  CHECK(count_of<Rallied>(ev) == 2);
  CHECK_FALSE(g.car("C1").pinned);
  CHECK_FALSE(g.car("C2").pinned);
  g.accept(kSide0, rail_move(30));
}

TEST_CASE("each destroyed car scores the train's points, the train goes with its last car",
          "[R23][R29][R13]") {
  TestGame g(field());
  g.accept(kSide0, EndTurn{});
  g.accept(kSide1, activate("A1", kShoot, kShoot));
  g.accept(kSide1, shoot("C2"), {6, 1, 1});
  CHECK(g.car("C2").destroyed);
  CHECK_FALSE(g.unit("TR").destroyed);
  CHECK(g.state.destroyed_points[1] == 4);
  g.accept(kSide1, shoot("C1"), {6, 1, 2});
  CHECK(g.unit("TR").destroyed);
  CHECK(g.state.destroyed_points[1] == 8);
}

TEST_CASE("a car assaulted is never in its flank or rear", "[R23][sec.11][R8]") {
  TestGame g(field().unit("T3", 1, UnitType::kInfantry, {20, 33}, 180));
  g.accept(kSide0, EndTurn{});
  g.accept(kSide1, activate("T3", kAssault, kShoot), {1});
  auto o = g.run(kSide1, assault("C1"), {6, 1, 1, 1});
  REQUIRE(o.ok());
  auto r = only<AssaultRound>(o);
  CHECK(sum(r.by_defender.parts) == 0);
  CHECK(r.by_defender.dice.size() == 1);
  CHECK(r.by_attacker.needed == 6);
  CHECK(r.by_attacker.outcome == Outcome::kDestroyed);  // infantry destroys armour in assault
  CHECK(g.car("C1").destroyed);
}

TEST_CASE("the train never assaults and never limbers", "[R23][rcw.actions.cannot]") {
  TestGame g(field());
  CHECK(g.reject(kSide0, activate("TR", kAssault, kMove)).clause == clause::kCannotDo);
  CHECK(g.reject(kSide0, activate("TR", kLimber, kMove)).clause == clause::kCannotDo);
}

TEST_CASE("the train's command throw measures from its first car", "[R23][R5][sec.5]") {
  TestGame g(field());
  g.edit("H0").pos = {7, 30.5};  // 13in from C1, 10in from C2
  auto ct = only<CommandThrown>(g.accept(kSide0, activate("TR", kMove, kMove), {4}));
  CHECK(ct.hq_distance == Approx(std::hypot(13, 0.5)));
}

TEST_CASE("the train's command throw measures from its first live car", "[R23][R5][sec.5]") {
  // C1 destroyed, C2 leads: 10in from the HQ, so the 1 does not count.
  TestGame g(field());
  g.edit("H0").pos = {7, 30.5};
  g.edit_car("C1").destroyed = true;
  auto ct = only<CommandThrown>(g.accept(kSide0, activate("TR", kMove, kMove), {1}));
  CHECK(ct.hq_distance == Approx(std::hypot(10, 0.5)));
  CHECK_FALSE(ct.counted);
  CHECK(ct.passed);
}
