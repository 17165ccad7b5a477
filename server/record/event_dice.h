#pragma once
// Every throw inside a rule set's serialized event: each grognard.v1.Roll message at any depth
// of the rule set's Event (proto/grognard/v1/dice.proto), found by walking the message by
// reflection, so that one checker re-derives the dice of every rule set (docs/archives.md).

#include <string>
#include <vector>

#include "engine/dice.h"
#include "engine/result.h"
#include "engine/ruleset.h"

namespace grognard::record {

// In the order they appear in the message (fields by number, repeated fields in order). An error
// when the payload is not the rule set's Event.
engine::Result<std::vector<engine::Roll>> rolls_in(const engine::Ruleset& rs,
                                                   const std::string& payload);

}  // namespace grognard::record
