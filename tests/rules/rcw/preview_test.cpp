// Previews (docs/rules/rcw.md, "Previews"): a move's notes come from the order and the unit's
// own place, and its events are never shown, whether a hidden enemy stops it or not (R17, R20).
#include "fixture.h"

using namespace rcw_test;

TEST_CASE("a move's preview is the same whether a hidden enemy would stop it or not",
          "[preview][R17][R20][sec.4a]") {
  const MoveOrder order = move_to({{30, 16}}, 0);
  TestGame open = hidden_in_woods(false), hidden = hidden_in_woods(true);
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
