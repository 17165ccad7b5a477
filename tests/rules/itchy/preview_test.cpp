// Previews (docs/rules/itchy.md, "Previews"): where a move ends and what of its allowance it
// uses; nothing is hidden, so every event of a move is shown.
#include "fixture.h"

using namespace itchy_test;

TEST_CASE("a move's preview says where it ends and what of its allowance it uses",
          "[preview][I8][I9]") {
  TestGame g(ScenarioBuilder(10, 10)
                 .unit(0, "U", UnitType::kMountedCavalry, {0, 9}, N)
                 .infantry(1, "X", {2, 6}, S));
  const State before = g.state;
  const Move m = move("U", {N, N});
  const auto events = g.accept(0, m);
  const auto a = advise(before, m, events);
  CHECK(a.notes == std::vector<std::string>{"U ends at (0,7) facing N: 2 of its 3 grid areas "
                                            "(§Movement)"});
  CHECK(a.warnings.empty());
  // I9: it stops next to an enemy and faces it.
  TestGame h(ScenarioBuilder(10, 10)
                 .unit(0, "U", UnitType::kMountedCavalry, {0, 9}, N)
                 .infantry(1, "X", {1, 7}, S));
  const State at = h.state;
  const Move n = move("U", {N, N});
  const auto stopped = h.accept(0, n);
  CHECK(advise(at, n, stopped).notes ==
        std::vector<std::string>{"U ends at (0,7) facing E: 2 of its 3 grid areas (§Movement)",
                                 "it stops there, next to an enemy, and faces it (I9)"});
}
