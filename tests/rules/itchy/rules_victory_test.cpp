// I16, I19, I23: the scenario's victory conditions name the winner, tried in the order the
// scenario lists them; a scenario that states none has I19's.

#include "fixture.h"

using namespace itchy_test;

namespace {

using T = VictoryTest;

// A (side 0) faces X (side 1) across one edge at (1,6)/(1,5); B and Y are far away. Y stands
// on the hill. Side 0 destroys one SP of X in turn 1; then the turn (and with turns(1) the
// battle) ends.
ScenarioBuilder battle() {
  return ScenarioBuilder(8, 8)
      .infantry(0, "A", {1, 6}, N)
      .infantry(0, "B", {7, 7}, N)
      .infantry(1, "X", {1, 5}, S)
      .infantry(1, "Y", {6, 0}, S)
      .objective("hill", {6, 0}, 1)
      .objective("ford", {7, 7}, 1)
      .turns(1);
}

// Plays turn 1 of `b`: A destroys 2 SP of X. Side 0 then scores 2 + 1 (the ford), side 1 scores
// 0 + 1 (the hill): I19 names side 0.
GameEnded play(const ScenarioBuilder& b) {
  TestGame g(b);
  g.accept(0, attack("A", {1, 5}), {4, 4, 5, 5, 1, 2});
  const GameEnded end = only<GameEnded>(g.end_turn());
  CHECK(end.score == std::array<int, 2>{3, 1});
  CHECK(g.state.winner == end.winner);
  CHECK(g.state.end_reason == end.reason);
  return end;
}

}  // namespace

TEST_CASE("a scenario that states no victory conditions has I19's", "[I19][I23][itchy.end]") {
  const State st = fresh_state(battle());
  REQUIRE(st.victory.conditions.size() == 3);
  CHECK(st.victory.conditions[0].test == T::kNoUnitsLeft);
  CHECK(st.victory.conditions[1].test == T::kSideExhausted);
  CHECK(st.victory.conditions[2].test == T::kScore);
  for (const VictoryCondition& c : st.victory.conditions) {
    CHECK(c.objectives.empty());
    CHECK(c.side == -1);
    CHECK(c.at_least == 0);
  }
  const GameEnded end = play(battle());
  CHECK(end.winner == 0);
  CHECK_THAT(end.reason, Catch::Contains("the scenario's last turn is over") &&
                             Catch::Contains("Itchy have the higher score (3 to 1)"));
}

TEST_CASE("the scenario's victory conditions name the winner, not I19's formula",
          "[I16][I23][itchy.end]") {
  SECTION("the hill decides, whatever the score") {
    const GameEnded end = play(battle().condition(T::kObjectivesHeld, {"hill"}));
    CHECK(end.winner == 1);
    CHECK_THAT(end.reason, Catch::EndsWith("Scratchy hold hill"));
  }
  SECTION("the order is the precedence: the first condition that names a winner decides") {
    CHECK(play(battle().condition(T::kEnemySpDestroyed).condition(T::kObjectivesHeld, {"hill"}))
              .winner == 0);
    CHECK(play(battle().condition(T::kObjectivesHeld, {"hill"}).condition(T::kEnemySpDestroyed))
              .winner == 1);
  }
  SECTION("equal counts name nobody: the next condition decides") {
    // Each side holds one objective worth 1.
    const GameEnded end =
        play(battle().condition(T::kObjectivesHeld).condition(T::kEnemySpDestroyed));
    CHECK(end.winner == 0);
    CHECK_THAT(end.reason, Catch::EndsWith("Itchy destroyed more enemy Strength Points (2 to 0)"));
  }
  SECTION("a minimum not reached names nobody") {
    const GameEnded end =
        play(battle().condition(T::kEnemySpDestroyed, {}, -1, 3).condition(T::kTurnLimit, {}, 1));
    CHECK(end.winner == 1);
    CHECK_THAT(end.reason, Catch::EndsWith("Scratchy held out to the end of the last turn"));
  }
  SECTION("a condition for one side names only that side") {
    CHECK(
        play(battle().condition(T::kScore, {}, 1).condition(T::kObjectivesHeld, {"hill"})).winner ==
        1);
    CHECK(
        play(battle().condition(T::kScore, {}, 0).condition(T::kObjectivesHeld, {"hill"})).winner ==
        0);
  }
  SECTION("the score counts only the objectives named") {
    // Side 0: 2 SP, no hill; side 1: 0 SP + the hill.
    const GameEnded end = play(battle().condition(T::kScore, {"hill"}, -1, 0));
    CHECK(end.winner == 0);
    CHECK_THAT(end.reason, Catch::EndsWith("(2 to 1)"));
  }
  SECTION("when no condition names a winner, the battle is a draw") {
    const GameEnded end = play(battle().condition(T::kSideExhausted));
    CHECK_FALSE(end.winner.has_value());
    CHECK_THAT(end.reason, Catch::EndsWith("no victory condition names a winner: a draw"));
  }
}

