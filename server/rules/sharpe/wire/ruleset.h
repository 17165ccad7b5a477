#pragma once
// Sharpe's Mess behind engine::Ruleset, through the shared adapter (rules/adapter/
// wire_ruleset.h): commands, events and views cross it as serialized grognard.v1.sharpe
// messages; the pure rules (rules/sharpe/rules.h) do the deciding.
//
// Seats: the scenario's player seats ("player:<name>", role kPlayer) and "referee" (kReferee).
// Hidden information: the order of undrawn cards (hero deck and bad deck) never leaves the
// server before the game ends, whoever asks; a briefing reaches only its player and the
// referee; the referee's added card reaches only the referee until it is drawn (codec.h). The
// published hash leaves those secrets out (sharpe::public_hash); full_hash covers them.

#include <memory>

#include "engine/ruleset.h"
#include "rules/adapter/wire_ruleset.h"
#include "rules/sharpe/state.h"

namespace grognard::sharpe::wire {

// The state behind every GameState this rule set hands out.
using SharpeGameState = adapter::WireGameState<State>;

std::unique_ptr<engine::Ruleset> make_sharpe_ruleset();

}  // namespace grognard::sharpe::wire
