#pragma once
// R20 tests: a state changed only in what the enemy may not know of a concealed unit.

#include <cstddef>
#include <optional>

#include "../../support/random_choice.h"
#include "rules/rcw/state.h"

namespace grognard::rcw::testing {

// Unit `i` (concealed) elsewhere, still concealed: during deployment anywhere its side may
// deploy it (R19, R30), whether it was placed or not; in play a few inches away in the same
// kind of cover (woods or village), or in another piece of it (R10). Never on a unit, nor within
// 3" of an enemy. A random facing. None when no such place is found.
std::optional<State> moved(const State& s, std::size_t i, test_support::Chooser& ch);

// Unit `i` taken away altogether (the open activation follows the indices).
State erased(const State& s, std::size_t i);

}  // namespace grognard::rcw::testing
