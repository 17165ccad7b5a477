// §5 command, R5 (the throw and what a failure cancels), R16 (the nearest HQ, none left), R24
// (when it is thrown).

#include "fixture.h"

using namespace rcw_test;

namespace {

// F stands 12.5" from its HQ, facing north; E, an enemy, 9.5" ahead of it.
ScenarioBuilder field(double f_y = 22.5) {
  return ScenarioBuilder()
      .unit("H0", 0, UnitType::kHq, {10, 10}, 0)
      .unit("F", 0, UnitType::kInfantry, {10, f_y}, 0)
      .unit("G", 0, UnitType::kInfantry, {20, 14}, 0)
      .unit("H1", 1, UnitType::kHq, {60, 44}, 180)
      .unit("E", 1, UnitType::kInfantry, {10, 32}, 180);
}

}  // namespace

TEST_CASE("a unit within 12in of its HQ moves whatever its throw: the die does not count",
          "[R5][R53][sec.5][R18][rcw.command.throw]") {
  TestGame g(field(22));  // exactly 12": within
  auto ev = g.accept(kSide0, activate("F", kMove, kMove), {1});
  CHECK_FALSE(only<CommandThrown>(ev).counted);
  CHECK(only<CommandThrown>(ev).passed);
  g.accept(kSide0, move_to({{10, 16}}, 0));
}

TEST_CASE("a unit more than 12in from its HQ throws 4+ to move, once for both moves",
          "[R5][sec.5][R24][rcw.command.throw]") {
  TestGame g(field());
  auto ev = g.accept(kSide0, activate("F", kMove, kMove), {4});
  auto ct = only<CommandThrown>(ev);
  CHECK(ct.unit.get() == "F");
  REQUIRE(ct.hq.has_value());
  CHECK(ct.hq->get() == "H0");
  CHECK(ct.hq_distance == Approx(12.5));
  CHECK(ct.roll.face == 4);
  CHECK(ct.total == 4);
  CHECK(ct.passed);
  ev = g.accept(kSide0, move_to({{4, 22.5}}, 270));
  CHECK(count_of<CommandThrown>(ev) == 0);
  g.accept(kSide0, move_to({{4, 28.5}}, 0));
  CHECK(near(g.unit("F").pos, {4, 28.5}));
}

TEST_CASE("a failed command throw cancels both moves", "[R5][sec.5][rcw.command.throw]") {
  TestGame g(field());
  auto ev = g.accept(kSide0, activate("F", kMove, kMove), {3});
  CHECK_FALSE(only<CommandThrown>(ev).passed);
  auto sk = of<ActionSkipped>(ev);
  REQUIRE(sk.size() == 2);
  for (const auto& s : sk) {
    CHECK(s.action == kMove);
    CHECK(s.reason == "command throw failed");
  }
  CHECK(sk[0].index == 0);
  CHECK(sk[1].index == 1);
  CHECK(count_of<ActivationEnded>(ev) == 1);
  CHECK(near(g.unit("F").pos, {10, 22.5}));
  CHECK(g.unit("F").activated);
}

TEST_CASE("a failed command throw cancels the move but the declared shoot still happens",
          "[R5][sec.5][rcw.command.throw]") {
  TestGame g(field());
  auto ev = g.accept(kSide0, activate("F", kMove, kShoot), {2});
  auto sk = only<ActionSkipped>(ev);
  CHECK(sk.index == 0);
  CHECK(sk.reason == "command throw failed");
  CHECK(count_of<ActivationEnded>(ev) == 0);
  auto shot = only<Shot>(g.accept(kSide0, shoot("E"), {1}));
  CHECK(shot.firer.get() == "F");
}

TEST_CASE("the throw comes when the first move comes up, after a shoot declared before it",
          "[R5][R24][rcw.command.throw]") {
  TestGame g(field());
  auto ev = g.accept(kSide0, activate("F", kShoot, kMove));
  CHECK(count_of<CommandThrown>(ev) == 0);
  ev = g.accept(kSide0, shoot("E"), {1, 5});  // the shot misses; then the command throw
  REQUIRE(ev.size() >= 2);
  std::size_t shot_at = ev.size(), thrown_at = ev.size();
  for (std::size_t i = 0; i < ev.size(); ++i) {
    if (std::holds_alternative<Shot>(ev[i])) shot_at = i;
    if (std::holds_alternative<CommandThrown>(ev[i])) thrown_at = i;
  }
  CHECK(shot_at < thrown_at);
  CHECK(only<CommandThrown>(ev).passed);
}

TEST_CASE("command throws: +1 elite, -1 conscript", "[R5][sec.5][rcw.command.throw]") {
  SECTION("elite: a 3 passes") {
    TestGame g(field());
    g.edit("F").training = Training::kElite;
    auto ct = only<CommandThrown>(g.accept(kSide0, activate("F", kMove, kMove), {3}));
    CHECK(sum(ct.parts) == 1);
    CHECK(ct.total == 4);
    CHECK(ct.passed);
  }
  SECTION("conscript: a 4 fails") {
    TestGame g(field());
    g.edit("F").training = Training::kConscript;
    auto ct = only<CommandThrown>(g.accept(kSide0, activate("F", kMove, kMove), {4}));
    CHECK(sum(ct.parts) == -1);
    CHECK(ct.total == 3);
    CHECK_FALSE(ct.passed);
  }
}

