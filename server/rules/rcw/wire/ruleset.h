#pragma once
// The RCW quick rules behind engine::Ruleset, through the shared adapter (rules/adapter/
// wire_ruleset.h): commands, events and views cross it as serialized grognard.v1.rcw messages;
// the pure rules (rules/rcw/rules.h) do the deciding.
//
// Seats: "side:0" and "side:1" (role kGeneral, labelled with the side's name). Hidden
// information (R20): a concealed unit is absent from everything the enemy and observers
// receive; an event about it reaches them as the empty placeholder `hidden`. The published
// hash is rcw::public_hash (what both sides see); full_hash covers the concealed units too.

#include <memory>

#include "engine/ruleset.h"
#include "rules/adapter/wire_ruleset.h"
#include "rules/rcw/state.h"

namespace grognard::rcw::wire {

// The state behind every GameState this rule set hands out.
using RcwGameState = adapter::WireGameState<State>;

std::unique_ptr<engine::Ruleset> make_rcw_ruleset();

}  // namespace grognard::rcw::wire
