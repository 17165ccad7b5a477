// §Functions (costs table), movement, S2 (lost figures), S4 (wounded doubling), S11 (prone),
// S14 (walls and openings).

#include "fixture.h"

using namespace sharpe_test;

namespace {

ScenarioBuilder band() {
  return ScenarioBuilder()
      .group("p1", "sharpe", 0)
      .figure("S", {10, 10})
      .figure("H", {12, 10})
      .group("p2", "ducos", 0)
      .figure("D", {60, 40});
}

}  // namespace

TEST_CASE("moving costs 1 function per 2 inches, started inches included",
          "[S1][S15][sharpe.functions.cost]") {
  TestGame g(band());
  g.accept("p1", ThrowFunctions{}, {3});
  auto m = only<FigureMoved>(g.accept("p1", move("S", {{10, 14}})));
  CHECK(m.functions == 2);
  CHECK(g.fig("S").functions == 1);
  CHECK(g.accept("p1", move("S", {{10, 15}})).size() == 1);  // 1" still costs 1
  CHECK(g.reject("p1", move("S", {{10, 16}})).clause == "sharpe.functions.cost");
}

TEST_CASE("wounded figures pay double", "[S4][sharpe.functions.cost]") {
  TestGame g(band());
  g.state.figures[1].state = FigureState::kWounded;
  g.accept("p1", ThrowFunctions{}, {4});
  CHECK(only<FigureMoved>(g.accept("p1", move("H", {{12, 14}}))).functions == 4);
}

TEST_CASE("crawling makes a figure prone, it stands up before walking",
          "[S11][sharpe.move.prone][sharpe.move.stand-up]") {
  TestGame g(band());
  g.accept("p1", ThrowFunctions{}, {6});
  CHECK(only<FigureMoved>(g.accept("p1", crawl("H", {12, 11}))).functions == 2);
  CHECK(g.fig("H").prone);
  CHECK(g.fig("H").moved);
  CHECK(g.reject("p1", move("H", {{12, 12}})).clause == "sharpe.move.prone");
  g.accept("p1", StandUp{FigureId{"H"}});
  CHECK(g.fig("H").functions == 2);
  CHECK(g.reject("p1", StandUp{FigureId{"H"}}).clause == "sharpe.move.stand-up");
}

TEST_CASE("walls block movement except through doors and windows at their cost",
          "[S14][sharpe.move.wall]") {
  // A wall along y = 12 from x = 0 to 20 with a door from 9" to 11" along it.
  TestGame g(band().wall({{0, 12}, {20, 12}},
                         {{engine::Inches{9}, engine::Inches{11}, engine::OpeningKind::kDoor}}));
  g.accept("p1", ThrowFunctions{}, {6});
  CHECK(g.reject("p1", move("H", {{12, 14}})).clause == "sharpe.move.wall");
  auto m = only<FigureMoved>(g.accept("p1", move("S", {{10, 14}})));
  CHECK(m.functions == 2 + 2);  // 4" and the door
}

TEST_CASE("no figure ends a move more than 10 inches from its hero",
          "[S2][sharpe.move.hero-distance]") {
  TestGame g(band());
  g.accept("p1", ThrowFunctions{}, {6});
  CHECK(g.reject("p1", move("H", {{12, 21}})).clause == "sharpe.move.hero-distance");
  g.accept("p1", move("H", {{12, 19}}));
}

TEST_CASE("figures beyond 10 inches and out of the hero's sight are lost at the end", "[S2]") {
  TestGame g(band().wall({{0, 15}, {40, 15}}));
  g.state.figures[1].pos = {12, 22};  // behind the wall, 12" away
  g.accept("p1", ThrowFunctions{}, {1});
  auto ev = g.accept("p1", EndActivation{});
  CHECK(only<FiguresLost>(ev).figures == std::vector<FigureId>{FigureId{"H"}});
  CHECK(g.fig("H").state == FigureState::kLost);
}

TEST_CASE("a figure beyond 10 inches but in sight is not lost", "[S2]") {
  TestGame g(band());
  g.state.figures[1].pos = {12, 22};
  g.accept("p1", ThrowFunctions{}, {1});
  CHECK(count_of<FiguresLost>(g.accept("p1", EndActivation{})) == 0);
}
