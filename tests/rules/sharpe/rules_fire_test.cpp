// §Fire Combat, S7 (the D20), S8 (loading, aiming, target moved), S14 (sight and cover),
// §Hit Table, S4 (wounds).

#include "fixture.h"

using namespace sharpe_test;

namespace {

// Five British at 10" from two French; the French hero is D.
ScenarioBuilder field() {
  return ScenarioBuilder()
      .group("p1", "sharpe", 0)
      .figure("S", {10, 10}, {musket()})
      .figure("R", {12, 10}, {rifle()})
      .figure("P", {14, 10}, {pistol(), sword()})
      .figure("K", {16, 10}, {knife()})
      .group("p2", "ducos", 0)
      .figure("D", {10, 20}, {musket()})
      .figure("E", {16, 14}, {musket()});
}

}  // namespace

TEST_CASE("a musket hits when the modified D20 beats the range", "[S7][sharpe.fire.range]") {
  TestGame g(field());
  g.accept("p1", ThrowFunctions{}, {6});
  // Hero shooting +1: 10 + 1 = 11 > 10, hit; the Hit Table 1: no effect.
  auto ev = g.accept("p1", fire("S", "D"), {10, 1, 1});  // morale (S10): 1 passes
  auto f = only<Fired>(ev);
  CHECK(f.hit);
  CHECK(f.total == 11);
  CHECK(only<FigureHurt>(ev).result == HitResult::kNoEffect);
  CHECK_FALSE(g.fig("S").weapons[0].loaded);  // S8: firing unloads
  CHECK(g.reject("p1", fire("S", "D")).clause == "sharpe.fire.unloaded");
}

TEST_CASE("equal to the range misses", "[S7]") {
  TestGame g(field());
  g.accept("p1", ThrowFunctions{}, {6});
  CHECK_FALSE(only<Fired>(g.accept("p1", fire("S", "D"), {9})).hit);
}

TEST_CASE("a bare 20 always hits and a bare 1 misses and breaks the weapon",
          "[S7][sharpe.fire.out-of-action]") {
  // E stands exactly 10" from P: the pistol's best, 20 halved, makes 10, not above 10; only the
  // bare 20 rule hits.
  ScenarioBuilder b = field();
  b.get().groups[1].figures[0].pos = {10, 29};  // D 19" from R: the rifle's 2 x 1 falls short
  b.get().groups[1].figures[1].pos = {14, 20};
  TestGame miss(b);
  miss.accept("p1", ThrowFunctions{}, {6});
  const Fired short_shot = only<Fired>(miss.accept("p1", fire("P", "E"), {19}));
  CHECK(short_shot.range == Approx(10.0));
  CHECK(short_shot.total == 10);
  CHECK_FALSE(short_shot.hit);
  TestGame g(b);
  g.accept("p1", ThrowFunctions{}, {6});
  const Fired bare = only<Fired>(g.accept("p1", fire("P", "E"), {20, 5, 1}));
  CHECK(bare.total == 10);
  CHECK(bare.hit);
  CHECK(g.fig("E").state == FigureState::kKilled);
  auto f = only<Fired>(g.accept("p1", fire("R", "D"), {1}));
  CHECK_FALSE(f.hit);
  CHECK(f.malfunction);
  g.state.figures[1].weapons[0].loaded = true;
  CHECK(g.reject("p1", fire("R", "D")).clause == "sharpe.fire.out-of-action");
}

TEST_CASE("throwing a knife or hatchet costs 2 functions, 4 when wounded", "[S4][S8][S21]") {
  TestGame g(field());
  g.accept("p1", ThrowFunctions{}, {6});
  // K at (16,10) throws at E 4" off: 2 halves to 1, a miss; the knife is gone (S21).
  const Fired thrown = only<Fired>(g.accept("p1", fire("K", "E"), {2}));
  CHECK(thrown.functions == 2);
  CHECK(g.fig("K").functions == 4);
  CHECK(g.fig("K").weapons[0].out_of_action);
  TestGame w(field());
  w.accept("referee", ruling(RulingKind::kWound, "K", "a fall"));
  w.accept("p1", ThrowFunctions{}, {6});
  CHECK(only<Fired>(w.accept("p1", fire("K", "E"), {2})).functions == 4);
  CHECK(w.fig("K").functions == 2);
}

