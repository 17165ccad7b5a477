// §Hand-to-hand Combat, S5 (rounds, modifiers, ties), S6 (after a lost round), S10 (morale and
// scatter), S3 (hero killed).

#include "fixture.h"

using namespace sharpe_test;

namespace {

// S charges D from 3" away; H is Sharpe's man, E is Ducos's.
ScenarioBuilder melee() {
  return ScenarioBuilder()
      .group("p1", "sharpe", 0)
      .figure("S", {10, 10}, {musket(), bayonet()})
      .figure("H", {14, 10}, {})
      .group("p2", "ducos", 0)
      .figure("D", {10, 14}, {sword()}, Qualities{true, false, false})
      .figure("E", {30, 30}, {musket()});
}

}  // namespace

TEST_CASE("moving into base contact fights a round at once, charging",
          "[S5][sharpe.melee.contact]") {
  TestGame g(melee());
  g.accept("p1", ThrowFunctions{}, {6});
  // S: 4 + charge 2 + bayonet 1 + hero 2 = 9; D: 3 + sword 1 + officer 1 + hero 2 = 7.
  // Difference 2: D wounded; morale 3 passes; D runs 2D6 = 4" away.
  auto ev = g.accept("p1", move("S", {{10, 20}}), {4, 3, 3, 1, 3});
  auto m = only<FigureMoved>(ev);
  CHECK(m.contact == FigureId{"D"});
  CHECK(m.path.back().y == Approx(13.0));
  auto f = only<MeleeFought>(ev);
  CHECK(f.total_a == 9);
  CHECK(f.total_b == 7);
  auto names = [](const std::vector<Modifier>& parts) {
    std::string out;
    for (const Modifier& p : parts) out += p.name + " " + std::to_string(p.value) + "; ";
    return out;
  };
  CHECK(names(f.parts_a) == "charging 2; bayonet armed 1; hero (player) 2; ");
  CHECK(names(f.parts_b) == "sword armed 1; officer 1; hero (player) 2; ");
  CHECK(f.loser == FigureId{"D"});
  CHECK(g.fig("D").state == FigureState::kWounded);
  CHECK(g.fig("D").pos.y == Approx(18.0));
  CHECK(g.group("ducos").melee_losses == 1);
}

TEST_CASE("a tie has no effect and the pair stays, they must fight again when activated",
          "[S5][sharpe.melee.must-fight][sharpe.melee.once-per-activation]") {
  TestGame g(melee());
  g.accept("p1", ThrowFunctions{}, {6});
  auto f = only<MeleeFought>(g.accept("p1", move("S", {{10, 20}}), {2, 3}));  // 7 and 7
  CHECK_FALSE(f.loser);
  CHECK(g.fig("S").state == FigureState::kUnhurt);
  CHECK(g.reject("p1", fight("S", "D")).clause == "sharpe.melee.once-per-activation");
  g.accept("p1", EndActivation{});
  g.accept("p2", ThrowFunctions{}, {1});
  CHECK(g.reject("p2", EndActivation{}).clause == "sharpe.melee.must-fight");
  // Second round this turn, −2 each; no charge now. D 2+4−2 = 4, S 3+3−2 = 4.
  f = only<MeleeFought>(g.accept("p2", fight("D", "S"), {2, 3}));
  CHECK(f.total_a == 4);
  CHECK(f.total_b == 4);
  g.accept("p2", EndActivation{}, {2});
}

TEST_CASE("a killed hero is replaced by a figure his player names",
          "[S3][S5][sharpe.hero.replace]") {
  TestGame g(melee());
  g.state.figures[3].pos = {12, 20};
  g.accept("p1", ThrowFunctions{}, {6});
  // S 6+5 = 11, D 1+4 = 5: difference 6 kills D; the dead take no morale test.
  auto ev = g.accept("p1", move("S", {{10, 20}}), {6, 1});
  CHECK(g.fig("D").state == FigureState::kKilled);
  CHECK(count_of<MoraleTested>(ev) == 0);
  // S3: Ducos's player names a new hero before throwing.
  g.accept("p1", EndActivation{});
  CHECK(g.reject("p2", ThrowFunctions{}).clause == "sharpe.hero.replace");
  g.accept("p2", NameHero{"ducos", FigureId{"E"}});
  g.accept("p2", ThrowFunctions{}, {1});
}

TEST_CASE("a loser failing morale scatters his group 3D6, the hero last", "[S6][S10][S2]") {
  TestGame g(melee());
  g.accept("p1", ThrowFunctions{}, {6});
  // S 4+5 = 9, D 3+4 = 7: D wounded; morale 6 fails; D's group scatters: E 3D6 then D.
  auto ev = g.accept("p1", move("S", {{10, 20}}), {4, 3, 6, 1, 1, 1, 2, 2, 2});
  CHECK(only<Scattered>(ev).group == "ducos");
  CHECK(count_of<FigureRan>(ev) == 2);
  CHECK(g.fig("D").pos.y == Approx(20.0));  // 6" directly away from S at (10, 13)
  CHECK(g.fig("D").state == FigureState::kWounded);
}

TEST_CASE("two lost rounds in a turn scatter the group", "[S6]") {
  TestGame g(melee());
  g.state.figures[3].pos = {14, 11};  // E in contact with H
  g.accept("p1", ThrowFunctions{}, {6});
  // H (unarmed −1) fights E first: H 6−1 = 5, E 1: E loses by 4: dying (D6 3); morale 1; E
  // runs 2".
  g.accept("p1", fight("H", "E"), {6, 1, 3, 1, 1, 1});
  CHECK(g.fig("E").state == FigureState::kDying);
  // S charges D: 6+5 = 11 vs 1+4 = 5: D killed: the second lost round scatters the group.
  auto ev = g.accept("p1", move("S", {{10, 20}}), {6, 1, 1, 1, 1});
  CHECK(only<Scattered>(ev).group == "ducos");
  CHECK(g.group("ducos").scattered);
}

TEST_CASE("20% hits in a turn test morale once", "[S10]") {
  TestGame g(ScenarioBuilder()
                 .group("p1", "sharpe", 0)
                 .figure("S", {10, 10}, {musket()})
                 .figure("R", {12, 10}, {musket()})
                 .group("p2", "ducos", 0)
                 .figure("D", {10, 15})
                 .figure("E", {12, 15})
                 .figure("F", {14, 15})
                 .figure("G", {16, 15})
                 .figure("I", {18, 15})
                 .figure("J", {20, 15}));
  g.accept("p1", ThrowFunctions{}, {6});
  // 6 figures: 20% rounded up is 2 hits.
  CHECK(count_of<MoraleTested>(g.accept("p1", fire("S", "D"), {20, 1})) == 0);
  auto ev = g.accept("p1", fire("R", "E"), {20, 1, 5});
  CHECK(only<MoraleTested>(ev).passed);
  CHECK(g.group("ducos").morale_tested);
}
