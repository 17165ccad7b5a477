// Scenario text: victory conditions (I16, I19, I23), native troops (I24) and the scenario
// bounds (I22), as the loader reads them, checks them and the view shows them.

#include "fixture.h"
#include "rules/itchy/wire/codec.h"
#include "scenario_text.h"

using namespace itchy_test;
using namespace itchy_scenario_text;

namespace {

using T = VictoryTest;

constexpr std::string_view kNoConditions = "victory { description: \"Most points wins.\" }";

std::string with_conditions(std::string_view conditions) {
  return with(kNoConditions,
              "victory {\n  description: \"Most points wins.\"\n"
              "  objectives { name: \"Hill\" pos { x: 4 y: 1 } }\n" +
                  std::string(conditions) + "}");
}

Scenario colonial() {
  auto sc = wire::parse_scenario(read_scenario("colonial_battle.textproto"));
  INFO((sc.ok() ? std::string() : sc.error().message));
  REQUIRE(sc.ok());
  return std::move(sc).value();
}

// The colonial battle at the end of its last turn, with `at_wells` (if any) standing at the
// wells of Abu Hamra and `exhausted` the side (if any) that alone has reached its Exhaustion
// Point.
GameEnded colonial_end(const char* at_wells, int exhausted) {
  TestGame g(colonial());
  g.state.turn = g.state.turn_limit;
  if (at_wells != nullptr) g.state.find(UnitId{at_wells})->pos = GridPos{10, 5};
  if (exhausted >= 0) g.state.sides[static_cast<std::size_t>(exhausted)].exhausted = true;
  return only<GameEnded>(g.end_turn());
}

}  // namespace

TEST_CASE("scenario: victory conditions are read in order, sides by name",
          "[I23][itchy.scenario]") {
  const State st = load_ok(with_conditions(
      "  conditions { test: OBJECTIVES_HELD objectives: \"Hill\" side: \"Blue\" at_least: 1 }\n"
      "  conditions { test: TURN_LIMIT side: \"Red\" }\n"));
  REQUIRE(st.victory.conditions.size() == 2);
  const VictoryCondition& hill = st.victory.conditions[0];
  CHECK(hill.test == T::kObjectivesHeld);
  CHECK(hill.objectives == std::vector<std::string>{"Hill"});
  CHECK(hill.side == 1);
  CHECK(hill.at_least == 1);
  CHECK(st.victory.conditions[1].test == T::kTurnLimit);
  CHECK(st.victory.conditions[1].side == 0);

  // The view shows the conditions in force, sides by name.
  const auto v = wire::to_view(st);
  REQUIRE(v.victory().conditions_size() == 2);
  CHECK(v.victory().conditions(0).test() == wire::pb::OBJECTIVES_HELD);
  CHECK(v.victory().conditions(0).objectives(0) == "Hill");
  CHECK(v.victory().conditions(0).side() == "Blue");
  CHECK(v.victory().conditions(0).at_least() == 1);
  CHECK(v.victory().conditions(1).side() == "Red");
}

TEST_CASE("scenario: bad victory conditions are refused with a message", "[I23][itchy.scenario]") {
  SECTION("an unknown test") {
    const std::string text = with_conditions("  conditions { test: WELLS }\n");
    CHECK(refused(text).message == position_of(text, "WELLS") + "unknown victory test \"WELLS\"");
  }
  SECTION("no test") {
    const std::string text = with_conditions("  conditions { side: \"Red\" }\n");
    CHECK(refused(text).message ==
          position_of(text, "conditions") +
              "victory condition 1 has no test (NO_UNITS_LEFT, SIDE_EXHAUSTED, OBJECTIVES_HELD, "
              "ENEMY_SP_DESTROYED, SCORE or TURN_LIMIT)");
  }
  SECTION("a side that is not in the scenario") {
    CHECK_THAT(refused(with_conditions("  conditions { test: SCORE side: \"Green\" }\n")).message,
               Catch::EndsWith("victory condition 1 names side \"Green\"; the sides are \"Red\" "
                               "and \"Blue\""));
  }
  SECTION("an objective that is not in the scenario") {
    CHECK(refused(with_conditions("  conditions { test: NO_UNITS_LEFT }\n"
                                  "  conditions { test: OBJECTIVES_HELD objectives: \"Ford\" }\n"))
              .message ==
          "victory condition 2 (OBJECTIVES_HELD) names no objective of the scenario: \"Ford\" "
          "(I23)");
  }
  SECTION("TURN_LIMIT without its side") {
    CHECK_THAT(refused(with_conditions("  conditions { test: TURN_LIMIT }\n")).message,
               Catch::Contains("must name the side that wins when the last turn is over"));
  }
}

