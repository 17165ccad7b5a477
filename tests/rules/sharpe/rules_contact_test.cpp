// Pairs still in contact (S5, S22): a figure activated in contact fights before anything else.
// Two lost rounds in a turn (S6) whatever scattered the group before. Unarmed once the only
// weapon is thrown (S21).

#include "fixture.h"

using namespace sharpe_test;

namespace {

// S stands in base contact with D; H is free; E is Ducos's other man, far off.
ScenarioBuilder in_contact() {
  return ScenarioBuilder()
      .group("p1", "sharpe", 0)
      .figure("S", {10, 10}, {musket()})
      .figure("H", {20, 10}, {musket()})
      .group("p2", "ducos", 0)
      .figure("D", {10, 11}, {musket()})
      .figure("E", {40, 30}, {musket()});
}

}  // namespace

TEST_CASE("a figure activated in contact fights that round before it may walk away",
          "[S5][S22][sharpe.melee.must-fight]") {
  TestGame g(in_contact());
  g.accept("p1", ThrowFunctions{}, {6});
  const Error away = g.reject("p1", move("S", {{10, 5}}));
  CHECK(away.clause == clause::kMustFight);
  CHECK(away.message ==
        "S is in base contact with D: the pair fights a round before S does anything else (S5)");
  CHECK(g.reject("p1", Aim{FigureId{"S"}}).clause == clause::kMustFight);
  CHECK(g.reject("p1", fire("S", "E")).clause == clause::kMustFight);
  // legal() offers S nothing but the fight, and no end of the activation.
  bool offered_fight = false;
  for (const Command& c : legal(g.state, "p1")) {
    CHECK_FALSE(std::holds_alternative<EndActivation>(c));
    const FigureId* f = figure_of(c);
    if (f == nullptr || *f != FigureId{"S"}) continue;
    CHECK(std::holds_alternative<Fight>(c));
    offered_fight = offered_fight || std::holds_alternative<Fight>(c);
  }
  CHECK(offered_fight);
  // S 3 + hero 2 = 5, D 1 + hero 2 = 3: D loses by 2, wounded; morale 1, D runs 2D6 = 2".
  g.accept("p1", fight("S", "D"), {3, 1, 1, 1, 1});
  g.accept("p1", move("S", {{10, 5}}));  // the pair has fought: S may go
  CHECK(g.fig("S").pos.y == Approx(5.0));
}

TEST_CASE("after a tie the fought pair may part, and the player orders several pairs",
          "[S5][S22][sharpe.melee.must-fight]") {
  ScenarioBuilder b = in_contact();
  b.get().groups[1].figures[1].pos = {11, 10};  // E too is in contact with S
  TestGame g(b);
  g.accept("p1", ThrowFunctions{}, {6});
  // The player takes E first: S 1 + hero 2 = 3 against E 3: a tie, they stay in contact.
  CHECK_FALSE(only<MeleeFought>(g.accept("p1", fight("S", "E"), {1, 3})).loser);
  const Error e = g.reject("p1", move("S", {{10, 5}}));
  CHECK(e.clause == clause::kMustFight);
  CHECK(e.message.find("with D") != std::string::npos);
  // Then D (second round for S: −2): S 3 + 2 − 2 = 3 against D 1 + 2 = 3, a tie again.
  CHECK_FALSE(only<MeleeFought>(g.accept("p1", fight("S", "D"), {3, 1})).loser);
  g.accept("p1", move("S", {{10, 5}}));  // both pairs fought this activation: S walks away
}

TEST_CASE("a figure whose enemy fell before it acted goes on without fighting",
          "[S5][S1][sharpe.melee.must-fight]") {
  TestGame g(in_contact());
  g.accept("p1", ThrowFunctions{}, {6});
  // H acts first (the player's order): a bare 20, Hit Table 6: D killed; Ducos's group tests
  // morale for the hit (S10) and passes (1).
  g.accept("p1", fire("H", "D"), {20, 6, 1});
  CHECK(g.fig("D").state == FigureState::kKilled);
  g.accept("p1", move("S", {{10, 5}}));
}

TEST_CASE("a scatter earlier in the turn does not cancel the two lost rounds", "[S6][S10]") {
  TestGame g(in_contact());
  g.state.figures[2].pos = {10, 15};  // D out of contact, 5" from S
  g.accept("p1", ThrowFunctions{}, {6});
  // S hits D (a bare 20; Hit Table 1, no effect): 1 hit of 2 figures tests morale (S10); a 6
  // scatters Ducos's group 3D6" each, E then D.
  auto ev = g.accept("p1", fire("S", "D"), {20, 1, 6, 1, 1, 1, 1, 1, 1});
  CHECK(only<Scattered>(ev).cause == "morale");
  CHECK_FALSE(g.group("ducos").scattered);
  g.state.figures[3].pos = {10, 11};  // E ends up against S, D against H (a run, a ruling)
  g.state.figures[2].pos = {20, 11};
  // First lost round: S 6 + hero 2 against E 1: E killed.
  g.accept("p1", fight("S", "E"), {6, 1});
  CHECK(g.group("ducos").melee_losses == 1);
  // Second: H 6 against D 1 + hero 2: D wounded, passes (1) and runs 2D6; then the group
  // scatters for two lost rounds: D runs 3D6.
  ev = g.accept("p1", fight("H", "D"), {6, 1, 1, 1, 1, 1, 1, 1});
  CHECK(only<Scattered>(ev).cause == kTwoLostRounds);
  CHECK(g.group("ducos").scattered);
  CHECK(count_of<FigureRan>(ev) == 2);
}

TEST_CASE("a figure whose only weapon was thrown fights unarmed", "[S21][S5]") {
  TestGame g(ScenarioBuilder()
                 .group("p1", "sharpe", 0)
                 .figure("K", {10, 10}, {knife()})
                 .group("p2", "ducos", 0)
                 .figure("D", {10, 14}, {musket()}));
  g.accept("p1", ThrowFunctions{}, {6});
  // Thrown: (2 + 1) / 2 = 1, hero shooting +1: 2, not above 4": a miss; the knife is gone.
  g.accept("p1", fire("K", "D"), {2});
  CHECK(g.fig("K").weapons[0].out_of_action);
  // K charges: 3 + charging 2 − unarmed 1 + hero 2 = 6; D 4 + hero 2 = 6: a tie.
  auto m = only<MeleeFought>(g.accept("p1", move("K", {{10, 20}}), {3, 4}));
  bool unarmed = false;
  for (const Modifier& p : m.parts_a) unarmed = unarmed || (p.name == "unarmed" && p.value == -1);
  CHECK(unarmed);
  CHECK(m.total_a == 6);
  CHECK_FALSE(m.loser);
}
