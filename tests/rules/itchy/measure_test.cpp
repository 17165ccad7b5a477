// Measuring before acting (docs/protocol.md, "Measuring"): distance in areas (I1), the dice of
// the weapon at that range (§Combat table), arc (I2), line of sight and cover (I12).

#include "fixture.h"

using namespace itchy_test;

namespace {

// A (rifles: 6, 4, 2 dice to 3 areas) at (2,1) facing east; X at (4,1) on a 10x3 grid.
ScenarioBuilder row() {
  return ScenarioBuilder(10, 3).infantry(0, "A", {2, 1}, E).infantry(1, "X", {4, 1}, W);
}

grognard::engine::Measurement measured(const State& s, std::string_view from, std::string_view to) {
  auto m = measure(s, from, to);
  INFO((m.ok() ? std::string() : m.error().message));
  REQUIRE(m.ok());
  return *m;
}

}  // namespace

TEST_CASE("measure: areas, the weapon's dice at that range, clear sight",
          "[I1][itchy.combat.range][itchy.measure]") {
  const State s = fresh_state(row());
  const auto m = measured(s, "A", "X");
  CHECK(m.distance == "2 squares");
  CHECK(m.value == 2);
  CHECK(m.line_of_sight == "clear");
  CHECK(m.cover.empty());
  CHECK(m.ranges ==
        std::vector<std::string>{"rifles & carbines: 4 dice at range 2 (reaches 3 squares, "
                                 "§Combat)"});
}

TEST_CASE("measure: out of range and out of arc, to an area",
          "[I1][I2][itchy.combat.range][itchy.combat.arc][itchy.measure]") {
  const State s = fresh_state(row());
  CHECK(measured(s, "A", "6,1").ranges ==
        std::vector<std::string>{"rifles & carbines: out of range (reaches 3 squares, §Combat)"});
  CHECK(measured(s, "A", "0,1").ranges ==
        std::vector<std::string>{"rifles & carbines: 4 dice at range 2 (reaches 3 squares, "
                                 "§Combat), outside its arc of attack (I2)"});
  const auto between = measured(s, "1,0", "X");  // from an area: no weapon
  CHECK(between.distance == "4 squares");
  CHECK(between.ranges.empty());
}

TEST_CASE("measure: woods and units between block, the target's woods are cover",
          "[I12][itchy.combat.line-of-sight][itchy.measure]") {
  CHECK(measured(fresh_state(row().terrain({3, 1}, Terrain::kWoods)), "A", "X").line_of_sight ==
        "blocked by woods at (3,1) (I12)");
  CHECK(measured(fresh_state(row().infantry(0, "B", {3, 1}, E)), "A", "X").line_of_sight ==
        "blocked by B at (3,1) (I12)");
  CHECK(measured(fresh_state(row().general(0, "G", {3, 1}, E)), "A", "X").line_of_sight ==
        "clear");  // I12: Generals do not block
  const auto m = measured(fresh_state(row().terrain({4, 1}, Terrain::kBuiltUp)), "A", "X");
  CHECK(m.line_of_sight == "clear");
  CHECK(m.cover == "built-up area (I12)");
}

TEST_CASE("measure: unknown names and areas off the grid are refused by name", "[itchy.measure]") {
  const State s = fresh_state(row());
  auto unknown = measure(s, "A", "Q9");
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().code == ErrorCode::kNotFound);
  CHECK(unknown.error().message.find("\"Q9\"") != std::string::npos);
  // A point in inches is not an area: the answer says how areas are written.
  auto inches = measure(s, "A", "2.5,1");
  REQUIRE_FALSE(inches.ok());
  CHECK(inches.error().message ==
        "nothing called \"2.5,1\" that you can see on the table: name a unit or figure, or a "
        "point \"c,r\" (whole areas of the grid, from 0,0)");
  auto off = measure(s, "12,1", "A");
  REQUIRE_FALSE(off.ok());
  CHECK(off.error().code == ErrorCode::kInvalidArgument);
  CHECK(off.error().message == "the area 12,1 is off the grid (10 by 3 areas, from 0,0)");
}
