#pragma once
// What the room publishes with each event besides its state hash (docs/protocol.md, "Event
// chain and commitments"): the digest of its payload, which the chain covers, and a commitment to
// the rule set's full state hash, which opens once the game's seed is revealed at the end.
//
// Where a rule set hides information (Sharpe's Mess's deck, RCW's concealed units), the plain
// SHA-256 of a hidden payload, or of the full state, would let anyone test guesses about it; both
// are therefore keyed with the game's secret seed, and checkable by everyone once it is public.

#include <vector>

#include "engine/dice.h"
#include "engine/result.h"
#include "engine/ruleset.h"
#include "record/store.h"

namespace grognard::record {

// The digest of one event, under the game's chain version (store.h, kChainVersion). Up to
// version 2: SHA-256(payload) when every seat may read the event whole; else HMAC-SHA256(seed,
// payload): a rules event the rule set does not call public (Ruleset::event_public), or chat sent
// to one seat. From version 3, in a game whose rule set can hide anything (not
// Ruleset::hides_nothing), every digest is keyed: a plain one would mark, for whoever compares
// it with what he received, the events that were blanked for him. `before` is the rules state
// before the event.
Hash32 event_digest(const engine::Ruleset& rs, const engine::Seed& seed,
                    const engine::GameState& before, const EventRecord& r, int chain_version);

// HMAC-SHA256(seed, the rule set's full hash of `after`).
Hash32 state_commitment(const engine::Ruleset& rs, const engine::Seed& seed,
                        const engine::GameState& after);
// The same, given that full hash (engine::Ruleset::hashes).
Hash32 state_commitment(const engine::Seed& seed, const engine::StateHash& full);

// Fills the digest and commitment of every record of `log`, folding from `initial`.
engine::Status seal_log(const engine::Ruleset& rs, const engine::Seed& seed,
                        const engine::GameState& initial, std::vector<EventRecord>& log,
                        int chain_version);

}  // namespace grognard::record
