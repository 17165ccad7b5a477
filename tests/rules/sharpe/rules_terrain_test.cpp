// Walls on the move (S14 building walls, S27 free-standing walls) and a run stopped by the table
// edge along its own line (S19).

#include "../../support/source_file.h"
#include "fixture.h"
#include "rules/sharpe/wire/scenario_pb.h"

using namespace sharpe_test;

namespace {

engine::Opening opening(double from, double to, engine::OpeningKind kind) {
  return engine::Opening{engine::Inches{from}, engine::Inches{to}, kind};
}

// Sharpe's men north of y = 12; Ducos far away. Base 3: 9 functions on a throw of 6.
ScenarioBuilder party() {
  return ScenarioBuilder()
      .group("p1", "sharpe", 3)
      .figure("S", {10, 10})
      .figure("H", {12, 10})
      .figure("W", {5, 10})
      .figure("T", {18, 10})
      .group("p2", "ducos", 0)
      .figure("D", {60, 40});
}

}  // namespace

TEST_CASE("a building wall is crossed only at its doors and windows, at their cost",
          "[S14][S27][S4][sharpe.move.wall]") {
  // A house from y = 12 to 20; its north wall has a window 4-6" and a door 9-11" along it.
  const engine::Wall outline{
      {{0, 12}, {20, 12}, {20, 20}, {0, 20}, {0, 12}},
      {opening(4, 6, engine::OpeningKind::kWindow), opening(9, 11, engine::OpeningKind::kDoor)}};
  TestGame g(party().building(engine::Polygon{{{0, 12}, {20, 12}, {20, 20}, {0, 20}}}, {outline}));
  g.state.figures[2].state = FigureState::kWounded;  // W
  g.accept("p1", ThrowFunctions{}, {6});
  CHECK(g.reject("p1", move("H", {{12, 14}})).clause == "sharpe.move.wall");
  CHECK(only<FigureMoved>(g.accept("p1", move("S", {{10, 14}}))).functions == 2 + 2);  // door
  // The wounded pay double for the window as for everything else: 4" and the climb, doubled.
  CHECK(only<FigureMoved>(g.accept("p1", move("W", {{5, 14}}))).functions == 4 + 4);
}

TEST_CASE("a free-standing wall may be climbed for 2 functions", "[S27][S4][sharpe.move.wall]") {
  // A churchyard wall along y = 12 with a gate 14-16" along it.
  TestGame g(party().wall({{0, 12}, {20, 12}}, {opening(14, 16, engine::OpeningKind::kDoor)}));
  g.state.figures[1].state = FigureState::kWounded;  // H
  g.accept("p1", ThrowFunctions{}, {6});
  CHECK(only<FigureMoved>(g.accept("p1", move("S", {{10, 14}}))).functions == 2 + 2);
  CHECK(g.fig("S").pos.y == Approx(14.0));
  // Wounded: 3" (2, doubled) and the climb (2, doubled).
  CHECK(only<FigureMoved>(g.accept("p1", move("H", {{12, 13}}))).functions == 4 + 4);
  // A waypoint set on the wall is one climb; over and back again is two.
  CHECK(only<FigureMoved>(g.accept("p1", move("W", {{5, 12}, {5, 14}}))).functions == 2 + 2);
  CHECK(only<FigureMoved>(g.accept("p1", move("T", {{18, 14}, {17, 10}}))).functions == 5 + 4);
}

TEST_CASE("the gate of a free-standing wall costs the door, not a climb",
          "[S27][sharpe.move.wall]") {
  TestGame g(party().wall({{0, 12}, {20, 12}}, {opening(14, 16, engine::OpeningKind::kDoor)}));
  g.state.figures[3].pos = {15, 10};      // T, before the gate
  g.accept("p1", ThrowFunctions{}, {1});  // 4 functions
  CHECK(only<FigureMoved>(g.accept("p1", move("T", {{15, 14}}))).functions == 2 + 2);
}