TEST_CASE("TURN_LIMIT names its side only when the last turn is over", "[I16][I23][itchy.end]") {
  // A destroys X, Scratchy's last unit (H is a General): the battle ends at once, before the
  // last turn is over, so TURN_LIMIT names nobody.
  TestGame g(ScenarioBuilder(8, 8)
                 .infantry(0, "A", {1, 6}, N)
                 .infantry(1, "X", {1, 5}, S, 1)
                 .general(1, "H", {6, 0}, S)
                 .condition(T::kTurnLimit, {}, 1)
                 .condition(T::kNoUnitsLeft)
                 .turns(3));
  auto ev = g.accept(0, attack("A", {1, 5}), {4, 4, 1, 2, 3, 5});
  const GameEnded end = only<GameEnded>(ev);
  CHECK(end.winner == 0);
  CHECK_THAT(end.reason, Catch::EndsWith("Scratchy have no units left"));
}

TEST_CASE("victory conditions are checked when the game is made", "[I23][itchy.scenario]") {
  auto refused = [](const Scenario& s) {
    auto r = new_game(s);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().clause == "itchy.scenario");
    CHECK(r.error().code == ErrorCode::kInvalidArgument);
    return r.error().message;
  };
  REQUIRE(new_game(battle().condition(T::kObjectivesHeld, {"hill", "ford"}, 0, 2)).ok());
  CHECK(refused(battle().condition(T::kNoUnitsLeft).condition(T::kObjectivesHeld, {"wells"})) ==
        "victory condition 2 (OBJECTIVES_HELD) names no objective of the scenario: \"wells\" "
        "(I23)");
  CHECK_THAT(refused(battle().condition(T::kEnemySpDestroyed, {"hill"})),
             Catch::Contains("victory condition 1 (ENEMY_SP_DESTROYED) counts no objectives"));
  CHECK_THAT(refused(ScenarioBuilder(8, 8)
                         .infantry(0, "A", {1, 6})
                         .infantry(1, "X", {1, 1}, S)
                         .condition(T::kObjectivesHeld)),
             Catch::Contains("needs objectives, and the scenario has none"));
  CHECK_THAT(refused(battle().condition(T::kTurnLimit)),
             Catch::Contains("(TURN_LIMIT) must name the side that wins"));
  CHECK_THAT(refused(battle().condition(T::kScore, {}, 2)),
             Catch::Contains("names a side that is not one of the two"));
  CHECK_THAT(refused(battle().condition(T::kScore, {}, -1, -1)),
             Catch::Contains("at_least must be 0 or more"));
  CHECK_THAT(refused(battle().condition(T::kSideExhausted, {}, -1, 2)),
             Catch::Contains("(SIDE_EXHAUSTED) takes no minimum"));
  CHECK_THAT(refused(battle().objective("hill", {3, 3})),
             Catch::Contains("two objectives are named \"hill\""));
}