TEST_CASE("its HQ is the nearest friendly HQ", "[R16][sec.5][rcw.command.throw]") {
  SECTION("another HQ within 12in: the throw does not count") {
    TestGame g(field().unit("H0b", 0, UnitType::kHq, {20, 22.5}, 0));
    const auto ct = only<CommandThrown>(g.accept(kSide0, activate("F", kMove, kMove), {1}));
    CHECK_FALSE(ct.counted);
    CHECK(ct.hq->get() == "H0b");
  }
  SECTION("the throw names the nearest") {
    TestGame g(field().unit("H0b", 0, UnitType::kHq, {10, 38}, 0));  // 15.5" away
    auto ct = only<CommandThrown>(g.accept(kSide0, activate("F", kMove, kMove), {6}));
    REQUIRE(ct.hq.has_value());
    CHECK(ct.hq->get() == "H0");
    CHECK(ct.hq_distance == Approx(12.5));
  }
}

TEST_CASE("a FAO is not an HQ for command", "[R2][R16][sec.5][rcw.command.throw]") {
  TestGame g(field().unit("O", 0, UnitType::kFao, {12, 22.5}, 0));
  auto ct = only<CommandThrown>(g.accept(kSide0, activate("F", kMove, kMove), {4}));
  CHECK(ct.hq->get() == "H0");
}

TEST_CASE("HQs and FAOs never throw for command", "[R5][R2][rcw.command.throw]") {
  TestGame g(
      field().unit("O", 0, UnitType::kFao, {40, 30}, 0).unit("H0b", 0, UnitType::kHq, {50, 30}, 0));
  g.edit("H0").destroyed = true;  // and none of the others is near
  CHECK(count_of<CommandThrown>(g.accept(kSide0, activate("O", kMove, kMove))) == 0);
  g.accept(kSide0, SkipAction{});
  g.accept(kSide0, SkipAction{});
  CHECK(count_of<CommandThrown>(g.accept(kSide0, activate("H0b", kMove, kMove))) == 0);
}

TEST_CASE("a side with no HQ left throws for every move", "[R16][R5][rcw.command.throw]") {
  TestGame g(field(12));  // 2" from where its HQ stood
  g.edit("H0").destroyed = true;
  auto ev = g.accept(kSide0, activate("F", kMove, kShoot), {1});
  auto ct = only<CommandThrown>(ev);
  CHECK_FALSE(ct.hq.has_value());
  CHECK_FALSE(ct.passed);
  auto sk = only<ActionSkipped>(ev);
  CHECK(sk.index == 0);
  CHECK(sk.reason == "command throw failed");
}

TEST_CASE("a close assault is commanded like a move, a failure cancels it",
          "[R5][sec.5][sec.11][rcw.command.throw]") {
  TestGame g(field());
  g.edit("E").pos = {10, 25.5};  // 3" ahead
  auto ev = g.accept(kSide0, activate("F", kAssault, kShoot), {3});
  CHECK_FALSE(only<CommandThrown>(ev).passed);
  auto sk = only<ActionSkipped>(ev);
  CHECK(sk.index == 0);
  CHECK(sk.action == kAssault);
  CHECK(sk.reason == "command throw failed");
  // The assault is gone: no move into contact, no round, F where it stood.
  CHECK(count_of<AssaultMoved>(ev) == 0);
  CHECK(count_of<AssaultRound>(ev) == 0);
  CHECK(near(g.unit("F").pos, {10, 22.5}));
  // R5: the other declared action still happens: the Shoot waits for its order, then fires.
  REQUIRE(g.state.active.has_value());
  CHECK(g.state.active->next == 1);
  CHECK(g.reject(kSide0, assault("E")).clause == clause::kWrongAction);
  const auto shot_events = g.accept(kSide0, shoot("E"), {1});
  const Shot shot = only<Shot>(shot_events);
  CHECK(shot.firer.get() == "F");
  CHECK(faces(shot.dice) == std::vector<int>{1});
  CHECK(count_of<ActivationEnded>(shot_events) == 1);
  CHECK_FALSE(g.state.active.has_value());
}

TEST_CASE("move then assault: one throw, a failure cancels both", "[R5][rcw.command.throw]") {
  TestGame g(field());
  auto ev = g.accept(kSide0, activate("F", kMove, kAssault), {2});
  CHECK(count_of<CommandThrown>(ev) == 1);
  CHECK(count_of<ActionSkipped>(ev) == 2);
  CHECK(count_of<ActivationEnded>(ev) == 1);
}

TEST_CASE("shooting needs no command throw however far the HQ", "[R5][sec.5][rcw.command.throw]") {
  TestGame g(field());
  g.edit("F").pos = {10, 26};  // 16" from the HQ, 6" from E
  auto ev = g.accept(kSide0, activate("F", kShoot, kShoot));
  CHECK(count_of<CommandThrown>(ev) == 0);
  g.accept(kSide0, shoot("E"), {1});
  ev = g.accept(kSide0, shoot("E"), {1});
  CHECK(count_of<CommandThrown>(ev) == 0);
}
