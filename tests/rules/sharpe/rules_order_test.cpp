// S1: the figures of a group act one at a time, each finishing before the next begins.
// S25: a group's standing scatter order, toward cover or directly away (S10).

#include "fixture.h"

using namespace sharpe_test;

namespace {

ScenarioBuilder two_men() {
  return ScenarioBuilder()
      .group("p1", "sharpe", 0)
      .figure("S", {10, 10}, {musket(), bayonet()})
      .figure("H", {14, 10}, {musket()})
      .group("p2", "ducos", 0)
      .figure("D", {10, 14}, {sword()}, Qualities{true, false, false})
      .figure("E", {30, 30}, {musket()});
}

}  // namespace

TEST_CASE("each figure of the group finishes before the next begins",
          "[S1][sharpe.functions.one-at-a-time]") {
  TestGame g(two_men());
  g.accept("p1", ThrowFunctions{}, {6});  // 6 functions each
  g.accept("p1", move("S", {{8, 10}}));
  CHECK(g.state.acting == g.state.index_of(FigureId{"S"}));
  g.accept("p1", move("S", {{6, 10}}));   // the same figure goes on
  g.accept("p1", move("H", {{16, 10}}));  // H begins: S has finished
  CHECK(g.fig("S").done);
  CHECK_FALSE(g.fig("H").done);
  CHECK(g.state.acting == g.state.index_of(FigureId{"H"}));
  const Error back = g.reject("p1", Aim{FigureId{"S"}});
  CHECK(back.clause == clause::kOneAtATime);
  CHECK(back.message ==
        "S has finished this activation: each figure of the group finishes "
        "before the next begins (S1)");
  for (const Command& c : legal(g.state, "p1")) {  // nothing more for S
    const auto* m = std::get_if<Move>(&c);
    CHECK_FALSE((m != nullptr && m->figure == FigureId{"S"}));
    CHECK_FALSE((std::holds_alternative<Aim>(c) && std::get<Aim>(c).figure == FigureId{"S"}));
  }
  g.accept("p1", Aim{FigureId{"H"}});
  g.accept("p1", EndActivation{});
  // The next activation starts afresh.
  CHECK_FALSE(g.fig("S").done);
  CHECK_FALSE(g.state.acting.has_value());
}

TEST_CASE("a figure in contact fights its pair before another figure begins",
          "[S1][S5][sharpe.melee.must-fight]") {
  TestGame g(two_men());
  g.accept("p1", ThrowFunctions{}, {6});
  g.accept("p1", move("S", {{10, 9}}));  // S is acting
  g.state.figures[2].pos = {10, 10};     // D ends up in base contact with S (a run, a ruling)
  CHECK(g.reject("p1", Aim{FigureId{"S"}}).clause == clause::kMustFight);  // S5: fight first
  const Error e = g.reject("p1", move("H", {{16, 10}}));
  CHECK(e.clause == clause::kMustFight);
  CHECK(e.message == "S is in contact with D: the pair fights before H begins (S1, S5)");
  // S 6 + bayonet 1 + hero 2 = 9 against D 6 + sword 1 + officer 1 + hero 2 = 10: S loses by
  // 1, no effect; S's morale 2 passes and he runs 2D6 = 2" away.
  g.accept("p1", fight("S", "D"), {6, 6, 2, 1, 1});
  g.accept("p1", move("H", {{16, 10}}));
  CHECK(g.fig("S").done);
}

TEST_CASE("a finished figure that comes into contact does not hold the activation open",
          "[S1][S22]") {
  TestGame g(two_men());
  g.accept("p1", ThrowFunctions{}, {6});
  g.accept("p1", move("S", {{8, 10}}));
  g.accept("p1", move("H", {{16, 10}}));
  g.state.figures[3].pos = {8, 11};  // E ends up against the finished S (a run, a ruling)
  g.accept("p1", EndActivation{});
}

TEST_CASE("a player gives his group's scatter order at any time, no one else may",
          "[S25][sharpe.morale.scatter-order]") {
  TestGame g(two_men());
  auto ev = g.accept("p2", SetScatter{"ducos", true});  // not his card
  CHECK(only<ScatterOrderSet>(ev).seat == "p2");
  CHECK(g.group("ducos").scatter_to_cover);
  CHECK(g.reject("p1", SetScatter{"ducos", false}).code == ErrorCode::kPermissionDenied);
  CHECK(g.reject("referee", SetScatter{"ducos", false}).clause == clause::kRefereeOnly);
  CHECK(g.reject("p2", SetScatter{"nobody", false}).code == ErrorCode::kNotFound);
}

