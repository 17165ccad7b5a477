// R47: a concealed unit's hidden turn throws the same dice and produces the same events wherever
// it stands, and a command throw never names an HQ the viewer does not see (R20, R37).
#include "fixture.h"

using namespace rcw_test;

namespace {

// Side 0: an HQ at (10,10), infantry "NEAR" 6in from it in a wood and "FAR" 20in from it in
// another; side 1 far away. Both infantry concealed, as deployment in woods leaves them (R10).
ScenarioBuilder hidden_pair() {
  ScenarioBuilder b;
  b.unit("HQ", 0, UnitType::kHq, {10, 10})
      .unit("NEAR", 0, UnitType::kInfantry, {16, 10})
      .unit("FAR", 0, UnitType::kInfantry, {30, 10})
      .unit("E", 1, UnitType::kInfantry, {60, 40}, 180)
      .woods(14, 8, 18, 12)
      .woods(28, 8, 32, 12);
  return b;
}

TestGame hidden_game() {
  TestGame g(hidden_pair());
  g.conceal("NEAR");
  g.conceal("FAR");
  return g;
}

}  // namespace

TEST_CASE(
    "a concealed unit within 12in of its HQ still throws the command die, which does not "
    "count",
    "[R47][R5][sec.5][rcw.command.throw]") {
  TestGame g = hidden_game();
  const auto events = g.accept(kSide0, activate("NEAR", kMove, kShoot), {1});
  const CommandThrown t = only<CommandThrown>(events);
  CHECK_FALSE(t.counted);
  CHECK(t.passed);                   // a 1 would fail a throw that counted
  CHECK(g.state.active->next == 0);  // the Move waits for its order
}

TEST_CASE("a visible unit within 12in of its HQ throws nothing",
          "[R47][R5][sec.5][rcw.command.throw]") {
  TestGame g(hidden_pair());
  const auto events = g.accept(kSide0, activate("NEAR", kMove, kShoot));
  CHECK(count_of<CommandThrown>(events) == 0);
}

TEST_CASE("a concealed unit's failed command throw leaves its Move waiting for the general's skip",
          "[R47][R5][sec.5][rcw.command.throw]") {
  TestGame g = hidden_game();
  const auto events = g.accept(kSide0, activate("FAR", kMove, kMove), {3});
  const CommandThrown t = only<CommandThrown>(events);
  CHECK(t.counted);
  CHECK_FALSE(t.passed);
  CHECK(count_of<ActionSkipped>(events) == 0);
  // Only the skip is offered and accepted; the Move itself is refused by R5.
  const auto offered = legal(g.state, kSide0);
  REQUIRE(offered.size() == 1);
  CHECK(std::holds_alternative<SkipAction>(offered[0]));
  CHECK(g.reject(kSide0, move_to({{30, 12}}, 0)).clause == clause::kCommand);
  const auto skipped = g.accept(kSide0, SkipAction{});
  CHECK(of<ActionSkipped>(skipped).at(0).reason == "command throw failed");
  CHECK(g.unit("FAR").concealed);
}

TEST_CASE("the enemy receives the same number of placeholders wherever the hidden unit stands",
          "[R47][R20][rcw.conceal.hidden]") {
  // The same declaration and the same die: near its HQ the throw does not count, far from it
  // the 3 fails; either way the enemy gets two placeholders and the general's skip one more.
  for (const char* id : {"NEAR", "FAR"}) {
    INFO(id);
    TestGame g = hidden_game();
    const State before = g.state;
    const auto events = g.accept(kSide0, activate(id, kMove, kMove), {3});
    REQUIRE(events.size() == 2);
    State s = before;
    for (const Event& e : events) {
      CHECK_FALSE(redact(s, e, sight_of(1)).has_value());
      CHECK_FALSE(redact(s, e, observer()).has_value());
      apply(s, e);
    }
  }
}

TEST_CASE("a command throw does not name an HQ the viewer does not see",
          "[R37][R20][R16][rcw.conceal.hidden]") {
  TestGame g(hidden_pair());
  g.conceal("HQ");
  const State before = g.state;
  const auto events = g.accept(kSide0, activate("FAR", kMove, kShoot), {5});
  const CommandThrown t = only<CommandThrown>(events);
  REQUIRE(t.hq);
  CHECK(t.hq->get() == "HQ");
  const auto seen = redact(before, Event{t}, sight_of(1));
  REQUIRE(seen);
  const auto& shown = std::get<CommandThrown>(*seen);
  CHECK_FALSE(shown.hq);
  CHECK(shown.hq_distance == 0);
  CHECK(std::get<CommandThrown>(*redact(before, Event{t}, sight_of(0))).hq);
}

TEST_CASE(
    "a concealed unit throws its command die as soon as it is activated, whatever it "
    "declared",
    "[R48][R47][R20][rcw.command.throw]") {
  TestGame g = hidden_game();
  const auto events = g.accept(kSide0, activate("FAR", kShoot, kShoot), {2});
  const CommandThrown t = only<CommandThrown>(events);
  CHECK_FALSE(t.counted);  // no Move or Close Assault declared: the 2 fails nothing
  CHECK(t.passed);
}

TEST_CASE(
    "each order of a concealed unit's hidden turn brings the enemy one placeholder, "
    "whatever the action",
    "[R48][R20][rcw.conceal.hidden]") {
  // Two hidden MGs, one limbering twice, one forgoing two shots: the same number of events,
  // command by command, none of which the enemy or an observer may read.
  auto batches = [](ActionKind kind) {
    ScenarioBuilder b = hidden_pair();
    b.unit("MG", 0, UnitType::kMg, {16, 11});
    TestGame g(b);
    g.conceal("MG");
    std::vector<std::size_t> sizes;
    State before = g.state;
    auto record = [&](const std::vector<Event>& events) {
      sizes.push_back(events.size());
      State s = before;
      for (const Event& e : events) {
        CHECK_FALSE(redact(s, e, sight_of(1)).has_value());
        CHECK_FALSE(redact(s, e, observer()).has_value());
        apply(s, e);
      }
      before = g.state;
    };
    record(g.accept(kSide0, activate("MG", kind, kind), {4}));
    const Command order = kind == ActionKind::kLimber ? Command{CarryOut{}} : Command{SkipAction{}};
    record(g.accept(kSide0, order));
    record(g.accept(kSide0, order));
    CHECK_FALSE(g.state.active.has_value());
    return sizes;
  };
  const auto limbering = batches(ActionKind::kLimber);
  CHECK(limbering == std::vector<std::size_t>{2, 1, 2});
  CHECK(batches(ActionKind::kShoot) == limbering);
}

TEST_CASE("CarryOut carries out only a waiting Limber or Rally",
          "[R48][rcw.actions.wrong-action]") {
  TestGame g = hidden_game();
  g.accept(kSide0, activate("FAR", kShoot, kShoot), {2});
  CHECK(g.reject(kSide0, CarryOut{}).clause == clause::kWrongAction);
}
