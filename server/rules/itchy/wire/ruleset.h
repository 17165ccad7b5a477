#pragma once
// Itchy & Scratchy behind engine::Ruleset, through the shared adapter (rules/adapter/
// wire_ruleset.h): commands, events and views cross it as serialized grognard.v1.itchy
// messages; the pure rules (rules/itchy/rules.h) do the deciding.
//
// Seats: "side:0" and "side:1", the generals of the scenario's two sides. Itchy & Scratchy
// hides nothing, so every viewer gets the same full View and every event unchanged, and its
// published hash is its full hash.

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/ruleset.h"
#include "rules/adapter/wire_ruleset.h"
#include "rules/itchy/state.h"

namespace grognard::itchy::wire {

// The state behind every GameState this rule set hands out.
using ItchyGameState = adapter::WireGameState<State>;

std::unique_ptr<engine::Ruleset> make_itchy_ruleset();

// "side:0" -> 0, "side:1" -> 1; anything else nullopt.
std::optional<int> side_of_seat(std::string_view seat);
std::string seat_of_side(int side);

}  // namespace grognard::itchy::wire
