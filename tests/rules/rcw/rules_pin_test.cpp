// §7 pinned and rally, R6 (the other action and Limber), R25 (Rally first), R24.

#include "fixture.h"

using namespace rcw_test;

namespace {

// "P", pinned, at (30,10) facing north; its HQ 6in off; an enemy "E" 8in ahead.
ScenarioBuilder field(UnitType type = UnitType::kInfantry) {
  return ScenarioBuilder()
      .unit("H0", 0, UnitType::kHq, {36, 10}, 0)
      .unit("P", 0, type, {30, 10}, 0)
      .unit("H1", 1, UnitType::kHq, {70, 46}, 180)
      .unit("E", 1, UnitType::kInfantry, {30, 18}, 180);
}

TestGame pinned_game(const Scenario& s, const std::string& id = "P") {
  TestGame g(s);
  g.pin(id);
  return g;
}

}  // namespace

TEST_CASE("a pinned unit must declare Rally before a move, shot or assault",
          "[sec.7][R25][rcw.pin.rally-first]") {
  TestGame g = pinned_game(field());
  CHECK(g.reject(kSide0, activate("P", kMove, kRally)).clause == clause::kRallyFirst);
  CHECK(g.reject(kSide0, activate("P", kShoot, kRally)).clause == clause::kRallyFirst);
  // Neither action a Rally: refused when declared, "must declare Rally" (R25).
  const Error e = g.reject(kSide0, activate("P", kShoot, kMove));
  CHECK(e.clause == clause::kRallyFirst);
  CHECK(e.message.find("must declare Rally") != std::string::npos);
}

TEST_CASE("only a pinned unit declares Rally", "[R25][rcw.pin.not-pinned]") {
  TestGame g(field());
  CHECK(g.reject(kSide0, activate("P", kRally, kMove)).clause == clause::kNotPinned);
}

TEST_CASE("a rally on 4 removes the pin and the other action happens", "[sec.7][R6][R24]") {
  TestGame g = pinned_game(field());
  auto ev = g.accept(kSide0, activate("P", kRally, kShoot), {4});
  auto r = only<Rallied>(ev);
  CHECK(r.roll.face == 4);
  CHECK(r.total == 4);
  CHECK(r.success);
  CHECK_FALSE(g.unit("P").pinned);
  CHECK(count_of<ActivationEnded>(ev) == 0);
  g.accept(kSide0, shoot("E"), {1});
}

TEST_CASE("a failed rally: the unit stays pinned and its other action is skipped",
          "[sec.7][R6][rcw.pin.pinned]") {
  for (ActionKind other : {kMove, kShoot, kAssault}) {
    INFO(to_string(other));
    TestGame g = pinned_game(field());
    auto ev = g.accept(kSide0, activate("P", kRally, other), {3});
    CHECK_FALSE(only<Rallied>(ev).success);
    auto sk = only<ActionSkipped>(ev);
    CHECK(sk.index == 1);
    CHECK(sk.action == other);
    CHECK(sk.reason == "pinned");
    CHECK(count_of<ActivationEnded>(ev) == 1);
    CHECK(count_of<CommandThrown>(ev) == 0);
    CHECK(g.unit("P").pinned);
  }
}

TEST_CASE("rally: +1 with a friendly HQ within 3in", "[sec.7][R6][R4][R18]") {
  SECTION("HQ at 3in: a 3 rallies") {
    TestGame g = pinned_game(field());
    g.edit("H0").pos = {33, 10};
    auto r = only<Rallied>(g.accept(kSide0, activate("P", kRally, kShoot), {3}));
    CHECK(sum(r.parts) == 1);
    CHECK(r.total == 4);
    CHECK(r.success);
  }
  SECTION("HQ at 3.5in: no bonus") {
    TestGame g = pinned_game(field());
    g.edit("H0").pos = {33.5, 10};
    auto r = only<Rallied>(g.accept(kSide0, activate("P", kRally, kShoot), {3}));
    CHECK(sum(r.parts) == 0);
    CHECK_FALSE(r.success);
  }
  SECTION("a FAO or an enemy HQ adjacent gives nothing") {
    TestGame g = pinned_game(field().unit("O", 0, UnitType::kFao, {30, 7}, 0));
    g.edit("H1").pos = {27, 10};
    auto r = only<Rallied>(g.accept(kSide0, activate("P", kRally, kShoot), {3}));
    CHECK(sum(r.parts) == 0);
    CHECK_FALSE(r.success);
  }
}

TEST_CASE("rally: +1 elite, -1 conscript", "[sec.7][R6]") {
  SECTION("elite with its HQ adjacent rallies on 2") {
    TestGame g = pinned_game(field());
    g.edit("P").training = Training::kElite;
    g.edit("H0").pos = {32, 10};
    auto r = only<Rallied>(g.accept(kSide0, activate("P", kRally, kShoot), {2}));
    CHECK(sum(r.parts) == 2);
    CHECK(r.success);
  }
  SECTION("conscript fails on 4") {
    TestGame g = pinned_game(field());
    g.edit("P").training = Training::kConscript;
    auto r = only<Rallied>(g.accept(kSide0, activate("P", kRally, kShoot), {4}));
    CHECK(r.total == 3);
    CHECK_FALSE(r.success);
  }
}

TEST_CASE("a pinned unit may limber regardless, before or after its rally", "[R6][R25][R9]") {
  SECTION("limber first") {
    TestGame g = pinned_game(field(UnitType::kArtillery));
    auto ev = g.accept(kSide0, activate("P", kLimber, kRally), {1});
    CHECK(only<Limbered>(ev).limbered);
    CHECK_FALSE(only<Rallied>(ev).success);
    CHECK(g.unit("P").limbered);
  }
  SECTION("a failed rally does not stop the limber") {
    TestGame g = pinned_game(field(UnitType::kMg));
    auto ev = g.accept(kSide0, activate("P", kRally, kLimber), {1});
    CHECK(only<Limbered>(ev).limbered);
    CHECK(count_of<ActionSkipped>(ev) == 0);
    CHECK(g.unit("P").pinned);
  }
}

TEST_CASE("rally then move far from the HQ: the command throw follows the rally",
          "[R5][R6][R24][sec.5]") {
  TestGame g = pinned_game(field());
  g.edit("H0").pos = {50, 4};  // 20.9in off
  auto ev = g.accept(kSide0, activate("P", kRally, kMove), {4, 4});
  CHECK(only<Rallied>(ev).success);
  CHECK(only<CommandThrown>(ev).passed);
  g.accept(kSide0, move_to({{24, 10}}, 270));
}

TEST_CASE("a rallied unit may close assault", "[sec.7][R6][sec.11]") {
  TestGame g = pinned_game(field());
  g.edit("E").pos = {30, 13};
  g.accept(kSide0, activate("P", kRally, kAssault), {5, 1});
  auto o = g.run(kSide0, assault("E"), {4, 1, 1, 1, 1});
  REQUIRE(o.ok());
  CHECK(only<AssaultEnded>(o).end == AssaultEnd::kDefenderDestroyed);
}

TEST_CASE("a pin stays until rallied, across turns", "[sec.7]") {
  TestGame g = pinned_game(field());
  g.accept(kSide0, EndTurn{});
  g.accept(kSide1, EndTurn{});
  CHECK(g.unit("P").pinned);
}
