// §Artillery Fire, S9 (canister, ball, loading), S24 (who serves the gun), S14 (sight), S10.

#include "fixture.h"

using namespace sharpe_test;

namespace {

// A British gun at (10,10) aimed north, crewed by four gunners in contact; French in front.
Scenario battery(GunType type = GunType::k4pdr, std::vector<Point> french = {{10, 16}}) {
  ScenarioBuilder b;
  b.group("p1", "guns", 0)
      .figure("A", {10, 9.5}, {})
      .figure("B", {9.5, 10}, {})
      .figure("C", {10.5, 10}, {})
      .figure("E", {10, 9.2}, {})
      .figure("X", {10, 9.0}, {})  // fifth gunner
      .group("p2", "french", 0);
  for (std::size_t i = 0; i < french.size(); ++i) {
    b.figure("F" + std::to_string(i), french[i], {musket()});
  }
  Scenario s = b.get();
  Gun g;
  g.id = "gun";
  g.type = type;
  g.pos = {10, 10};
  g.aim = engine::Degrees{0};
  g.group = "guns";
  s.guns.push_back(g);
  return s;
}

FireCanister canister(double aim = 0) {
  return FireCanister{FigureId("A"), "gun", engine::Degrees{aim}};
}
FireBall ball(std::string target) {
  return FireBall{FigureId("A"), "gun", FigureId(std::move(target))};
}
LoadGun load(std::string who) {
  return LoadGun{FigureId(std::move(who)), "gun"};
}

std::vector<CanisterThrow> throws_of(const std::vector<Event>& ev) {
  return only<CanisterFired>(ev).throws;
}

}  // namespace

TEST_CASE("the canister cone: band edges take the lower band, under 1\" the first",
          "[S9][sharpe.artillery.cone]") {
  // Distances along the aim line 0.5 (under 1"), 4 (edge of 1-4"), 4.3, 8 (edge), 12.2.
  TestGame g(battery(GunType::k4pdr, {{10, 10.9}, {10, 14}, {10, 14.3}, {10, 18}, {10, 22.2}}));
  g.accept("p1", ThrowFunctions{}, {6});
  // F0 is within a base of the gun: at the gun, not in front of it (S24); no throw.
  auto ev = g.accept("p1", canister(), {6, 6, 6, 6});
  auto t = throws_of(ev);
  REQUIRE(t.size() == 4);
  CHECK(t[0].figure == FigureId("F1"));
  CHECK(t[0].band == 0);
  CHECK(t[1].band == 1);
  CHECK(t[2].band == 1);  // 8" is the edge: the lower band
  CHECK(t[3].band == 3);
  for (const auto& x : t) CHECK_FALSE(x.hit);
}

TEST_CASE("under 1\" takes the first band", "[S9][sharpe.artillery.cone]") {
  auto s = battery(GunType::k4pdr, {{10, 10.7}});
  s.base_diameter = 0.5;  // 0.7" from the gun: not at it, and under 1"
  TestGame g(s);
  g.accept("p1", ThrowFunctions{}, {6});
  auto ev = g.accept("p1", canister(), {6});
  auto t = throws_of(ev);
  REQUIRE(t.size() == 1);
  CHECK(t[0].band == 0);
  CHECK(t[0].to_hit == 5);
}

TEST_CASE("4-pdr and 8-pdr cone widths", "[S9][sharpe.artillery.cone]") {
  // 10" out: the 8-12" band is 4" wide (4-pdr) or 8" (8-pdr). 3" off the line: 8-pdr only.
  for (auto [type, hits] : {std::pair{GunType::k4pdr, 0u}, std::pair{GunType::k8pdr, 1u}}) {
    TestGame g(battery(type, {{13, 20}, {11.9, 20}}));
    g.accept("p1", ThrowFunctions{}, {6});
    auto t = throws_of(g.accept("p1", canister(), std::vector<int>(1 + hits, 6)));
    CHECK(t.size() == 1 + hits);
  }
}

