// S8: loading a musket, rifle or pistol: how many functions go into it, and a load whose cost
// falls while it is under way (a wounded figure healed, S4, S12).

#include "fixture.h"

using namespace sharpe_test;

namespace {

// S's musket is unloaded; Ducos stands far off.
TestGame unloaded() {
  TestGame g(ScenarioBuilder()
                 .group("p1", "sharpe", 0)
                 .figure("S", {10, 10}, {musket()})
                 .group("p2", "ducos", 0)
                 .figure("D", {60, 40}, {musket()}));
  g.state.figures[0].weapons[0].loaded = false;
  return g;
}

Load load(std::optional<int> functions = std::nullopt) {
  return Load{FigureId{"S"}, 0, functions};
}

}  // namespace

TEST_CASE("the player says how many functions go into loading", "[S8][sharpe.fire.load]") {
  TestGame g = unloaded();
  g.accept("p1", ThrowFunctions{}, {6});
  auto l = only<FunctionsSpent>(g.accept("p1", load(3)));
  CHECK(l.functions == 3);
  CHECK_FALSE(l.loaded);
  CHECK(g.fig("S").functions == 3);
  const Error more = g.reject("p1", load(4));
  CHECK(more.clause == clause::kFunctions);
  CHECK(more.message == "S needs 4 functions and has 3");
  CHECK(g.reject("p1", load(0)).clause == clause::kLoad);
  // Three offered, one needed: only what the load still needs is spent.
  l = only<FunctionsSpent>(g.accept("p1", load(3)));
  CHECK(l.functions == 1);
  CHECK(l.loaded);
  CHECK(g.fig("S").functions == 2);
  CHECK(g.fig("S").weapons[0].loaded);
}

TEST_CASE("without a count every function the figure has goes into loading",
          "[S8][sharpe.fire.load]") {
  TestGame g = unloaded();
  g.accept("p1", ThrowFunctions{}, {2});
  auto l = only<FunctionsSpent>(g.accept("p1", load()));
  CHECK(l.functions == 2);
  CHECK(g.fig("S").functions == 0);
  CHECK(g.reject("p1", load()).clause == clause::kFunctions);
}

TEST_CASE("a figure healed while loading never gains functions by loading",
          "[S8][S4][S12][sharpe.fire.load]") {
  TestGame g = unloaded();
  g.accept("referee", ruling(RulingKind::kWound, "S"));
  g.accept("p1", ThrowFunctions{}, {6});
  // Wounded, the musket costs 8 (S4): all 6 go into it.
  CHECK(only<FunctionsSpent>(g.accept("p1", load())).functions == 6);
  g.accept("p1", EndActivation{});
  g.accept("p2", ThrowFunctions{}, {1});
  g.accept("p2", EndActivation{}, {2});
  g.accept("referee", ruling(RulingKind::kHeal, "S"));  // the musket now costs 4, 6 spent
  g.accept("p1", ThrowFunctions{}, {6});
  auto l = only<FunctionsSpent>(g.accept("p1", load()));
  CHECK(l.functions == 0);  // never below nothing: the load is done for no function
  CHECK(l.loaded);
  CHECK(g.fig("S").functions == 6);
  CHECK(g.fig("S").weapons[0].loaded);
  CHECK(g.fig("S").weapons[0].load_spent == 0);
}