TEST_CASE("rifle doubles, pistol halves rounding up", "[S7]") {
  TestGame g(field());
  g.accept("p1", ThrowFunctions{}, {6});
  CHECK(only<Fired>(g.accept("p1", fire("R", "D"), {6, 1, 1})).total == 12);
  // P at (14,10) to E at (16,14): 4.47"; 7 halves to 4: miss.
  CHECK(only<Fired>(g.accept("p1", fire("P", "E"), {7})).total == 4);
}

TEST_CASE("out of range or out of sight: no shot",
          "[S7][S14][sharpe.fire.range][sharpe.fire.line-of-sight]") {
  TestGame g(field().wall({{0, 15}, {13, 15}}));
  g.accept("p1", ThrowFunctions{}, {6});
  CHECK(g.reject("p1", fire("P", "D")).clause == "sharpe.fire.range");
  CHECK(g.reject("p1", fire("S", "D")).clause == "sharpe.fire.line-of-sight");
  CHECK(g.reject("p1", fire("K", "D")).clause == "sharpe.fire.range");  // S8: thrown to 5"
}

TEST_CASE("aimed, target moved, cover", "[S8][S11][S14][sharpe.fire.aim]") {
  TestGame g(field().cover(engine::Polygon{{{8, 18}, {12, 18}, {12, 22}, {8, 22}}}));
  g.state.figures[5].moved = true;
  g.accept("p1", ThrowFunctions{}, {6});
  g.accept("p1", Aim{FigureId{"S"}});
  CHECK(g.fig("S").functions == 3);
  // +2 aimed +1 hero −2 cover = +1, each named as the rule text names it
  const Fired shot = only<Fired>(g.accept("p1", fire("S", "D"), {5}));
  CHECK(shot.modifiers == 1);
  REQUIRE(shot.parts.size() == 3);
  CHECK(shot.parts[0].name == "aimed shot");
  CHECK(shot.parts[0].value == 2);
  CHECK(shot.parts[1].name == "hero shooting");
  CHECK(shot.parts[1].value == 1);
  CHECK(shot.parts[2].name == "target in building or cover");
  CHECK(shot.parts[2].value == -2);
  // R: −2 moved (E)
  CHECK(only<Fired>(g.accept("p1", fire("R", "E"), {2})).modifiers == -2);
}

TEST_CASE("loading costs the table's functions and may be spread over activations",
          "[S8][sharpe.fire.load]") {
  TestGame g(field());
  g.state.figures[1].weapons[0].loaded = false;
  g.accept("p1", ThrowFunctions{}, {4});
  auto l = only<FunctionsSpent>(g.accept("p1", Load{FigureId{"R"}, 0, std::nullopt}));
  CHECK(l.functions == 4);
  CHECK_FALSE(l.loaded);
  g.accept("p1", EndActivation{});
  g.accept("p2", ThrowFunctions{}, {1});
  g.accept("p2", EndActivation{}, {2});
  g.accept("p1", ThrowFunctions{}, {4});
  l = only<FunctionsSpent>(g.accept("p1", Load{FigureId{"R"}, 0, std::nullopt}));
  CHECK(l.functions == 2);
  CHECK(l.loaded);
  CHECK(g.reject("p1", Load{FigureId{"R"}, 0, std::nullopt}).clause == "sharpe.fire.load");
}

TEST_CASE("the Hit Table and wounds", "[S4]") {
  TestGame g(field());
  g.accept("p1", ThrowFunctions{}, {6});
  g.accept("p1", fire("S", "D"), {20, 2, 1});
  CHECK(g.fig("D").state == FigureState::kWounded);
  auto ev = g.accept("p1", fire("R", "D"), {20, 3, 2});  // second wound: dying, 2 turns
  CHECK(only<FigureHurt>(ev).after == FigureState::kDying);
  CHECK(g.fig("D").dying_turns == 2);
}

TEST_CASE("a dying figure is removed at the end of its last turn", "[S4]") {
  TestGame g(field());
  g.state.figures[4].state = FigureState::kDying;
  g.state.figures[4].dying_turns = 2;
  g.accept("p1", ThrowFunctions{}, {1});
  g.accept("p1", EndActivation{});
  g.accept("p2", ThrowFunctions{}, {1});
  g.accept("p2", EndActivation{}, {2});
  CHECK(g.fig("D").state == FigureState::kDying);
  g.accept("p1", ThrowFunctions{}, {1});
  g.accept("p1", EndActivation{});
  g.accept("p2", ThrowFunctions{}, {1});
  auto ev = g.accept("p2", EndActivation{}, {2});
  CHECK(only<TurnEnded>(ev).died == std::vector<FigureId>{FigureId{"D"}});
  CHECK(g.fig("D").state == FigureState::kKilled);
}