TEST_CASE("each band's to-hit number, nothing beyond 30\"", "[S9][sharpe.artillery.cone]") {
  TestGame g(
      battery(GunType::k8pdr,
              {{10, 13}, {10, 17}, {10, 21}, {10, 25}, {10, 29}, {10, 33}, {10, 39}, {10, 40.5}}));
  g.accept("p1", ThrowFunctions{}, {6});
  // Seven hits: the Hit Table (1, no effect) each; S10's test (1 passes) at the second.
  auto t = throws_of(g.accept("p1", canister(), {5, 5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}));
  REQUIRE(t.size() == 7);  // 30.5" out: no canister
  const int to_hit[] = {5, 5, 4, 3, 2, 1, 1};
  for (std::size_t i = 0; i < 7; ++i) {
    CHECK(t[i].band == i);
    CHECK(t[i].to_hit == to_hit[i]);
    CHECK(t[i].hit);
  }
}

TEST_CASE("a canister hit is read on the Hit Table and counts for morale",
          "[S9][S10][sharpe.artillery.cone]") {
  TestGame g(battery(GunType::k4pdr, {{10, 16}}));
  g.accept("p1", ThrowFunctions{}, {6});
  // Throw 5 hits (1-5); Hit Table 6 kills; 1 hit of 1 figure: the morale test (S10), a 2,
  // passes: no scatter.
  auto ev = g.accept("p1", canister(), {5, 6, 2});
  CHECK(throws_of(ev)[0].hit);
  CHECK(only<FigureHurt>(ev).after == FigureState::kKilled);
  const auto m = only<MoraleTested>(ev);
  CHECK(m.cause == "hits");
  CHECK(m.roll.face == 2);
  CHECK(m.passed);
  CHECK(count_of<Scattered>(ev) == 0);
  CHECK(g.group("french").hits == 1);
  CHECK(g.fig("A").functions == 5);  // the Fire cost, 1
}

TEST_CASE("ball hits on a 1 and the group tests morale", "[S9][sharpe.artillery.range]") {
  TestGame g(battery(GunType::k4pdr, {{10, 45}, {12, 45}, {14, 45}, {16, 45}, {18, 45}, {20, 45}}));
  g.accept("p1", ThrowFunctions{}, {6});
  // 1 hits; Hit Table 1 no effect; S10: 1 hit of 6 is under 20% (2): no test; the ball test 3.
  auto ev = g.accept("p1", ball("F0"), {1, 1, 3});
  CHECK(only<BallFired>(ev).hit);
  auto m = only<MoraleTested>(ev);
  CHECK(m.cause == "ball");
  CHECK(m.passed);
  CHECK(g.fig("F0").pos == Point{10, 45});
}

TEST_CASE("ball: a 2 misses, beyond 100\" no shot, a failed ball test scatters",
          "[S9][sharpe.artillery.range]") {
  TestGame g(battery(GunType::k4pdr, {{10, 45}, {10.5, 45}}));
  g.accept("p1", ThrowFunctions{}, {6});
  CHECK_FALSE(only<BallFired>(g.accept("p1", ball("F0"), {2})).hit);
  auto wide = battery(GunType::k4pdr, {{10, 110.5}});
  wide.height = 200;
  TestGame far(wide);
  far.accept("p1", ThrowFunctions{}, {6});
  CHECK(far.reject("p1", ball("F0")).clause == "sharpe.artillery.range");
  TestGame h(battery(GunType::k4pdr, {{10, 45}, {10.5, 45}}));
  h.accept("p1", ThrowFunctions{}, {6});
  // Hit; no effect; S10 (1 of 2 = 20%) passes on 1; the ball test 6 scatters.
  auto ev = h.accept("p1", ball("F0"), {1, 1, 1, 6, 1, 1, 1, 1, 1, 1});
  CHECK(count_of<MoraleTested>(ev) == 2);
  CHECK(count_of<Scattered>(ev) == 1);
}

