// Previews (docs/rules/rcw.md, "Previews"): a move's notes come from the order and the unit's
// own place, and its events are never shown, whether a hidden enemy stops it or not (R17, R20).
#include "fixture.h"

using namespace rcw_test;

namespace {

// Side 1's "Q" in woods at (30,18), hidden or not; side 0's "M" at (30,10) facing north.
TestGame game(bool hidden) {
  TestGame g(ScenarioBuilder()
                 .unit("H0", 0, UnitType::kHq, {36, 6}, 0)
                 .unit("M", 0, UnitType::kInfantry, {30, 10}, 0)
                 .unit("H1", 1, UnitType::kHq, {36, 28}, 180)
                 .unit("Q", 1, UnitType::kInfantry, {30, 18}, 180)
                 .woods(26, 16, 34, 24));
  if (hidden) g.conceal("Q");
  g.accept(kSide0, activate("M", kMove, kMove));
  return g;
}

}  // namespace

TEST_CASE("a move's preview is the same whether a hidden enemy would stop it or not",
          "[preview][R17][R20][sec.4a]") {
  const MoveOrder order = move_to({{30, 16}}, 0);
  TestGame open = game(false), hidden = game(true);
  const State before_open = open.state, before_hidden = hidden.state;
  const auto open_events = open.accept(kSide0, order);
  const auto hidden_events = hidden.accept(kSide0, order);
  REQUIRE(only<Moved>(hidden_events).stopped_by.has_value());  // R17: the hidden Q stops it
  const auto a = advise(before_open, kSide0, order, open_events);
  const auto b = advise(before_hidden, kSide0, order, hidden_events);
  CHECK(a.shown == 0);
  CHECK(b.shown == 0);
  CHECK(a.notes == b.notes);
  CHECK(a.notes.front() ==
        "M is ordered to 30.00,16.00 facing 0.00: 6.00\" of its 6.00\" "
        "allowance (§4a, R12)");
}
