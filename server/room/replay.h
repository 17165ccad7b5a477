#pragma once
// Folding stored events, and showing them as one viewer may see them. Rooms use it to catch
// a reconnecting seat up; the archive uses it to replay any game event by event.

#include <memory>
#include <optional>
#include <vector>

#include "engine/ruleset.h"
#include "room/protocol.h"
#include "room/store.h"

namespace grognard::room {

// What `viewer` may see of one stored event, given the rules state before it; nullopt when
// the viewer may see nothing of it. The record's digest and commitment must be filled
// (room/seal.h); `chain_version` is the game's.
std::optional<v1::GameEvent> event_as_seen(const engine::Ruleset& rs,
                                           const engine::GameState& before,
                                           const EventRecord& record, const engine::Viewer& viewer,
                                           int chain_version);

// Events with from <= seq <= to (to == 0: all) of `log`, folded from `initial`, as `viewer`
// sees them.
engine::Result<std::vector<v1::GameEvent>> events_as_seen(const engine::Ruleset& rs,
                                                          const engine::GameState& initial,
                                                          const std::vector<EventRecord>& log,
                                                          const engine::Viewer& viewer,
                                                          int chain_version, std::uint64_t from,
                                                          std::uint64_t to);

// The rules state after event `seq` (0: the initial state).
engine::Result<std::unique_ptr<engine::GameState>> state_after(const engine::Ruleset& rs,
                                                               const engine::GameState& initial,
                                                               const std::vector<EventRecord>& log,
                                                               std::uint64_t seq);

// Checks a stored log: every event folds, every stored state hash and chain link (in the game's
// chain version) matches; fills each record's digest and commitment (room/seal.h) on the way.
// Returns the folded state, or an error naming the first bad sequence number.
engine::Result<std::unique_ptr<engine::GameState>> verify_log(const engine::Ruleset& rs,
                                                              const GameRecord& game,
                                                              const engine::GameState& initial,
                                                              std::vector<EventRecord>& log);

}  // namespace grognard::room