TEST_CASE("the village's churchyard wall is free-standing and climbed for 2",
          "[S27][sharpe.wire.scenario]") {
  auto sc = grognard::sharpe::wire::parse_scenario(
      grognard::test_support::source_file("scenarios/sharpe/village.textproto"));
  REQUIRE(sc.ok());
  REQUIRE(sc->walls.size() == 1);  // the churchyard wall: not part of any building
  CHECK(sc->walls[0].path.front() == Point{40, 4});
  // Sharpe's men just west of the churchyard's west side (x = 40, y 4-18).
  std::vector<ScenarioFigure>& men = sc->groups[0].figures;
  REQUIRE(men.size() == 4);
  men[0].pos = {38, 8};
  men[1].pos = {39, 10};
  men[2].pos = {38, 11};
  men[3].pos = {37, 10};
  TestGame g(*sc);
  g.accept("player:british", ThrowFunctions{}, {1});
  auto m = only<FigureMoved>(g.accept("player:british", move("harper", {{41, 10}})));
  CHECK(m.functions == 1 + 2);  // 2" and the climb
  // The church itself is a building: its west wall (x = 46) has no opening.
  CHECK(g.reject("player:british", move("harper", {{47, 10}})).clause == "sharpe.move.wall");
}

TEST_CASE("a run that reaches the table edge stops where its own line meets the edge", "[S19]") {
  // S charges D diagonally (south-east) from 4" by 4" away, 2" west of the east edge (x = 72).
  TestGame g(ScenarioBuilder()
                 .group("p1", "sharpe", 0)
                 .figure("S", {66, 20})
                 .group("p2", "ducos", 0)
                 .figure("D", {70, 24}));
  g.accept("p1", ThrowFunctions{}, {6});
  // S: 3 + charging 2 + hero 2 = 7; D: 3 + hero 2 = 5. D wounded, morale 3 passes, runs 3 + 3
  // = 6" directly away from S: south-east, so the line meets x = 72 after 2" east and 2" south.
  auto ev = g.accept("p1", move("S", {{70, 24}}), {3, 3, 3, 3, 3});
  CHECK(only<MeleeFought>(ev).loser == FigureId{"D"});
  const FigureRan r = only<FigureRan>(ev);
  CHECK(r.to.x == Approx(72.0));
  CHECK(r.to.y == Approx(26.0));  // not (72, 28.24), slid along the edge
  CHECK(g.fig("D").pos.y == Approx(26.0));
}

TEST_CASE("the state hash tells a free-standing wall from the same wall of a building",
          "[S27][sharpe.hash]") {
  // S27 prices the two differently, so two states that differ only there must hash apart.
  const engine::Wall w{{{0, 12}, {20, 12}}, {}};
  const engine::Polygon floor{{{0, 12}, {20, 12}, {20, 20}, {0, 20}}};
  const TestGame free_standing(party().wall(w.path, {}));
  const TestGame of_building(party().building(floor, {w}));
  CHECK(hash(free_standing.state) != hash(of_building.state));
  CHECK(public_hash(free_standing.state) != public_hash(of_building.state));
}

TEST_CASE("a figure that stopped on a free-standing wall gets down without a second climb",
          "[S27][sharpe.move.wall]") {
  TestGame g(party().wall({{0, 12}, {20, 12}}));
  g.accept("p1", ThrowFunctions{}, {6});
  // Up onto the wall: 2" (1) and the climb (2); then down the far side: 2" (1) and no climb.
  CHECK(only<FigureMoved>(g.accept("p1", move("S", {{10, 12}}))).functions == 1 + 2);
  CHECK(only<FigureMoved>(g.accept("p1", move("S", {{10, 14}}))).functions == 1);
}

TEST_CASE("a move may cross a free-standing wall but not run along its top",
          "[S27][sharpe.move.wall]") {
  TestGame g(party().wall({{0, 12}, {20, 12}}));
  g.accept("p1", ThrowFunctions{}, {6});
  const Error along = g.reject("p1", move("S", {{10, 12}, {16, 12}}));
  CHECK(along.clause == "sharpe.move.wall");
  CHECK(along.message == "a move may climb over a wall, not run along it (S27)");
}
