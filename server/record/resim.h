#pragma once
// Re-simulation (docs/operations.md, "Drift"): every stored game re-applied through the rules
// this server has now, each state hash and chain link compared with what was stored. A game the
// current rules fold differently "drifts": its GameRecord::drift names the first differing event
// and the rule-set versions, and it takes no command until the server's operator decides.
//
// The operator's "resume" (admin API) appends a system note (drift_accepted_note) and the game
// goes on as the current rules fold it; from then on the stored state hashes of the events
// before that note are not compared (they are the earlier rules'), every later one is, and
// every chain link still is.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/ruleset.h"
#include "record/registry.h"
#include "record/store.h"

namespace grognard::record {

// The line kept in GameRecord::drift: "event 12 folds differently under itchy version 2 than
// under version 1, which it was played under (state hash mismatch: stored …, folded …)".
std::string drift_line(const GameRecord& game, const engine::Ruleset& current, std::uint64_t seq,
                       const std::string& why);
// What a command to a drifting game is told (FAILED_PRECONDITION), and its room's to_act.
std::string drift_refusal(const std::string& drift);
std::string drift_to_act(const std::string& drift);

// The text of the system note the operator's resume appends; a note of that form is how a
// re-simulation knows the hashes before it were let go.
std::string drift_accepted_note(const engine::Ruleset& current, const std::string& reason,
                                const std::string& drift);
// The seq of the last such note in `log` (0: none).
std::uint64_t drift_accepted_through(const std::vector<EventRecord>& log);

// Checks `log` with verify_log, honouring an operator's resume in it. A log that drifts is sealed
// again under the current rules (record/seal.h: `log` then holds the new digests), as a room
// that loads it goes on from them; when even that fails (an event no longer applies at all),
// `stops` says why: the game is loaded stopped, and can only be closed.
struct LogCheck {
  std::unique_ptr<engine::GameState> state;  // the folded state, when it verifies
  std::optional<std::string> drift;          // else the drift line
  std::uint64_t seq = 0;                     // and the first differing event
  std::optional<std::string> stops;          // drifting, and it does not fold at all
};
LogCheck check_log(const engine::Ruleset& rs, const GameRecord& game,
                   const engine::GameState& initial, std::vector<EventRecord>& log);

// One game re-simulated.
struct Recheck {
  enum class Outcome : std::uint8_t { kOk, kDrift, kError };
  Outcome outcome = Outcome::kOk;
  GameRecord game;           // as stored (its drift as it was before this check)
  std::uint64_t seq = 0;     // kDrift: the first differing event
  std::string why;           // kDrift: the drift line; kError: why it could not be checked
  std::uint64_t events = 0;  // events re-applied
  std::string line() const;  // the one report line for this game
};
Recheck recheck(Store& store, const Registry& registry, const GameRecord& game);

struct RecheckTotals {
  std::size_t ok = 0, drift = 0, errors = 0;
  bool stopped = false;  // `stop` was set before every game was checked
  std::string line(double seconds) const;
};
// Re-simulates every stored game that has events and whose status `wanted` accepts, one at a
// time and newest first, calling `each` with each outcome; stops between two games once `stop`
// is set. A listing the store cannot give counts as one error (`each` gets it with an empty game
// id).
RecheckTotals recheck_all(Store& store, const Registry& registry,
                          const std::function<bool(GameStatus)>& wanted,
                          const std::atomic<bool>& stop,
                          const std::function<void(const Recheck&)>& each);

// Stores `drift` ("" clears it) in game `game_id`'s row when it differs from what is stored;
// blocks until committed. For games no room holds in memory (a room keeps its own record).
engine::Status store_drift(Store& store, const std::string& game_id, const std::string& drift);

}  // namespace grognard::record
