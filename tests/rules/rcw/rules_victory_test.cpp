// R29 victory: points for enemy units destroyed and objectives held at the end, no unit left,
// conceding; R14: the scenario's victory conditions are required.

#include "fixture.h"

using namespace rcw_test;

namespace {

// One turn. Side 0's "S" 10in south of side 1's "T"; an objective "hill" where "S" stands.
ScenarioBuilder field() {
  return ScenarioBuilder()
      .turns(1)
      .unit("H0", 0, UnitType::kHq, {40, 4}, 0)
      .unit("S", 0, UnitType::kInfantry, {30, 10}, 0)
      .unit("H1", 1, UnitType::kHq, {70, 46}, 180)
      .unit("T", 1, UnitType::kInfantry, {30, 20}, 180)
      .points(2)
      .objective("hill", {30, 10}, 3, 1);
}

GameEnded finish(TestGame& g) {
  if (g.state.side == 0) g.accept(kSide0, EndTurn{});
  return only<GameEnded>(g.accept(kSide1, EndTurn{}));
}

}  // namespace

TEST_CASE("an objective held at the end scores its points", "[R29][R14]") {
  TestGame g(field());
  auto ge = finish(g);
  CHECK(ge.points[0] == 1);
  CHECK(ge.points[1] == 0);
  REQUIRE(ge.winner.has_value());
  CHECK(*ge.winner == 0);
  CHECK(g.state.winner == 0);
  CHECK(g.state.result == "Reds win");
}

TEST_CASE("an objective with both sides' units within its radius is held by nobody", "[R29]") {
  TestGame g(field().unit("U", 1, UnitType::kInfantry, {33, 10}, 180));
  auto ge = finish(g);
  CHECK(ge.points[0] == 0);
  CHECK(ge.points[1] == 0);
  CHECK_FALSE(ge.winner.has_value());
  CHECK(g.state.result == "Draw");
}

TEST_CASE("a unit just outside the radius does not hold it", "[R29][R18]") {
  TestGame g(field());
  g.edit("S").pos = {30, 6.99};
  CHECK(finish(g).points[0] == 0);
}

TEST_CASE("destroyed enemies score their points, more points win", "[R29]") {
  TestGame g(
      field().objective("wood", {60, 40}, 3, 1).unit("W", 1, UnitType::kInfantry, {60, 40}, 180));
  g.accept(kSide0, activate("S", kShoot, kShoot));
  g.accept(kSide0, shoot("T"), {4, 1});  // destroyed: 2 points
  g.accept(kSide0, SkipAction{});
  auto ge = finish(g);
  CHECK(ge.points[0] == 3);  // 2 + the hill
  CHECK(ge.points[1] == 1);  // the wood
  CHECK(*ge.winner == 0);
}

TEST_CASE("equal points are a draw", "[R29]") {
  TestGame g(
      field().objective("wood", {60, 40}, 3, 1).unit("W", 1, UnitType::kInfantry, {60, 40}, 180));
  auto ge = finish(g);
  CHECK(ge.points[0] == 1);
  CHECK(ge.points[1] == 1);
  CHECK_FALSE(ge.winner.has_value());
}

TEST_CASE("a side with no unit left on the table loses at once", "[R29]") {
  TestGame g(field());
  g.edit("H1").destroyed = true;
  g.accept(kSide0, activate("S", kShoot, kShoot));
  const auto ev = g.accept(kSide0, shoot("T"), {6, 2});  // the last unit of side 1 destroyed
  INFO("R29: the game ends with the shot, not when the activation ends");
  REQUIRE(ev.size() == 2);
  CHECK(only<Shot>(ev).outcome == Outcome::kDestroyed);
  REQUIRE(std::holds_alternative<GameEnded>(ev.back()));
  const GameEnded ge = std::get<GameEnded>(ev.back());
  REQUIRE(ge.winner.has_value());
  CHECK(*ge.winner == 0);
  CHECK(ge.result == "Reds win");
  CHECK(ge.reason == "Whites has no unit left on the table (R29)");
  CHECK(ge.points[0] == 3);  // T's 2 and the hill
  CHECK(ge.points[1] == 0);
  CHECK(g.state.phase == Phase::kOver);
  CHECK(seats_to_act(g.state).empty());
  CHECK(legal(g.state, kSide0).empty());
  CHECK(g.reject(kSide0, SkipAction{}).clause == clause::kGameOver);
}

TEST_CASE("when neither side has a unit left, the game ends at once on points", "[R29][R52][R8]") {
  TestGame g(field());
  g.edit("H0").destroyed = true;  // no HQ left: the assault throws (R16)
  g.edit("H1").destroyed = true;
  g.edit("T").pos = {30, 12.5};  // 2.5in ahead of S
  g.accept(kSide0, activate("S", kAssault, kShoot), {6});
  // One round: two hits each way, every save fails: both destroyed (R8).
  const auto ev = g.accept(kSide0, assault("T"), {6, 6, 6, 6, 1, 1, 1, 1});
  REQUIRE(std::holds_alternative<GameEnded>(ev.back()));
  CHECK(count_of<ActivationEnded>(ev) == 0);
  const GameEnded ge = std::get<GameEnded>(ev.back());
  CHECK(ge.reason == "neither side has a unit left on the table (R29)");
  // R52: neither loses alone, so the points decide: T's 2 against S's 1 (the hill is empty).
  CHECK(ge.points[0] == 2);
  CHECK(ge.points[1] == 1);
  REQUIRE(ge.winner.has_value());
  CHECK(*ge.winner == 0);
  CHECK(ge.result == "Reds win");
  CHECK(g.state.phase == Phase::kOver);
}

TEST_CASE("every viewer sees everything once the game is over", "[R20][R29]") {
  // The rules' sight takes the end as Sight::all (the wire sets it when the phase is over).
  TestGame g(field());
  g.conceal("T");
  g.accept(kSide0, Concede{});
  CHECK(g.state.phase == Phase::kOver);
  const Sight after{std::nullopt, true};
  CHECK(sees(g.state, after, g.unit("T")));
  CHECK(seen_by(g.state, after).find(UnitId{"T"}) != nullptr);
}

TEST_CASE("a scenario without victory conditions is refused", "[R14][rcw.scenario]") {
  auto r = new_game(field().victory(""));
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().clause == clause::kScenario);
}