TEST_CASE("scenario: without victory conditions, I19's are in force",
          "[I19][I23][itchy.scenario]") {
  const State st = load_ok(std::string(kBase));
  REQUIRE(st.victory.conditions.size() == 3);
  CHECK(st.victory.conditions[0].test == T::kNoUnitsLeft);
  CHECK(st.victory.conditions[1].test == T::kSideExhausted);
  CHECK(st.victory.conditions[2].test == T::kScore);
  CHECK(wire::to_view(st).victory().conditions_size() == 3);
}

TEST_CASE("the introductory scenario states I19's conditions", "[I19][I23][itchy.scenario]") {
  const State st = load_ok(read_scenario("intro.textproto"));
  const State defaults = load_ok(std::string(kBase));
  REQUIRE(st.victory.conditions.size() == defaults.victory.conditions.size());
  for (std::size_t i = 0; i < st.victory.conditions.size(); ++i) {
    CHECK(st.victory.conditions[i].test == defaults.victory.conditions[i].test);
    CHECK(st.victory.conditions[i].objectives.empty());
    CHECK(st.victory.conditions[i].side == -1);
  }
  CHECK_THAT(st.victory.description, Catch::Contains("Exhaustion Point"));
}

TEST_CASE("the colonial battle: whoever holds the wells at the end has won",
          "[I16][I23][itchy.scenario][itchy.end]") {
  SECTION("the Mahdists hold the wells: they win though they alone are exhausted") {
    const GameEnded end = colonial_end("MUSKETS", 1);
    CHECK(end.winner == 1);  // I19 would name the Desert Column (the Mahdists alone exhausted)
    CHECK_THAT(end.reason, Catch::EndsWith("Mahdist Ansar hold The wells of Abu Hamra"));
  }
  SECTION("the Desert Column holds the wells: it wins though it alone is exhausted") {
    const GameEnded end = colonial_end("GCR", 0);
    CHECK(end.winner == 0);
    CHECK_THAT(end.reason, Catch::EndsWith("Desert Column hold The wells of Abu Hamra"));
  }
  SECTION("nobody holds the wells: a side exhausted alone loses") {
    CHECK(colonial_end(nullptr, 1).winner == 0);
  }
  SECTION("nobody holds the wells, nobody is exhausted: the score (Mahdists hold the village)") {
    const GameEnded end = colonial_end(nullptr, -1);
    CHECK(end.score == std::array<int, 2>{2, 2});  // the zariba; the village
    CHECK_FALSE(end.winner.has_value());
  }
  SECTION("the view shows the wells condition") {
    const auto v = wire::to_view(fresh_state(colonial()));
    REQUIRE(v.victory().conditions_size() == 4);
    CHECK(v.victory().conditions(1).test() == wire::pb::OBJECTIVES_HELD);
    CHECK(v.victory().conditions(1).objectives(0) == "The wells of Abu Hamra");
  }
}

