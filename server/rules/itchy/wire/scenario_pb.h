#pragma once
// Itchy & Scratchy scenarios in protobuf text format (scenarios/itchy/*.textproto, schema
// grognard.v1.itchy.Scenario) -> the native Scenario and the state before the first turn.

#include <string_view>

#include "engine/result.h"
#include "rules/itchy/state.h"

namespace grognard::itchy::wire {

// Parses the text and checks its shape: syntax, field and enum names (errors give the line
// and column, e.g. `line 12:9: unknown unit type "DRAGOON"`), exactly two sides, every unit
// with an id, a type, a position and a facing, a grid size within the rules' bound (I22,
// itchy::grid_size_error, asked before the terrain is laid out), victory conditions with a
// test each and sides named as in the scenario (I23). Terrain patches are expanded (later
// patches override earlier ones) into one entry per area that is not open. Every error is
// kInvalidArgument with clause "itchy.scenario".
// The rules (weapon fits the type, hand-held weapons for native troops only, units on the
// grid, stacking, ids unique, turn limit, what victory conditions refer to…) are checked by
// itchy::new_game.
engine::Result<Scenario> parse_scenario(std::string_view textproto);

// parse_scenario, then itchy::new_game.
engine::Result<State> load_scenario(std::string_view textproto);

}  // namespace grognard::itchy::wire
