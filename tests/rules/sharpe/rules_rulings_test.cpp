// Rulings added where the text is silent (docs/rules/sharpe.md): S16 who is an enemy, S19 a
// run stops short of a wall, S24 serving the gun. (S18 and S19's bad card: rules_cards_test.)

#include "fixture.h"

using namespace sharpe_test;

namespace {

// p1 holds two groups: Sharpe's and the rear's Q, in base contact with Sharpe; p2 holds Ducos.
ScenarioBuilder friends_and_enemies() {
  return ScenarioBuilder()
      .group("p1", "sharpe", 2)
      .figure("S", {10, 10}, {musket(), bayonet()})
      .group("p1", "rear", 0)
      .figure("Q", {11, 10}, {musket()})
      .group("p2", "ducos", 0)
      .figure("D", {10, 20}, {musket()});
}

// A British gun at (10,10) aimed north (the engine's +y) served by A, half an inch behind it;
// X, of the same group, stands off the gun; the French F is 6" in front.
Scenario battery(bool loaded = true) {
  Scenario s = ScenarioBuilder()
                   .group("p1", "guns", 0)
                   .figure("A", {10, 9.5}, {})
                   .figure("X", {14, 12}, {})
                   .group("p2", "french", 0)
                   .figure("F", {10, 16}, {musket()})
                   .get();
  Gun g;
  g.id = "gun";
  g.pos = {10, 10};
  g.aim = engine::Degrees{0};
  g.group = "guns";
  g.loaded = loaded;
  s.guns.push_back(g);
  return s;
}

FireBall ball(std::string target) {
  return FireBall{FigureId("A"), "gun", FigureId(std::move(target))};
}

}  // namespace

TEST_CASE("figures of another player are enemies, a player's own groups are friends",
          "[S16][sharpe.fire.target][sharpe.melee.contact]") {
  TestGame g(friends_and_enemies());
  g.accept("p1", ThrowFunctions{}, {4});
  // Q is of another group, but the same player's: no shot at him, no hand to hand with him.
  CHECK(g.reject("p1", fire("S", "Q")).clause == "sharpe.fire.target");
  CHECK(g.reject("p1", fight("S", "Q")).clause == "sharpe.melee.contact");
  // D is another player's: fired at (a 2 and hero +1 make 3, not above 10: a miss).
  CHECK_FALSE(only<Fired>(g.accept("p1", fire("S", "D"), {2})).hit);
  // Contact with a friend holds nobody to fight (S5 is for enemies): the activation ends.
  CHECK(only<ActivationEnded>(g.accept("p1", EndActivation{})).group == "sharpe");
}

// Sharpe (S) of p1, 10" from Ducos (D) of p2, who runs directly away from him (S20).
ScenarioBuilder sharpe_fires_at_ducos() {
  return ScenarioBuilder()
      .group("p1", "sharpe", 2)
      .figure("S", {10, 10})
      .group("p2", "ducos", 0)
      .figure("D", {10, 20});
}

TEST_CASE("a run stops a hundredth of an inch short of the first wall it would cross",
          "[S19][S20][S10]") {
  TestGame g(sharpe_fires_at_ducos().wall({{0, 25}, {20, 25}}).wall({{0, 27}, {20, 27}}));
  g.accept("p1", ThrowFunctions{}, {4});
  // A bare 20 hits; Hit Table 1, no effect; 1 hit of 1: the morale test 6 scatters Ducos's
  // group directly away from Sharpe (S20): D's 3D6 = 18" would take him to y = 38, across both
  // walls; he stops short of the first.
  auto ev = g.accept("p1", fire("S", "D"), {20, 1, 6, 6, 6, 6});
  REQUIRE(count_of<Scattered>(ev) == 1);
  const FigureRan ran = only<FigureRan>(ev);
  CHECK(ran.to.x == Approx(10.0));
  CHECK(ran.to.y == Approx(24.99).margin(1e-6));
  CHECK(g.fig("D").pos.y == Approx(24.99).margin(1e-6));
}

TEST_CASE("a run ends short of another figure's base, never on it, and may pass others",
          "[S19][S20][S10]") {
  TestGame g(sharpe_fires_at_ducos()
                 .group("p3", "others", 0)
                 .figure("P", {10.3, 30})    // beside his line 10" on: passed, not stopped at
                 .figure("Q", {10, 37.5}));  // where his 18" would take him
  g.accept("p1", ThrowFunctions{}, {4});
  // As above: D scatters 18" directly away from Sharpe, to y = 38: on top of Q. He stops
  // 0.01" short of where his base would first touch Q's (1" bases: at y = 36.5).
  auto ev = g.accept("p1", fire("S", "D"), {20, 1, 6, 6, 6, 6});
  const FigureRan ran = only<FigureRan>(ev);
  CHECK(ran.to.x == Approx(10.0));
  CHECK(ran.to.y == Approx(36.49).margin(1e-6));
  const auto& d = g.fig("D");
  for (const char* other : {"P", "Q"}) {
    const auto& o = g.fig(other);
    CHECK(std::hypot(o.pos.x - d.pos.x, o.pos.y - d.pos.y) > 1.0);
  }
}

TEST_CASE("the crew member who fires pays the Fire cost, doubled when he is wounded",
          "[S24][S4][sharpe.artillery.crew]") {
  TestGame g(battery());
  g.accept("p1", ThrowFunctions{}, {6});
  const BallFired shot = only<BallFired>(g.accept("p1", ball("F"), {2}));  // a 2 misses
  CHECK(shot.figure == FigureId("A"));
  CHECK(shot.functions == 1);
  CHECK(g.fig("A").functions == 5);
  TestGame w(battery());
  w.accept("referee", ruling(RulingKind::kWound, "A", "a splinter"));
  w.accept("p1", ThrowFunctions{}, {6});
  CHECK(only<BallFired>(w.accept("p1", ball("F"), {2})).functions == 2);
  CHECK(w.fig("A").functions == 4);
  // X, of the crew's group but away from the gun, does not serve it.
  CHECK(w.reject("p1", FireBall{FigureId("X"), "gun", FigureId("F")}).clause ==
        "sharpe.artillery.crew");
}

TEST_CASE("a gun the scenario marks unloaded must be loaded first, a wounded loader pays double",
          "[S24][S9][S4][sharpe.artillery.unloaded][sharpe.artillery.load]") {
  TestGame g(battery(false));
  g.accept("referee", ruling(RulingKind::kWound, "A", "a splinter"));
  g.accept("p1", ThrowFunctions{}, {6});
  CHECK(g.reject("p1", ball("F")).clause == "sharpe.artillery.unloaded");
  // Wounded, A gives one function of loading for two of his: his 6 make 3 of the 16.
  const GunLoading l = only<GunLoading>(g.accept("p1", LoadGun{FigureId("A"), "gun"}));
  CHECK(l.functions == 6);
  CHECK(l.amount == 3);
  CHECK_FALSE(l.loaded);
  CHECK(g.fig("A").functions == 0);
  CHECK(g.state.guns[0].load_spent == 3);
}

TEST_CASE("a ball is fired only at an enemy figure", "[S24][S16][sharpe.artillery.target]") {
  TestGame g(battery());
  g.accept("p1", ThrowFunctions{}, {6});
  CHECK(g.reject("p1", ball("X")).clause == "sharpe.artillery.target");
  CHECK(only<BallFired>(g.accept("p1", ball("F"), {2})).target == FigureId("F"));
}
