// §9 and R10 concealment, R17 (a move stops at 3in), R26, R28 (any Move reveals), R20 (who
// sees what: sees, redact, seen_by, public_hash).

#include "fixture.h"

using namespace rcw_test;

namespace {

// Side 1's "Q" hides in woods at (30,18); side 0's "M" at (30,10) facing north.
ScenarioBuilder field() {
  return ScenarioBuilder()
      .unit("H0", 0, UnitType::kHq, {36, 6}, 0)
      .unit("M", 0, UnitType::kInfantry, {30, 10}, 0)
      .unit("H1", 1, UnitType::kHq, {36, 28}, 180)
      .unit("Q", 1, UnitType::kInfantry, {30, 18}, 180)
      .woods(26, 16, 34, 24);
}

TestGame hidden_game() {
  TestGame g(field());
  g.conceal("Q");
  return g;
}

bool has_unit(const State& s, const std::string& id) {
  return s.find(UnitId{id}) != nullptr;
}

}  // namespace

TEST_CASE("a concealed unit cannot be shot at, and the refusal reveals nothing",
          "[sec.9][R10][R20][rcw.conceal.hidden]") {
  TestGame g = hidden_game();
  g.accept(kSide0, activate("M", kShoot, kShoot));
  auto e = g.reject(kSide0, shoot("Q"));
  CHECK(e.clause == clause::kConcealed);
  CHECK(g.unit("Q").concealed);
  // the same refusal as for a unit that does not exist at all
  CHECK(g.reject(kSide0, shoot("Nobody")).clause == clause::kConcealed);
}

TEST_CASE("a concealed unit cannot be assaulted", "[sec.9][R10][rcw.conceal.hidden]") {
  TestGame g = hidden_game();
  g.edit("M").pos = {30, 15.5};  // 2.5in: adjacent, but the scenario's state says hidden
  g.accept(kSide0, activate("M", kAssault, kShoot), {1});
  CHECK(g.reject(kSide0, assault("Q")).clause == clause::kConcealed);
}

TEST_CASE("an enemy moving within 3in of a hidden unit stops there and reveals it",
          "[R17][R10][sec.9]") {
  TestGame g = hidden_game();
  g.accept(kSide0, activate("M", kMove, kMove), {1});
  auto ev = g.accept(kSide0, move_to({{30, 16}}, 0));
  auto m = only<Moved>(ev);
  REQUIRE(m.stopped_by.has_value());
  CHECK(m.stopped_by->get() == "Q");
  CHECK(near(m.path.back(), {30, 15}));
  CHECK(near(g.unit("M").pos, {30, 15}));
  auto r = only<UnitsRevealed>(ev);
  REQUIRE(r.units.size() == 1);
  CHECK(r.units[0].id.get() == "Q");
  CHECK(r.cause == "an enemy came within 3in");
  CHECK_FALSE(g.unit("Q").concealed);
}

TEST_CASE("once spotted a unit stays on the table", "[sec.9][R10]") {
  TestGame g = hidden_game();
  g.accept(kSide0, activate("M", kMove, kMove), {1});
  g.accept(kSide0, move_to({{30, 16}}, 0));
  g.accept(kSide0, move_to({{30, 10}}, 180));
  CHECK_FALSE(g.unit("Q").concealed);
  g.accept(kSide0, EndTurn{});
  g.accept(kSide1, activate("Q", kMove, kMove), {1});
  g.accept(kSide1, move_to({{30, 22}}, 180));  // deeper into the woods
  CHECK_FALSE(g.unit("Q").concealed);
}

TEST_CASE("a hidden unit that moves is revealed, even by a pivot", "[R10][R28][sec.9]") {
  for (bool turn_only : {true, false}) {
    TestGame g = hidden_game();
    g.edit("M").pos = {10, 10};
    g.edit("H0").pos = {10, 4};
    g.accept(kSide0, EndTurn{});
    g.accept(kSide1, activate("Q", kMove, kMove), {6});  // R47: the command die
    auto ev = g.accept(kSide1, turn_only ? pivot(90) : move_to({{30, 20}}, 180));
    CHECK(only<UnitsRevealed>(ev).cause == "moved");
    CHECK_FALSE(g.unit("Q").concealed);
  }
}

