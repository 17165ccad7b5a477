// Measuring before acting (docs/protocol.md, "Measuring"): distance in inches as people read
// it, each weapon's range and the D20 it needs (S7, S8), sight (S14) and cover (S14, S11).

#include "fixture.h"

using namespace sharpe_test;

namespace {

// S (rifle, pistol, sword) at (10,10); D 17.6" south of him.
ScenarioBuilder party() {
  ScenarioBuilder b;
  b.group("p1", "sharpe", 2)
      .figure("S", {10, 10}, {rifle(), pistol(), sword()})
      .group("p2", "ducos", 1)
      .figure("D", {10, 27.6}, {musket(), knife()});
  return b;
}

engine::Measurement measured(const State& s, std::string_view from, std::string_view to) {
  auto m = measure(s, from, to);
  INFO((m.ok() ? std::string() : m.error().message));
  REQUIRE(m.ok());
  return *m;
}

}  // namespace

TEST_CASE("measure: inches as read, each weapon's range and the face it needs",
          "[S7][S8][sharpe.fire.range][sharpe.measure]") {
  const State s = fresh_state(party());
  const auto m = measured(s, "S", "D");
  CHECK(m.distance == "17.6\"");
  CHECK(m.value == Approx(17.6));
  CHECK(m.line_of_sight == "clear");
  CHECK(m.cover.empty());
  CHECK(m.ranges ==
        std::vector<std::string>{"rifle: in range (reaches 40\"), hits on 9+ before modifiers (S7)",
                                 "pistol: out of range (reaches 10\", S7)",
                                 "sword: hand to hand only (not in contact, S5)"});
  // The other way: a musket needs more than the range on the bare D20; the thrown knife
  // reaches 5" (S8).
  CHECK(
      measured(s, "D", "S").ranges ==
      std::vector<std::string>{"musket: in range (reaches 20\"), hits on 18+ before modifiers (S7)",
                               "thrown weapon: out of range (reaches 5\", S7)"});
}

TEST_CASE("measure: a wall blocks sight but its door does not, and behind it is cover",
          "[S14][sharpe.fire.line-of-sight][sharpe.measure]") {
  const State blocked = fresh_state(party().wall({{0, 20}, {20, 20}}));
  CHECK(measured(blocked, "S", "D").line_of_sight == "blocked by a wall (S14)");
  const State door = fresh_state(party().wall(
      {{0, 27}, {20, 27}},
      {engine::Opening{engine::Inches{8}, engine::Inches{12}, engine::OpeningKind::kDoor}}));
  const auto m = measured(door, "S", "D");
  CHECK(m.line_of_sight == "clear");
  CHECK(m.cover == "behind a wall (S14)");
}

TEST_CASE("measure: cover in a building, prone, and to a point", "[S11][S14][sharpe.measure]") {
  const State house =
      fresh_state(party().building(engine::Polygon{{{5, 25}, {15, 25}, {15, 30}, {5, 30}}}, {}));
  CHECK(measured(house, "S", "D").cover == "in house (S14)");
  CHECK(measured(house, "S", "10,28").cover == "in house (S14)");
  State prone = fresh_state(party());
  prone.find(FigureId{"D"})->prone = true;
  CHECK(measured(prone, "S", "D").cover == "prone (S11)");
  const auto point = measured(prone, "10,10", "13,14");
  CHECK(point.distance == "5\"");
  CHECK(point.ranges.empty());
}

TEST_CASE("measure: a figure off the table is answered as an unknown name",
          "[S2][sharpe.measure]") {
  State s = fresh_state(party());
  s.find(FigureId{"D"})->state = FigureState::kKilled;
  auto killed = measure(s, "S", "D");
  auto unknown = measure(s, "S", "nobody");
  REQUIRE_FALSE(killed.ok());
  REQUIRE_FALSE(unknown.ok());
  CHECK(killed.error().code == ErrorCode::kNotFound);
  CHECK(unknown.error().code == ErrorCode::kNotFound);
  CHECK(killed.error().message ==
        "nothing called \"D\" that you can see on the table: name a unit or figure, or a point "
        "\"x,y\"");
  auto off = measure(s, "S", "80,10");
  REQUIRE_FALSE(off.ok());
  CHECK(off.error().message == "the point 80,10 is off the table (72\" by 48\")");
}

TEST_CASE("measure: a gun's canister band aimed at the target, and ball", "[S9][sharpe.measure]") {
  Scenario sc = party().get();
  Gun gun;
  gun.id = "gun";
  gun.pos = {10, 21.6};
  gun.group = "sharpe";
  sc.guns.push_back(gun);
  const State s = fresh_state(sc);
  const auto m = measured(s, "gun", "D");
  CHECK(m.distance == "6\"");
  CHECK(m.ranges ==
        std::vector<std::string>{"canister: band 2 of 7, hits on 5 or less on a d6 (S9)",
                                 "ball: in range (reaches 100\"), hits on a 1 (S9)"});
  CHECK(measured(s, "gun", "70,40").ranges ==
        std::vector<std::string>{"canister: out of range (reaches 30\", S9)",
                                 "ball: in range (reaches 100\"), hits on a 1 (S9)"});
  CHECK(measured(s, "S", "gun").distance == "11.6\"");
}
