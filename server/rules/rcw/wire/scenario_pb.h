#pragma once
// RCW scenarios in protobuf text format (scenarios/rcw/*.textproto, schema
// grognard.v1.rcw.Scenario) -> the native Scenario and the state before deployment.

#include <string_view>

#include "engine/result.h"
#include "rules/rcw/state.h"

namespace grognard::rcw::wire {

// Parses the text and checks its shape: syntax, field and enum names (errors give the line and
// column, e.g. `line 12:9: ...`), two named sides, a turn limit and victory conditions (R14),
// every unit with an id, a known type and a side 0 or 1, every car with an id and an
// armament, known terrain kinds, zones of side 0 or 1. Every error is kInvalidArgument with
// clause rcw.scenario (clause::kScenario), like rcw::new_game's own checks (placement, rails,
// ids), which load_scenario runs next.
engine::Result<Scenario> parse_scenario(std::string_view textproto);

// parse_scenario, then rcw::new_game.
engine::Result<State> load_scenario(std::string_view textproto);

}  // namespace grognard::rcw::wire
