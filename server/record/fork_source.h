#pragma once
// The link from a forked game to the game it was forked from (docs/archives.md, "Forks"), as
// RoomInfo.forked_from and GameSummary.forked_from show it.

#include <optional>
#include <string>

#include "engine/result.h"
#include "record/proto.h"
#include "record/store.h"

namespace grognard::record {

// Empty when `game` is not a fork. Else the source game's id, the event forked from, the first
// throw of the fork's own seed and the source's published seed hash; the source's seed too once
// the source game has ended (finished or aborted). Reads the source's record from `store`; a
// source that is not stored (an imported fork's) gives only what the fork's record holds. When the
// source is itself a fork, ForkSource.source names its own source, and so on.
v1::ForkSource fork_source(Store& store, const GameRecord& game, int depth = 0);

// The system note at event source_seq + 1 of a fork, which links it to its source in its chain:
// "Forked from game G at event N. Dice from throw D on: SHA-256 of this game's seed is H", with
// seed_sha256 H, the fork's own seed hash (hex).
v1::SystemNote fork_note(const std::string& source_game, std::uint64_t source_seq,
                         std::uint64_t dice_from, const std::string& seed_sha256);

// Why game `game`, ended, may not yet be shown whole (its archive file, a replay with
// everything revealed): it is a fork of a game that has not ended, directly or through its
// sources, whose hidden state at the fork everything would show. nullopt when it may.
std::optional<engine::Error> running_source(Store& store, const GameRecord& game);

}  // namespace grognard::record
