// §Functions (costs table), movement, S2 (lost figures), S4 (wounded doubling), S8 and S11 (a
// move goes somewhere; prone). Walls on the move: rules_terrain_test.cpp.

#include <algorithm>

#include "fixture.h"

using namespace sharpe_test;

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

TEST_CASE("a move or crawl that goes nowhere is refused and does not count as moving",
          "[S8][S11][sharpe.move.no-distance]") {
  TestGame g(band());
  g.accept("p1", ThrowFunctions{}, {3});
  CHECK(g.reject("p1", move("S", {{10, 10}})).clause == "sharpe.move.no-distance");
  CHECK(g.reject("p1", crawl("S", {10, 10})).clause == "sharpe.move.no-distance");
  // Further than the tolerance but too short to cost anything (S15 pays started 2").
  CHECK(g.reject("p1", move("S", {{10, 10.0000015}})).clause == "sharpe.move.no-distance");
  CHECK_FALSE(g.fig("S").moved);
  CHECK_FALSE(g.fig("S").prone);
  // Out and back to the same place has covered 2" and pays for it.
  CHECK(only<FigureMoved>(g.accept("p1", move("S", {{10, 11}, {10, 10}}))).functions == 1);
  CHECK(g.fig("S").moved);
}

TEST_CASE("legal offers no move that goes nowhere", "[S8][S11][sharpe.move.no-distance]") {
  // S has no functions left but is in base contact with D: he may fight, not move.
  TestGame g(band());
  g.state.figures[2].pos = {10, 11};
  g.accept("p1", ThrowFunctions{}, {3});
  g.state.figures[0].functions = 0;
  const auto cmds = legal(g.state, "p1");
  for (const Command& c : cmds) {
    const Move* m = std::get_if<Move>(&c);
    CHECK((m == nullptr || m->figure != FigureId{"S"}));
  }
  CHECK(
      std::ranges::any_of(cmds, [](const Command& c) { return std::holds_alternative<Fight>(c); }));
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

TEST_CASE("legal offers a walk to a figure walled off from its hero and every enemy",
          "[S14][S15][sharpe.move.wall]") {
  // A house wall just east of H, without doors: the way toward the hero S and toward D is
  // barred, yet H may walk away west, and legal says so.
  const engine::Wall east{{{13, 0}, {13, 30}}, {}};
  TestGame g(band().building(engine::Polygon{{{13, 0}, {40, 0}, {40, 30}, {13, 30}}}, {east}));
  g.state.figures[0].pos = {20, 10};  // S, the hero, inside the house
  g.accept("p1", ThrowFunctions{}, {3});
  const auto walks = [&](const std::vector<Command>& cmds) {
    std::vector<Move> out;
    for (const Command& c : cmds) {
      const Move* m = std::get_if<Move>(&c);
      if (m && m->figure == FigureId{"H"} && !m->crawl) out.push_back(*m);
    }
    return out;
  };
  const auto offered = walks(legal(g.state, "p1"));
  REQUIRE(offered.size() == 1);
  g.accept("p1", offered[0]);
  CHECK(g.fig("H").moved);
}
