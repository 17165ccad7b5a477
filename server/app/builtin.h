#pragma once
// The rule sets and scenarios this build offers, wired into a record::Registry.

#include "record/registry.h"

namespace grognard::app {

// Adds every rule set of this build, then every embedded scenario whose rule set it knows.
// A scenario of an unknown rule set is skipped with a warning; one that fails to load is
// skipped with an error (tests/ load every shipped scenario, so this means a broken build); the
// warnings of one that loads (engine::Ruleset::scenario_warnings) are logged as warnings.
void add_builtin(record::Registry& registry);

}  // namespace grognard::app