TEST_CASE("a group ordered toward cover scatters to the nearest cover, the hero last",
          "[S10][S25][S6]") {
  ScenarioBuilder b = two_men();
  b.cover(engine::Polygon{{{20, 30}, {25, 30}, {25, 40}, {20, 40}}});
  b.cover(engine::Polygon{{{0, 40}, {4, 40}, {4, 44}, {0, 44}}});
  TestGame g(b);
  g.accept("p2", SetScatter{"ducos", true});
  g.accept("p1", ThrowFunctions{}, {6});
  // S charges D: 4 + 5 against 3 + 4: D wounded; morale 6 fails: ducos scatters toward cover.
  // E first (18": 5" to the wood's edge at (25, 30), then half an inch on), then D (6").
  auto ev = g.accept("p1", move("S", {{10, 20}}), {4, 3, 6, 6, 6, 6, 2, 2, 2});
  CHECK(only<Scattered>(ev).toward_cover);
  CHECK(g.fig("E").pos.x == Approx(24.5));
  CHECK(g.fig("E").pos.y == Approx(30.0));
  // D at (10, 14): the nearest cover is the corner (20, 30) of the wood, 18.87" away.
  const engine::Vec way = engine::unit(engine::Vec{10, 16});
  CHECK(g.fig("D").pos.x == Approx(10 + 6 * way.dx));
  CHECK(g.fig("D").pos.y == Approx(14 + 6 * way.dy));
}

TEST_CASE("a figure already in cover stays there when its group scatters toward cover",
          "[S10][S25]") {
  ScenarioBuilder b = two_men();
  b.cover(engine::Polygon{{{28, 28}, {32, 28}, {32, 32}, {28, 32}}});  // E stands in it
  TestGame g(b);
  g.accept("p2", SetScatter{"ducos", true});
  g.accept("p1", ThrowFunctions{}, {6});
  g.accept("p1", move("S", {{10, 20}}), {4, 3, 6, 6, 6, 6, 2, 2, 2});
  CHECK(g.fig("E").pos.x == Approx(30.0));
  CHECK(g.fig("E").pos.y == Approx(30.0));
}

TEST_CASE("with no cover on the table a scatter runs directly away whatever the order",
          "[S10][S25][S20]") {
  TestGame g(two_men());
  g.accept("p2", SetScatter{"ducos", true});
  g.accept("p1", ThrowFunctions{}, {6});
  auto ev = g.accept("p1", move("S", {{10, 20}}), {4, 3, 6, 1, 1, 1, 2, 2, 2});
  CHECK_FALSE(only<Scattered>(ev).toward_cover);
  CHECK(g.fig("D").pos.y == Approx(20.0));  // 6" directly away from S at (10, 13)
}

TEST_CASE("a building's door is a refuge, a wall in the way is not crossed", "[S10][S25][S14]") {
  // A house east of E with a door in its west wall, its middle at (34, 30).
  const engine::Polygon floor{{{34, 28}, {38, 28}, {38, 32}, {34, 32}}};
  const engine::Wall walls{{{34, 28}, {38, 28}, {38, 32}, {34, 32}, {34, 28}},
                           {engine::Opening{engine::Inches{13.5}, engine::Inches{14.5}}}};
  ScenarioBuilder b = two_men();
  b.cover(engine::Polygon{{{20, 30}, {25, 30}, {25, 40}, {20, 40}}});  // 5" west of E
  b.building(floor, {walls});                                          // 4" east of E
  TestGame g(b);
  g.accept("p2", SetScatter{"ducos", true});
  g.accept("p1", ThrowFunctions{}, {6});
  g.accept("p1", move("S", {{10, 20}}), {4, 3, 6, 6, 6, 6, 2, 2, 2});
  CHECK(g.fig("E").pos.x == Approx(34.5));  // through the door, half an inch inside
  CHECK(g.fig("E").pos.y == Approx(30.0));

  ScenarioBuilder walled = two_men();
  walled.cover(engine::Polygon{{{20, 30}, {25, 30}, {25, 40}, {20, 40}}});
  walled.wall({{27, 20}, {27, 46}});  // between E and the whole wood: no straight way to it
  TestGame h(walled);
  h.accept("p2", SetScatter{"ducos", true});
  h.accept("p1", ThrowFunctions{}, {6});
  h.accept("p1", move("S", {{10, 20}}), {4, 3, 6, 6, 6, 6, 2, 2, 2});
  // No cover in reach: directly away from S at (10, 13), 18".
  const engine::Vec away = engine::unit(engine::Vec{20, 17});
  CHECK(h.fig("E").pos.x == Approx(30 + 18 * away.dx));
  CHECK(h.fig("E").pos.y == Approx(30 + 18 * away.dy));
}

TEST_CASE("a figure in cover but in contact with an enemy cannot stand its ground",
          "[S10][S25][S5]") {
  ScenarioBuilder b = two_men();
  b.cover(engine::Polygon{{{8, 13.5}, {12, 13.5}, {12, 16}, {8, 16}}});  // D stands in it
  TestGame g(b);
  g.accept("p2", SetScatter{"ducos", true});
  g.accept("p1", ThrowFunctions{}, {6});
  // D, the loser in contact with S, scatters 6" directly away from him (E, in the open, makes
  // 3" for D's patch of cover).
  g.accept("p1", move("S", {{10, 20}}), {4, 3, 6, 1, 1, 1, 2, 2, 2});
  CHECK(g.fig("D").pos.x == Approx(10.0));
  CHECK(g.fig("D").pos.y == Approx(20.0));
}

TEST_CASE("cover areas and floors need three corners", "[S17][S26][sharpe.scenario]") {
  ScenarioBuilder b = two_men();
  b.cover(engine::Polygon{{{1, 1}, {2, 2}}});
  auto r = new_game(b);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message == "cover area 1 needs 3 corners or more");
}
