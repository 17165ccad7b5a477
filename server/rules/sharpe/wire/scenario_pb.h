#pragma once
// Sharpe's Mess scenarios in protobuf text format (scenarios/sharpe/*.textproto, schema
// grognard.v1.sharpe.Scenario) -> the native Scenario and the state before the first turn.

#include <string_view>

#include "engine/result.h"
#include "rules/sharpe/state.h"

namespace grognard::sharpe::wire {

// Parses the text and checks its shape: syntax, field and enum names (errors give the line and
// column, e.g. `line 12:9: ...`), every figure with an id and a position, every group's hero
// among its figures, known weapon kinds, opening kinds and gun types. Every error is
// kInvalidArgument with clause "sharpe.scenario". The rules' own bounds (S17) are checked by
// sharpe::new_game.
engine::Result<Scenario> parse_scenario(std::string_view textproto);

// parse_scenario, then sharpe::new_game.
engine::Result<State> load_scenario(std::string_view textproto);

}  // namespace grognard::sharpe::wire