TEST_CASE("a hidden unit that fires is revealed", "[R10][sec.9]") {
  TestGame g = hidden_game();
  g.accept(kSide0, EndTurn{});
  g.accept(kSide1, activate("Q", kShoot, kShoot), {1});  // R48: the command die, not counted
  auto ev = g.accept(kSide1, shoot("M"), {1});
  CHECK(only<UnitsRevealed>(ev).cause == "fired");
  CHECK_FALSE(g.unit("Q").concealed);
}

TEST_CASE("limbering and rallying do not reveal", "[R28][R10]") {
  TestGame g(field().unit("G", 1, UnitType::kMg, {28, 22}, 180));
  g.conceal("Q");
  g.conceal("G");
  g.pin("Q");
  g.accept(kSide0, EndTurn{});
  auto ev = g.accept(kSide1, activate("G", kLimber, kMove), {6});  // R47: the command die
  CHECK_FALSE(g.unit("G").limbered);  // R48: a concealed unit's Limber waits for its order
  ev = g.accept(kSide1, CarryOut{});
  CHECK(count_of<UnitsRevealed>(ev) == 0);
  CHECK(g.unit("G").limbered);
  g.accept(kSide1, SkipAction{});
  CHECK(g.unit("G").concealed);
  ev = g.accept(kSide1, activate("Q", kRally, kShoot), {6});  // R48: the command die
  CHECK(count_of<Rallied>(ev) == 0);
  ev = g.accept(kSide1, CarryOut{}, {1});
  CHECK(count_of<Rallied>(ev) == 1);
  CHECK(count_of<UnitsRevealed>(ev) == 0);
  CHECK(g.unit("Q").concealed);
}

TEST_CASE("the enemy's and observers' view hold no concealed unit, its own side's does",
          "[R20][R10]") {
  TestGame g = hidden_game();
  const Unit& q = g.unit("Q");
  CHECK(sees(g.state, sight_of(1), q));
  CHECK_FALSE(sees(g.state, sight_of(0), q));
  CHECK_FALSE(sees(g.state, observer(), q));
  CHECK(sees(g.state, Sight{std::nullopt, true}, q));
  CHECK(has_unit(seen_by(g.state, sight_of(1)), "Q"));
  CHECK_FALSE(has_unit(seen_by(g.state, sight_of(0)), "Q"));
  CHECK_FALSE(has_unit(seen_by(g.state, observer()), "Q"));
  CHECK(has_unit(seen_by(g.state, observer()), "M"));
  CHECK(has_unit(seen_by(g.state, Sight{std::nullopt, true}), "Q"));
}

TEST_CASE("a concealed unit's actions that do not reveal it reach the enemy as nothing", "[R20]") {
  TestGame g(field().unit("G", 1, UnitType::kMg, {28, 22}, 180));
  g.conceal("G");
  g.accept(kSide0, EndTurn{});
  const State before = g.state;
  auto ev = g.accept(kSide1, activate("G", kLimber, kMove), {6});       // R47: the command die
  for (const Event& e : g.accept(kSide1, CarryOut{})) ev.push_back(e);  // R48
  for (const Event& e : g.accept(kSide1, SkipAction{})) ev.push_back(e);
  REQUIRE(count_of<Limbered>(ev) == 1);
  State s = before;
  for (const Event& e : ev) {
    CHECK(redact(s, e, sight_of(1)).has_value());
    CHECK_FALSE(redact(s, e, sight_of(0)).has_value());
    CHECK_FALSE(redact(s, e, observer()).has_value());
    apply(s, e);
  }
}

TEST_CASE("the published hash is the hash of what observers see", "[R20]") {
  TestGame g(field().unit("G", 1, UnitType::kMg, {28, 22}, 180));
  g.conceal("G");
  CHECK(public_hash(g.state) == full_hash(seen_by(g.state, observer())));
  g.accept(kSide0, EndTurn{});
  const auto pub = public_hash(g.state);
  const auto full = full_hash(g.state);
  g.accept(kSide1, activate("G", kLimber, kMove), {6});  // R47: the command die
  g.accept(kSide1, SkipAction{});
  CHECK(full_hash(g.state) != full);
  CHECK(public_hash(g.state) == pub);  // nothing anyone else may see has changed
}