TEST_CASE("loading: 16 functions over two activations, at most 4 from each crew member",
          "[S9][sharpe.artillery.load]") {
  TestGame g(battery(GunType::k4pdr, {{10, 40}}));
  g.accept("p1", ThrowFunctions{}, {6});  // 6 functions each
  g.accept("p1", canister(), {6});
  CHECK_FALSE(g.state.guns[0].loaded);  // firing unloads
  CHECK(g.reject("p1", canister()).clause == "sharpe.artillery.unloaded");
  auto l = only<GunLoading>(g.accept("p1", load("A")));
  CHECK(l.amount == 4);  // A has 5 left; the cap is 4
  CHECK(g.reject("p1", load("A")).clause == "sharpe.artillery.load");
  g.accept("p1", load("B"));
  g.accept("p1", load("C"));
  CHECK(g.state.guns[0].load_spent == 12);
  CHECK_FALSE(g.state.guns[0].loaded);
  g.accept("p1", EndActivation{});
  g.accept("p2", ThrowFunctions{}, {1});
  g.accept("p2", EndActivation{}, {2});
  g.accept("p1", ThrowFunctions{}, {6});
  auto last = only<GunLoading>(g.accept("p1", load("A")));
  CHECK(last.amount == 4);
  CHECK(last.loaded);
  CHECK(g.state.guns[0].loaded);
  CHECK(g.reject("p1", load("B")).clause == "sharpe.artillery.load");  // already loaded
}

TEST_CASE("at most four crew gather one reload", "[S9][sharpe.artillery.load]") {
  TestGame g(battery());
  g.accept("p1", ThrowFunctions{}, {6});
  g.state.guns[0].loaded = false;
  g.state.guns[0].load_spent = 12;
  for (const char* id : {"A", "B", "C", "E"}) g.state.guns[0].loaders.emplace_back(id);
  CHECK(g.reject("p1", load("X")).clause == "sharpe.artillery.load");  // a fifth hand
  CHECK(only<GunLoading>(g.accept("p1", load("E"))).loaded);
}

TEST_CASE("only crew in contact serve the gun", "[S9][sharpe.artillery.crew]") {
  auto s = battery();
  s.groups[0].figures.push_back(ScenarioFigure{FigureId("Far"), "Far", {15, 5}, {}, {}});
  TestGame g(s);
  g.accept("p1", ThrowFunctions{}, {6});
  CHECK(g.reject("p1", FireCanister{FigureId("Far"), "gun", engine::Degrees{0}}).clause ==
        "sharpe.artillery.crew");
  CHECK(g.reject("p1", FireCanister{FigureId("A"), "nope", engine::Degrees{0}}).clause ==
        "sharpe.artillery.gun");
}

TEST_CASE("a wall blocks the muzzle's line of sight", "[S9][S14][sharpe.artillery.line-of-sight]") {
  auto s = battery(GunType::k4pdr, {{10, 16}});
  s.walls.push_back(engine::Wall{{{5, 13}, {15, 13}}, {}});
  TestGame g(s);
  g.accept("p1", ThrowFunctions{}, {6});
  CHECK(throws_of(g.accept("p1", canister(), {})).empty());
  g.state.guns[0].loaded = true;
  CHECK(g.reject("p1", ball("F0")).clause == "sharpe.artillery.line-of-sight");
}

TEST_CASE("legal offers loading and firing when possible", "[S9]") {
  TestGame g(battery(GunType::k4pdr, {{10, 16}}));
  g.accept("p1", ThrowFunctions{}, {6});
  auto cmds = legal(g.state, "p1");
  auto has = [&](std::size_t index) {
    return std::any_of(cmds.begin(), cmds.end(),
                       [&](const Command& c) { return c.index() == index; });
  };
  CHECK(has(Command{FireCanister{}}.index()));
  CHECK(has(Command{FireBall{}}.index()));
  CHECK_FALSE(has(Command{LoadGun{}}.index()));  // loaded already
  g.accept("p1", canister(), {6});
  cmds = legal(g.state, "p1");
  CHECK(has(Command{LoadGun{}}.index()));
  CHECK_FALSE(has(Command{FireCanister{}}.index()));
}