TEST_CASE("scenario: hand-held weapons are for native troops only", "[I24][I7][itchy.scenario]") {
  // Once a scenario marks its natives, a hand-held weapon on any other unit is refused.
  const std::string hand_held = with("weapon: MUSKETS", "weapon: HAND_HELD");
  const std::string marked = hand_held.substr(0, hand_held.find("  units { id: \"RG\"")) +
                             "  units { id: \"R2\" type: INFANTRY weapon: HAND_HELD native: true "
                             "pos { x: 2 y: 3 } facing: NORTH }\n" +
                             hand_held.substr(hand_held.find("  units { id: \"RG\""));
  CHECK(refused(marked).message ==
        "unit \"B1\" of Blue: hand-held weapons are for native troops only; mark the unit "
        "native (I24)");
  // A scenario that marks no unit native (every one written before the mark, kept in the games
  // stored then) has its hand-held units read as the natives.
  CHECK(load_ok(hand_held).find(UnitId{"B1"})->native);
  const State st = load_ok(with("weapon: MUSKETS", "weapon: HAND_HELD native: true"));
  CHECK(st.find(UnitId{"B1"})->native);
  CHECK(wire::to_view(st).units(2).native());
  // Native troops may carry other weapons too.
  CHECK(
      load_ok(with("weapon: MUSKETS", "weapon: MUSKETS native: true")).find(UnitId{"B1"})->native);
  CHECK_FALSE(load_ok(std::string(kBase)).find(UnitId{"R1"})->native);
  // The colonial battle marks its spearmen and horsemen native; its text as stored before the
  // mark existed still loads, with its hand-held units native (the mark changes nothing else).
  std::string unmarked = read_scenario("colonial_battle.textproto");
  for (auto at = unmarked.find("native: true"); at != std::string::npos;
       at = unmarked.find("native: true")) {
    unmarked.erase(at, std::string_view("native: true").size());
  }
  const State before_marks = load_ok(unmarked);
  for (const Unit& u : fresh_state(colonial()).units) {
    if (u.weapon != Weapon::kHandHeld) continue;
    CHECK(u.native);
    CHECK(before_marks.find(u.id)->native);
  }
}

TEST_CASE("native troops in a scenario built in code", "[I24][itchy.scenario]") {
  ScenarioBuilder b = ScenarioBuilder(8, 8)
                          .unit(0, "Z", UnitType::kInfantry, Weapon::kHandHeld, {1, 6})
                          .infantry(1, "X", {1, 1}, S);
  REQUIRE(new_game(b).ok());
  // Unmarked with no other unit marked: read as native; beside a marked unit: refused.
  REQUIRE(new_game(b.native("Z", false)).ok());
  b.unit(1, "N", UnitType::kInfantry, Weapon::kHandHeld, {3, 1});
  auto r = new_game(b);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().clause == "itchy.scenario");
  CHECK_THAT(r.error().message, Catch::Contains("native troops only"));
}

TEST_CASE("scenario: one grid bound, one message, in the loader and the rules",
          "[I22][itchy.scenario]") {
  for (int width : {0, 101, 256, 300}) {
    INFO("width " << width);
    const auto parsed = wire::parse_scenario(with("width: 6", "width: " + std::to_string(width)));
    REQUIRE_FALSE(parsed.ok());  // before the terrain is laid out
    Scenario sc = ScenarioBuilder(6, 4).infantry(0, "A", {1, 3}).infantry(1, "X", {1, 0}, S);
    sc.size.width = width;
    const auto made = new_game(sc);
    REQUIRE_FALSE(made.ok());
    CHECK(parsed.error().message == made.error().message);
    CHECK(parsed.error().message == "the grid must be between 1x1 and 100x100 areas, not " +
                                        std::to_string(width) + "x4 (I22)");
  }
  load_ok(with("width: 6", "width: 100"));
}

TEST_CASE("scenario: Strength Points 1 to 20, or 0 for the standard SP", "[I22][itchy.scenario]") {
  CHECK(refused(with("weapon: MUSKETS", "weapon: MUSKETS sp: 21")).message ==
        "unit \"B1\" of Blue: Strength Points must be 1 to 20, or 0 for the type's standard SP "
        "(I22)");
  CHECK(load_ok(with("weapon: MUSKETS", "weapon: MUSKETS sp: 0")).find(UnitId{"B1"})->sp == 4);
  CHECK(load_ok(with("weapon: MUSKETS", "weapon: MUSKETS sp: 20")).find(UnitId{"B1"})->sp == 20);
}
