// Taking back (docs/protocol.md, "Taking back"): what RCW calls a reveal through the shared
// adapter. A move stopped by a hidden enemy tells the mover it is there (R17, R20), and the same
// move in the open tells him no hidden enemy lies near its path: neither may be taken back
// without consent, or a player could sweep the fog of war move by move.
#include <catch2/catch.hpp>

#include "fixture.h"
#include "rules/rcw/wire/codec.h"
#include "rules/rcw/wire/ruleset.h"

namespace {

using namespace rcw_test;  // NOLINT: test code reads like the rules
namespace wire = grognard::rcw::wire;

// Whether any of the events of M's move to (30,16) reveals, each asked with the state before it.
bool move_reveals(bool hidden) {
  auto ruleset = wire::make_rcw_ruleset();
  TestGame g = hidden_in_woods(hidden);
  State before = g.state;
  bool reveals = false;
  for (const Event& e : g.accept(kSide0, move_to({{30, 16}}, 0))) {
    reveals = reveals || ruleset->reveals(wire::RcwGameState(before), wire::Codec::serialize(e));
    apply(before, e);
  }
  return reveals;
}

}  // namespace

TEST_CASE("take-back: every move needs consent, stopped by a hidden enemy or not",
          "[take-back][R17][R20]") {
  CHECK(move_reveals(true));
  CHECK(move_reveals(false));  // it tells that nothing hidden lies near its path
}
