// Measuring before acting (docs/protocol.md, "Measuring"): distance in inches, each firer's
// range and dice (§1), its front arc (R3), the line of fire as the viewer sees it (§10, R11,
// R26), the target's class (R12), and concealed units answered as unknown names (R10, R20).

#include "fixture.h"

using namespace rcw_test;

namespace {

const Sight kReds{0, false};
const Sight kWhites{1, false};
const Sight kObserver{std::nullopt, false};

// I (infantry, 12") and M (MG, 18") of side 0 facing north; E (infantry) of side 1 to the north.
ScenarioBuilder field() {
  ScenarioBuilder b;
  b.unit("I", 0, UnitType::kInfantry, {10, 10}, 0)
      .unit("M", 0, UnitType::kMg, {12, 10}, 0)
      .unit("E", 1, UnitType::kInfantry, {10, 27.6}, 180);
  return b;
}

engine::Measurement measured(const State& s, const Sight& who, std::string_view from,
                             std::string_view to) {
  auto m = measure(s, who, from, to);
  INFO((m.ok() ? std::string() : m.error().message));
  REQUIRE(m.ok());
  return *m;
}

}  // namespace

TEST_CASE("measure: inches, range and dice of the firer, in the open",
          "[R3][rcw.fire.range][rcw.fire.arc][rcw.measure]") {
  const TestGame g(field());
  const auto i = measured(g.state, kReds, "I", "E");
  CHECK(i.distance == "17.6\"");
  CHECK(i.line_of_sight == "clear");
  CHECK(i.cover.empty());
  CHECK(i.ranges == std::vector<std::string>{"infantry: out of range (reaches 12\", §1)"});
  const auto m = measured(g.state, kReds, "M", "E");
  CHECK(m.distance == "17.7\"");
  CHECK(m.ranges == std::vector<std::string>{"MG: in range, 2 dice (reaches 18\", §1)"});
  // Behind its front arc (R3): the MG faces north, the point lies south.
  CHECK(measured(g.state, kReds, "M", "12,2").ranges ==
        std::vector<std::string>{
            "MG: in range, 2 dice (reaches 18\", §1), not in its front arc (R3, R11)"});
}

TEST_CASE("measure: woods block the line, and the target's class is its cover",
          "[R11][R12][rcw.fire.line-of-fire][rcw.measure]") {
  const TestGame wood(field().woods(5, 15, 15, 20));
  CHECK(measured(wood.state, kReds, "I", "E").line_of_sight == "blocked by woods 0 (§10, R11)");
  // R11: the woods holding the target block only beyond 2" inside them. (E is concealed there,
  // R10: its own side measures.)
  const TestGame edge(field().woods(8, 26, 12, 29));
  const auto m = measured(edge.state, kWhites, "I", "E");
  CHECK(m.line_of_sight == "clear");
  CHECK(m.cover == "obscured (hit on 5+, R12)");
  const TestGame village(field().village(8, 26, 12, 29));
  CHECK(measured(village.state, kWhites, "I", "E").cover == "entrenched (hit on 6+, R12)");
}

TEST_CASE("measure: a concealed unit is an unknown name to the enemy and observers",
          "[R10][R20][rcw.conceal.hidden][rcw.measure]") {
  TestGame g(field().unit("C", 1, UnitType::kInfantry, {10, 18}, 180));
  g.conceal("C");
  for (const Sight& who : {kReds, kObserver}) {
    auto hidden = measure(g.state, who, "I", "C");
    auto nothing = measure(g.state, who, "I", "Q");
    REQUIRE_FALSE(hidden.ok());
    REQUIRE_FALSE(nothing.ok());
    CHECK(hidden.error().code == ErrorCode::kNotFound);
    CHECK(hidden.error().message ==
          "nothing called \"C\" that you can see on the table: name a unit or figure, or a point "
          "\"x,y\"");
    CHECK(nothing.error().message.find("\"Q\"") != std::string::npos);
    // R26: it does not block a line the viewer measures either.
    CHECK(measured(g.state, who, "I", "E").line_of_sight == "clear");
  }
  // Its own side sees it, and it stands in the line.
  CHECK(measured(g.state, kWhites, "E", "C").distance == "9.6\"");
  CHECK(measured(g.state, kWhites, "E", "I").line_of_sight == "blocked by C (§10, R11)");
}
