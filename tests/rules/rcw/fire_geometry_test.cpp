// RCW terrain, the train's line, line of fire and fire, tested through the internal functions
// (rules/rcw/internal.h) on states built from scenarios.
#include <catch2/catch.hpp>

#include "internal_helpers.h"

namespace rcw_test {
namespace {

// --- Terrain ---------------------------------------------------------------------------------

TEST_CASE("RCW cover follows R12 and R32: village, dug in, woods, rough, armour",
          "[R12][R32][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .village(0, 0, 10, 10)
                    .woods(20, 0, 30, 10)
                    .rough(40, 0, 50, 10)
                    .hill(60, 0, 70, 10)
                    .unit("inf-village", 0, UnitType::kInfantry, {1.5, 5})
                    .unit("mg-village", 0, UnitType::kMg, {4, 5})
                    .unit("mortar-village", 0, UnitType::kMortar, {6.5, 5})
                    .unit("gun-village", 0, UnitType::kArtillery, {9, 30})
                    .unit("inf-woods", 0, UnitType::kInfantry, {25, 5})
                    .unit("cav-rough", 0, UnitType::kCavalry, {45, 5})
                    .unit("inf-hill", 0, UnitType::kInfantry, {65, 5})
                    .unit("dug-mortar", 0, UnitType::kMortar, {35, 30})
                    .dug_in()
                    .unit("tank-woods", 1, UnitType::kTank, {22, 5})
                    .unit("inf-open", 1, UnitType::kInfantry, {35, 40});
  State s = fresh_state(sc);
  s.units[idx(s, "gun-village")].pos = {9, 5};  // §12: not deployed there, but it may stand there
  CHECK(detail::cover_of(s, u(s, "inf-village")) == Cover::kEntrenched);
  CHECK(detail::cover_of(s, u(s, "mg-village")) == Cover::kEntrenched);
  CHECK(detail::cover_of(s, u(s, "mortar-village")) == Cover::kObscured);
  CHECK(detail::cover_of(s, u(s, "gun-village")) == Cover::kObscured);
  CHECK(detail::cover_of(s, u(s, "inf-woods")) == Cover::kObscured);
  CHECK(detail::cover_of(s, u(s, "cav-rough")) == Cover::kObscured);
  CHECK(detail::cover_of(s, u(s, "inf-hill")) == Cover::kOpen);
  CHECK(detail::cover_of(s, u(s, "dug-mortar")) == Cover::kEntrenched);
  CHECK(detail::cover_of(s, u(s, "tank-woods")) == Cover::kArmoured);
  CHECK(detail::cover_of(s, u(s, "inf-open")) == Cover::kOpen);
}

TEST_CASE("RCW cavalry pays double inside woods, swamp and rough, overlaps once (R12)",
          "[R12][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .woods(10, 0, 20, 10)
                    .rough(15, 0, 25, 10)
                    .unit("cav", 0, UnitType::kCavalry, {5, 5}, 90)
                    .unit("inf", 0, UnitType::kInfantry, {5, 8}, 90)
                    .unit("enemy", 1, UnitType::kInfantry, {60, 40});
  const State s = fresh_state(sc);
  // 25in of path, 15in of it (x 10..25) inside the woods or the rough: 40.
  CHECK(detail::move_cost(s, u(s, "cav"), {{30, 5}}) == Approx(40.0));
  CHECK(detail::move_cost(s, u(s, "cav"), {{15, 5}, {15, 12}}) == Approx(10 + 5 + 7 + 5));
  CHECK(detail::move_cost(s, u(s, "inf"), {{30, 8}}) == Approx(25.0));
  CHECK(detail::move_cost(s, u(s, "cav"), {}) == Approx(0.0));
}

TEST_CASE("RCW wheeled units may not enter woods or swamps, but may leave them (R12, R40)",
          "[R12][R40][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .woods(10, 0, 20, 10)
                    .swamp(30, 0, 40, 10)
                    .unit("gun", 0, UnitType::kArtillery, {5, 5})
                    .unit("car-in", 0, UnitType::kArmouredCar, {15, 20})
                    .unit("cav", 0, UnitType::kCavalry, {5, 20})
                    .unit("enemy", 1, UnitType::kInfantry, {60, 40});
  State s = fresh_state(sc);
  s.units[idx(s, "car-in")].pos = {15, 5};  // inside the wood, as after a scenario's set-up
  const Unit& gun = u(s, "gun");
  CHECK(detail::forbidden_entry(s, gun, {{12, 5}}) == std::optional<std::size_t>{0});
  CHECK(detail::forbidden_entry(s, gun, {{5, 12}, {35, 12}}) == std::nullopt);
  // Along the wood's edge is not entering it.
  CHECK(detail::forbidden_entry(s, gun, {{5, 10}, {25, 10}}) == std::nullopt);
  // The second leg enters the swamp.
  CHECK(detail::forbidden_entry(s, gun, {{5, 12}, {25, 12}, {35, 5}}) ==
        std::optional<std::size_t>{1});
  // A unit inside a wood may leave it; once out it may not go back in.
  const Unit& in = u(s, "car-in");
  CHECK(detail::forbidden_entry(s, in, {{25, 5}}) == std::nullopt);
  CHECK(detail::forbidden_entry(s, in, {{25, 5}, {18, 5}}) == std::optional<std::size_t>{0});
  CHECK(detail::forbidden_entry(s, u(s, "cav"), {{15, 5}}) == std::nullopt);
}

// --- The train's line --------------------------------------------------------------------------

TEST_CASE("RCW the train's line: length, points, bearings, cars and fit (R13)",
          "[R13][rcw.internal]") {
  State s;
  s.width = 72;
  s.height = 48;
  s.rails.push_back(Line{"main", {{0, 10}, {20, 10}, {20, 40}}});
  const Line& line = s.rails[0];
  CHECK(detail::line_length(line) == Approx(50));
  CHECK(near(detail::point_on_line(line, 25), {20, 15}));
  CHECK(near(detail::point_on_line(line, -5), {0, 10}));
  CHECK(near(detail::point_on_line(line, 60), {20, 40}));
  CHECK(detail::bearing_on_line(line, 5).get() == Approx(90));
  CHECK(detail::bearing_on_line(line, 20).get() == Approx(0));  // the leg leaving the bend
  CHECK(detail::bearing_on_line(line, 50).get() == Approx(0));

  Unit train;
  train.type = UnitType::kTrain;
  train.radius = 1.5;
  train.rail = 0;
  train.rail_at = 22;
  train.cars.resize(3);
  CHECK(detail::car_at(train, 2) == Approx(16));
  detail::place_train(s, train);
  CHECK(near(train.pos, {20, 12}));
  CHECK(train.facing.get() == Approx(0));
  CHECK(near(train.cars[1].pos, {19, 10}));
  CHECK(near(train.cars[2].pos, {16, 10}));
  CHECK(detail::train_fits(s, train, 6));  // the last car at 0 exactly (R18)
  CHECK_FALSE(detail::train_fits(s, train, 5.9));
  CHECK(detail::train_fits(s, train, 50));
  CHECK_FALSE(detail::train_fits(s, train, 50.1));

  train.reversed = true;
  CHECK(detail::car_at(train, 2) == Approx(28));
  detail::place_train(s, train);
  CHECK(train.facing.get() == Approx(180));
  CHECK(detail::train_fits(s, train, 44));
  CHECK_FALSE(detail::train_fits(s, train, 44.1));
}

// --- Line of fire ------------------------------------------------------------------------------

TEST_CASE("RCW line of fire: terrain blocks, the end's own piece up to 2in does not (R11)",
          "[R11][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .woods(10, 0, 20, 10)
                    .hill(10, 20, 20, 30)
                    .unit("a", 0, UnitType::kInfantry, {5, 40})
                    .unit("enemy", 1, UnitType::kInfantry, {60, 40});
  const State s = fresh_state(sc);
  CHECK_FALSE(detail::line_clear(s, 0, {5, 5}, {25, 5}, {}));
  CHECK_FALSE(detail::line_clear(s, 0, {5, 25}, {25, 25}, {}));
  CHECK(detail::line_clear(s, 0, {5, 15}, {25, 15}, {}));
  // The firer 1.5in (then exactly 2in) inside the wood sees out; 2.5in inside it does not.
  CHECK(detail::line_clear(s, 0, {18.5, 5}, {30, 5}, {}));
  CHECK(detail::line_clear(s, 0, {18, 5}, {30, 5}, {}));
  CHECK_FALSE(detail::line_clear(s, 0, {17.5, 5}, {30, 5}, {}));
  // The target 0.5in inside the wood is seen, unless another piece stands between.
  CHECK(detail::line_clear(s, 0, {15, 15}, {15, 9.5}, {}));
  CHECK_FALSE(detail::line_clear(s, 0, {15, 35}, {15, 9.5}, {}));
}

TEST_CASE("RCW line of fire: footprints block when the firing side sees them (R11, R26)",
          "[R11][R26][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .unit("blocker", 1, UnitType::kInfantry, {10, 10})
                    .unit("friend", 0, UnitType::kInfantry, {10, 20})
                    .rail("line", {{0, 30}, {40, 30}})
                    .train("T", 1, "line", 20, {car("T1"), car("T2")})
                    .radius(1.5);
  State s = fresh_state(sc);
  CHECK_FALSE(detail::line_clear(s, 0, {0, 10}, {20, 10}, {}));
  CHECK_FALSE(detail::line_clear(s, 0, {0, 20}, {20, 20}, {}));  // friends block too
  CHECK(detail::line_clear(s, 0, {0, 10}, {20, 10}, {UnitId{"blocker"}}));
  // The line passes 0.9in from the blocker's centre (radius 1), then 1.1in.
  CHECK_FALSE(detail::line_clear(s, 0, {0, 10.9}, {20, 10.9}, {}));
  CHECK(detail::line_clear(s, 0, {0, 11.1}, {20, 11.1}, {}));
  // R26: a concealed unit blocks only for its own side.
  s.units[idx(s, "blocker")].concealed = true;
  CHECK(detail::line_clear(s, 0, {0, 10}, {20, 10}, {}));
  CHECK_FALSE(detail::line_clear(s, 1, {0, 10}, {20, 10}, {}));
  // Cars are footprints each (T1 at x 20, T2 at x 17); a destroyed car blocks nothing.
  CHECK_FALSE(detail::line_clear(s, 0, {17, 25}, {17, 35}, {}));
  CHECK(detail::line_clear(s, 0, {17, 25}, {17, 35}, {UnitId{"T2"}}));
  s.units[idx(s, "T")].cars[1].destroyed = true;
  CHECK(detail::line_clear(s, 0, {17, 25}, {17, 35}, {}));
  CHECK_FALSE(detail::line_clear(s, 0, {20, 25}, {20, 35}, {}));
  CHECK(detail::line_clear(s, 0, {20, 25}, {20, 35}, {UnitId{"T"}}));  // the whole train
}

// --- Fire ----------------------------------------------------------------------------------------

ShootOrder at(const std::string& target) {
  return ShootOrder{UnitId{target}, std::nullopt, {}};
}

TEST_CASE("RCW shooting: range, arc, deployed, hidden targets (§1, §4b, R3, R9, R10)",
          "[sec.1][sec.4b][R3][R9][R10][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .unit("mg", 0, UnitType::kMg, {10, 10}, 0)
                    .named("Red MG")
                    .unit("far", 1, UnitType::kInfantry, {10, 29.2})
                    .named("White infantry")
                    .unit("near", 1, UnitType::kInfantry, {10, 28})
                    .unit("behind", 1, UnitType::kInfantry, {10, 2})
                    .unit("hq", 0, UnitType::kHq, {30, 10})
                    .unit("own", 0, UnitType::kInfantry, {20, 20});
  State s = fresh_state(sc);
  const std::size_t mg = idx(s, "mg");
  auto st = detail::check_shoot(s, mg, at("far"));
  CHECK(clause_of(st) == clause::kShootRange);
  CHECK(st.error().message == "Red MG is 19.2\" from White infantry; its range is 18\" (§1)");
  CHECK(detail::check_shoot(s, mg, at("near")).ok());
  CHECK(clause_of(detail::check_shoot(s, mg, at("behind"))) == clause::kShootArc);
  CHECK(clause_of(detail::check_shoot(s, mg, at("own"))) == clause::kShootTarget);
  CHECK(clause_of(detail::check_shoot(s, idx(s, "hq"), at("near"))) == clause::kCannotDo);
  // R10: a concealed enemy is answered exactly like no unit at all.
  s.units[idx(s, "near")].concealed = true;
  auto hidden = detail::check_shoot(s, mg, at("near"));
  auto nothing = detail::check_shoot(s, mg, at("nobody"));
  CHECK(clause_of(hidden) == clause::kConcealed);
  CHECK(clause_of(nothing) == clause::kConcealed);
  CHECK(hidden.error().message == "no enemy unit near is in sight (R10)");
  CHECK(nothing.error().message == "no enemy unit nobody is in sight (R10)");
  s.units[idx(s, "near")].concealed = false;
  s.units[mg].limbered = true;
  CHECK(clause_of(detail::check_shoot(s, mg, at("near"))) == clause::kDeployedToShoot);
}

TEST_CASE("RCW observers: artillery through a FAO, mortars through an HQ (§10, R11, R27)",
          "[sec.10][R11][R27][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .unit("gun", 0, UnitType::kArtillery, {10, 20}, 180)
                    .unit("mortar", 0, UnitType::kMortar, {14, 20}, 180)
                    .unit("fao", 0, UnitType::kFao, {10, 30}, 0)
                    .unit("hq", 0, UnitType::kHq, {14, 30}, 0)
                    .unit("target", 1, UnitType::kInfantry, {12, 36})
                    .hill(0, 24, 30, 28);
  const State s = fresh_state(sc);
  const std::size_t gun = idx(s, "gun"), mortar = idx(s, "mortar");
  // Facing away and behind the hill: no line of its own.
  CHECK(clause_of(detail::check_shoot(s, gun, at("target"))) == clause::kShootArc);
  CHECK(detail::check_shoot(s, gun, ShootOrder{UnitId{"target"}, UnitId{"fao"}, {}}).ok());
  CHECK(detail::check_shoot(s, mortar, ShootOrder{UnitId{"target"}, UnitId{"hq"}, {}}).ok());
  CHECK(clause_of(detail::check_shoot(s, gun, ShootOrder{UnitId{"target"}, UnitId{"hq"}, {}})) ==
        clause::kObserver);
  CHECK(clause_of(detail::check_shoot(
            s, mortar, ShootOrder{UnitId{"target"}, UnitId{"fao"}, {}})) == clause::kObserver);
  // The options find the observer where one is needed.
  auto options = detail::shoot_options(s, gun);
  REQUIRE(options.size() == 1);
  CHECK(options[0].observer == std::optional<UnitId>{UnitId{"fao"}});
  State turned = s;
  turned.units[idx(s, "fao")].facing = Degrees{180};
  CHECK(clause_of(detail::check_shoot(
            turned, gun, ShootOrder{UnitId{"target"}, UnitId{"fao"}, {}})) == clause::kShootArc);
}

TEST_CASE("RCW train cars fire all round, one at a time, not when pinned (R13, R23)",
          "[R13][R23][rcw.internal]") {
  Scenario sc =
      ScenarioBuilder()
          .rail("line", {{0, 10}, {60, 10}})
          .train("T", 0, "line", 30, {car("gun-car"), car("mg-car", CarArmament::kArmouredCar)})
          .radius(1.5)
          .unit("north", 1, UnitType::kInfantry, {30, 20})
          .unit("south", 1, UnitType::kInfantry, {27, 0});
  State s = fresh_state(sc);
  const std::size_t t = idx(s, "T");
  CHECK(detail::check_shoot(s, t, train_shoot({{"gun-car", "north"}, {"mg-car", "south"}})).ok());
  CHECK(clause_of(detail::check_shoot(s, t, train_shoot({}))) == clause::kShootTarget);
  CHECK(clause_of(
            detail::check_shoot(s, t, train_shoot({{"gun-car", "north"}, {"gun-car", "south"}}))) ==
        clause::kShootTarget);
  s.units[t].cars[0].pinned = true;
  CHECK(clause_of(detail::check_shoot(s, t, train_shoot({{"gun-car", "north"}}))) ==
        clause::kPinned);
  CHECK(detail::check_shoot(s, t, train_shoot({{"mg-car", "north"}})).ok());
  CHECK(detail::shoot_options(s, t).size() == 2);  // the free car at each target
}

TEST_CASE("RCW saves: 4+ with training, any failure destroys, armour only pins (§6, R7)",
          "[sec.6][R7][rcw.internal]") {
  ScriptedDice d1{3, 4};
  auto r = detail::throw_saves(2, Training::kAverage, true, d1);
  CHECK(r.outcome == Outcome::kDestroyed);
  REQUIRE(r.saves.size() == 2);
  CHECK_FALSE(r.saves[0].saved);
  ScriptedDice d2{3, 3};
  r = detail::throw_saves(2, Training::kElite, true, d2);
  CHECK(r.outcome == Outcome::kPinned);
  CHECK(r.saves[0].total == 4);
  CHECK(sum(r.saves[0].parts) == 1);
  ScriptedDice d3{4};
  CHECK(detail::throw_saves(1, Training::kConscript, true, d3).outcome == Outcome::kDestroyed);
  ScriptedDice d4{1, 6};
  CHECK(detail::throw_saves(1, Training::kAverage, false, d4).outcome == Outcome::kPinned);
  CHECK(detail::throw_saves(1, Training::kAverage, false, d4).outcome == Outcome::kNoEffect);
  ScriptedDice none{};
  r = detail::throw_saves(0, Training::kAverage, true, none);
  CHECK(r.outcome == Outcome::kNoEffect);
  CHECK(r.saves.empty());
}

TEST_CASE("RCW what hurts armour: fire (R7, R11) and close assault (R8)",
          "[R7][R11][R8][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .unit("gun", 0, UnitType::kArtillery, {1, 1})
                    .unit("mortar", 0, UnitType::kMortar, {3, 1})
                    .unit("tank", 0, UnitType::kTank, {5, 1})
                    .unit("gun-tank", 0, UnitType::kTank, {7, 1})
                    .gun()
                    .unit("inf", 0, UnitType::kInfantry, {9, 1})
                    .unit("cav", 0, UnitType::kCavalry, {11, 1})
                    .rail("line", {{0, 10}, {60, 10}})
                    .train("T", 0, "line", 30, {car("A"), car("C", CarArmament::kArmouredCar)})
                    .unit("enemy", 1, UnitType::kInfantry, {60, 40});
  const State s = fresh_state(sc);
  auto by = [&](const std::string& id) { return *detail::find_target(s, UnitId{id}); };
  CHECK(detail::hurts_armour(s, by("gun"), false));
  CHECK_FALSE(detail::hurts_armour(s, by("mortar"), false));
  CHECK_FALSE(detail::hurts_armour(s, by("tank"), false));
  CHECK(detail::hurts_armour(s, by("gun-tank"), false));
  CHECK_FALSE(detail::hurts_armour(s, by("inf"), false));
  CHECK(detail::hurts_armour(s, by("A"), false));
  CHECK_FALSE(detail::hurts_armour(s, by("C"), false));
  CHECK(detail::hurts_armour(s, by("inf"), true));
  CHECK(detail::hurts_armour(s, by("gun-tank"), true));
  CHECK_FALSE(detail::hurts_armour(s, by("cav"), true));
  CHECK_FALSE(detail::hurts_armour(s, by("tank"), true));
  CHECK_FALSE(detail::hurts_armour(s, by("gun"), true));
  CHECK_FALSE(detail::find_target(s, UnitId{"T"}).has_value());  // a train is shot car by car
  CHECK(detail::targets_of(s, idx(s, "T")).size() == 2);
}

TEST_CASE("RCW a shot: dice, hits against cover, saves, armour pinned only (§6, R7, R10)",
          "[sec.6][R7][R10][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .unit("mg", 0, UnitType::kMg, {10, 10}, 0)
                    .unit("inf", 0, UnitType::kInfantry, {20, 10}, 0)
                    .unit("target", 1, UnitType::kInfantry, {10, 20})
                    .unit("tank", 1, UnitType::kTank, {20, 20});
  State s = fresh_state(sc);
  s.units[idx(s, "mg")].concealed = true;
  detail::Emitter e{s, {}};
  ScriptedDice dice{4, 2, 3};
  detail::resolve_shoot(e, idx(s, "mg"), at("target"), dice);
  CHECK(revealed_ids(e.out) == std::vector<std::string>{"mg"});
  auto shot = only<Shot>(e.out);
  CHECK(shot.needed == 4);
  CHECK(shot.hits == 1);
  CHECK(shot.outcome == Outcome::kDestroyed);
  CHECK(e.s.units[idx(s, "target")].destroyed);

  detail::Emitter e2{s, {}};
  ScriptedDice d2{6, 1};
  detail::resolve_shoot(e2, idx(s, "inf"), at("tank"), d2);
  shot = only<Shot>(e2.out);
  CHECK(shot.cover == Cover::kArmoured);
  CHECK_FALSE(shot.full_effect);
  CHECK(shot.outcome == Outcome::kPinned);
  CHECK(e2.s.units[idx(s, "tank")].pinned);
  CHECK_FALSE(e2.s.units[idx(s, "tank")].destroyed);
}

TEST_CASE(
    "RCW a train's Shoot: car after car, the last ends it, a car whose target is gone holds (R13, "
    "R43)",
    "[R13][R43][rcw.internal]") {
  Scenario sc =
      ScenarioBuilder()
          .rail("line", {{0, 10}, {60, 10}})
          .train("T", 0, "line", 30, {car("gun-car"), car("mg-car", CarArmament::kArmouredCar)})
          .radius(1.5)
          .unit("north", 1, UnitType::kInfantry, {30, 20})
          .unit("south", 1, UnitType::kInfantry, {27, 0});
  const State s = fresh_state(sc);
  const std::size_t t = idx(s, "T");
  detail::Emitter e{s, {}};
  ScriptedDice d1{1, 1, 4, 5};  // the gun car misses twice; the MG car hits, the save pins
  detail::resolve_shoot(e, t, train_shoot({{"gun-car", "north"}, {"mg-car", "south"}}), d1);
  auto shots = of<Shot>(e.out);
  REQUIRE(shots.size() == 2);
  CHECK(shots[0].firer == UnitId{"gun-car"});
  CHECK(shots[0].dice.size() == 2);
  CHECK_FALSE(shots[0].ends_action);
  CHECK(shots[1].ends_action);
  CHECK(shots[1].outcome == Outcome::kPinned);
  CHECK(e.s.units[idx(s, "south")].pinned);

  detail::Emitter e2{s, {}};
  ScriptedDice d2{4, 1, 1};  // the gun car hits, the save fails: the MG car has nothing to shoot
  detail::resolve_shoot(e2, t, train_shoot({{"gun-car", "north"}, {"mg-car", "north"}}), d2);
  auto shot = only<Shot>(e2.out);
  CHECK(shot.outcome == Outcome::kDestroyed);
  CHECK(shot.ends_action);
  CHECK(d2.remaining() == 0);
}

}  // namespace
}  // namespace rcw_test
