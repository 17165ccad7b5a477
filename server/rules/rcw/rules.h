#pragma once
// RCW quick rules, the pure rules: value in, value out, dice injected.
// Every clause of the text and every ruling is cited where it is enforced;
// docs/rules/rcw.md maps clause -> code -> tests.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/advice.h"
#include "engine/canonical.h"
#include "engine/dice.h"
#include "engine/measure.h"
#include "engine/result.h"
#include "rules/rcw/command.h"
#include "rules/rcw/state.h"

namespace grognard::rcw {

using engine::Dice;
using engine::Result;

// Validates a scenario and builds the state before deployment. Errors name the problem.
Result<State> new_game(const Scenario& scenario);

// R19: deployment begins if any unit is to be placed in secret; otherwise deployment ends at
// once (units in woods and villages concealed, R10) and turn 1 begins (R14).
// REQUIRES: state.phase == Phase::kNotStarted.
Result<std::vector<Event>> begin(const State& state, Dice& dice);

// Checks `command` given from `seat` ("side:0", "side:1") against every clause. A rejected
// command changes nothing; its error names the clause id (docs/rules/rcw.md).
Result<std::vector<Event>> decide(const State& state, const std::string& seat,
                                  const Command& command, Dice& dice);

// Folds one event into the state. REQUIRES: `event` was produced by decide/begin on `state`.
void apply(State& state, const Event& event);

// A finite, sensible set of commands `seat` may give now; each is accepted by decide().
std::vector<Command> legal(const State& state, const std::string& seat);

// Seats whose commands decide() considers now (both during deployment, R19).
std::vector<std::string> seats_to_act(const State& state);

// --- Who sees what (R20) ----------------------------------------------------------------------

// A viewer: a side's general, or an observer (no side). After the end everyone sees all.
struct Sight {
  std::optional<int> side;
  bool all = false;  // the game is over, or an archive of an ended game
};

// R20: the unit (or its train) is seen by `who`: its own side always; everyone else only once
// it is revealed (not concealed).
bool sees(const State& state, const Sight& who, const Unit& unit);

// R20: what `who` may read of `event`, given the state before it: the event itself, the event
// with what `who` may not see left out (an observer FAO), or nothing at all (an action of a
// concealed unit, a secret placement): the wire sends an empty placeholder in its place.
std::optional<Event> redact(const State& before, const Event& event, const Sight& who);

// The state as `who` may see it: every unit `who` does not see removed (trains with them).
State seen_by(const State& state, const Sight& who);

// Distance, each weapon's range (§1, R3), the line of fire (§10, R11, R26) and the cover
// (R12) from `from` to `to`: ids of units or train cars `who` sees, or points "x,y" on the
// table (docs/protocol.md, "Measuring"). A unit `who` does not see is answered exactly as an
// unknown name (R20), and only the units `who` sees block the line.
Result<engine::Measurement> measure(const State& state, const Sight& who, std::string_view from,
                                    std::string_view to);

// Notes for a preview of `command` from `seat`, which decide() accepted on `state` with
// `events`: where a move is ordered to end and how much of its allowance it spends (§4a, R12).
// A move may be stopped by a hidden enemy (R17), and the end of deployment reveals the units in
// the open (R19): their events are never previewed, whatever the hidden units are (R20); of any
// other command, the events before the first that reveals an enemy unit.
engine::Advice advise(const State& state, const std::string& seat, const Command& command,
                      const std::vector<Event>& events);

// --- Hashes -----------------------------------------------------------------------------------

// SHA-256 over the canonical encoding of the whole state, secrets included.
engine::StateHash full_hash(const State& state);
// What every viewer receives: the hash of the state both sides see (seen_by an observer), so
// that it cannot be used to test guesses about a concealed unit (R20).
engine::StateHash public_hash(const State& state);

}  // namespace grognard::rcw
