// R47: a concealed unit's hidden turn throws the same dice and produces the same events wherever
// it stands, and a command throw never names an HQ the viewer does not see (R20, R37).
#include "fixture.h"
#include "rules/rcw/wire/codec.h"

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

TEST_CASE("a visible unit within 12in of its HQ throws a die that does not count",
          "[R53][R47][R5][sec.5][rcw.command.throw]") {
  TestGame g(hidden_pair());
  const auto events = g.accept(kSide0, activate("NEAR", kMove, kShoot), {1});
  const CommandThrown t = only<CommandThrown>(events);
  CHECK_FALSE(t.counted);
  CHECK(t.passed);                   // a 1 would fail a throw that counted
  CHECK(g.state.active->next == 0);  // the Move waits for its order
  // R34: the second Move of the activation does not throw again.
  TestGame twice(hidden_pair());
  twice.accept(kSide0, activate("NEAR", kMove, kMove), {1});
  CHECK(count_of<CommandThrown>(twice.accept(kSide0, move_to({{17, 12}}, 0))) == 0);
}

TEST_CASE("an HQ, a FAO and a unit that declared no Move or Close Assault throw nothing",
          "[R53][R5][sec.5]") {
  ScenarioBuilder b = hidden_pair();
  b.unit("FAO", 0, UnitType::kFao, {40, 20});
  TestGame g(b);
  CHECK(count_of<CommandThrown>(g.accept(kSide0, activate("HQ", kMove, kMove))) == 0);
  g.accept(kSide0, SkipAction{});
  g.accept(kSide0, SkipAction{});
  CHECK(count_of<CommandThrown>(g.accept(kSide0, activate("FAO", kMove, kMove))) == 0);
  g.accept(kSide0, SkipAction{});
  g.accept(kSide0, SkipAction{});
  CHECK(count_of<CommandThrown>(g.accept(kSide0, activate("FAR", kShoot, kShoot))) == 0);
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
  for (const Sight& who : {sight_of(1), observer()}) {
    const auto seen = redact(before, Event{t}, who);
    REQUIRE(seen);
    const auto& shown = std::get<CommandThrown>(*seen);
    CHECK_FALSE(shown.hq);
    CHECK(shown.hq_distance == 0);
  }
  CHECK(std::get<CommandThrown>(*redact(before, Event{t}, sight_of(0))).hq);
}

namespace {

// What `who` reads of the one CommandThrown (or Rallied) of `events`, folded from `before`.
template <class E>
E read_by(const State& before, const std::vector<Event>& events, const Sight& who) {
  State s = before;
  for (const Event& e : events) {
    if (std::holds_alternative<E>(e)) {
      const auto seen = redact(s, e, who);
      REQUIRE(seen);
      return std::get<E>(*seen);
    }
    apply(s, e);
  }
  FAIL("no such event");
  return E{};
}

}  // namespace

TEST_CASE(
    "the enemy and observers read a visible unit's command throw as its outcome alone, and "
    "one that needed no throw as one that passed",
    "[R53][R20][R5][sec.5][rcw.command.throw]") {
  // NEAR is 6in from its concealed HQ (no throw needed), FAR 20in (the throw counts): the
  // enemy reads the same of both while the throws pass, and only the outcome when one fails.
  auto read = [](const char* id, int face, const Sight& who) {
    TestGame g(hidden_pair());
    g.conceal("HQ");
    const State before = g.state;
    return read_by<CommandThrown>(before, g.accept(kSide0, activate(id, kMove, kShoot), {face}),
                                  who);
  };
  for (const Sight& who : {sight_of(1), observer()}) {
    const CommandThrown near = read("NEAR", 5, who), far = read("FAR", 5, who);
    CHECK(near.outcome_only);
    CHECK(near.unit.get() == "NEAR");
    CHECK(near.passed);
    CHECK(near.roll == engine::Roll{});
    CHECK(near.parts.empty());
    CHECK(near.total == 0);
    CHECK(near.counted);  // the default: whether it counted is not told
    CHECK_FALSE(near.hq);
    // Byte for byte what the enemy receives, but the unit's name.
    CommandThrown as_near = far;
    as_near.unit = near.unit;
    CHECK(grognard::rcw::wire::to_pb(Event{as_near}).SerializeAsString() ==
          grognard::rcw::wire::to_pb(Event{near}).SerializeAsString());
    const CommandThrown failed = read("FAR", 3, who);
    CHECK(failed.outcome_only);
    CHECK_FALSE(failed.passed);
    CHECK(failed.roll == engine::Roll{});
  }
  // Its own side reads it whole; so does everyone once the game is over.
  const CommandThrown own = read("FAR", 3, sight_of(0));
  CHECK_FALSE(own.outcome_only);
  CHECK(own.roll.face == 3);
  CHECK(own.hq);
  CHECK(read("FAR", 3, Sight{std::nullopt, true}).roll.face == 3);
}

TEST_CASE("the enemy and observers read a rally as its outcome alone, never an HQ adjacent",
          "[R53][R20][R6][sec.7]") {
  // P is pinned 2in from its concealed HQ: +1, so the 3 rallies it.
  ScenarioBuilder b = hidden_pair();
  b.unit("P", 0, UnitType::kInfantry, {12, 10});
  TestGame g(b);
  g.conceal("HQ");
  g.pin("P");
  const State before = g.state;
  const auto events = g.accept(kSide0, activate("P", kRally, kShoot), {3});
  const Rallied whole = read_by<Rallied>(before, events, sight_of(0));
  CHECK(whole.success);
  CHECK(sum(whole.parts) == 1);
  for (const Sight& who : {sight_of(1), observer()}) {
    const Rallied seen = read_by<Rallied>(before, events, who);
    CHECK(seen.outcome_only);
    CHECK(seen.success);
    CHECK(seen.parts.empty());
    CHECK(seen.roll == engine::Roll{});
    CHECK(seen.total == 0);
  }
}

TEST_CASE("every hidden activation is the same three commands, so the enemy counts them",
          "[R56][R48][R20][sec.3]") {
  // Whatever the concealed unit declares, the enemy receives two placeholders, then one, then
  // two; and the side's turn ends by itself with its last unit, as sec.3 says.
  for (ActionKind kind : {ActionKind::kShoot, ActionKind::kMove, ActionKind::kRally}) {
    INFO(static_cast<int>(kind));
    ScenarioBuilder b;
    b.unit("H", 0, UnitType::kInfantry, {16, 10}).unit("E", 1, UnitType::kInfantry, {60, 40}, 180);
    b.woods(14, 8, 18, 12);
    TestGame g(b);
    g.conceal("H");
    if (kind == ActionKind::kRally) g.pin("H");
    const ActionKind second = kind == ActionKind::kRally ? ActionKind::kShoot : kind;
    std::vector<std::size_t> hidden;
    std::vector<Event> last;
    auto count = [&](const Command& c, std::vector<int> faces) {
      State s = g.state;
      last = g.accept(kSide0, c, std::move(faces));
      std::size_t n = 0;
      for (const Event& e : last) {
        n += redact(s, e, sight_of(1)).has_value() ? 0 : 1;
        apply(s, e);
      }
      hidden.push_back(n);
    };
    count(activate("H", kind, second), {4});
    if (kind == ActionKind::kRally) {
      count(CarryOut{}, {4});
    } else {
      count(SkipAction{}, {});
    }
    count(SkipAction{}, {});
    CHECK(hidden == std::vector<std::size_t>{2, 1, 2});
    CHECK(count_of<TurnEnded>(last) == 1);
    CHECK(g.unit("H").concealed);
  }
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
