#pragma once
// Itchy & Scratchy (Mark 2), the pure rules: value in, value out, dice injected.
// Every clause of the text and every ruling is cited where it is enforced;
// docs/rules/itchy.md maps clause -> code -> tests.

#include <optional>
#include <string_view>
#include <vector>

#include "engine/advice.h"
#include "engine/canonical.h"
#include "engine/dice.h"
#include "engine/measure.h"
#include "engine/result.h"
#include "rules/itchy/command.h"
#include "rules/itchy/state.h"

namespace grognard::itchy {

using engine::Dice;
using engine::Result;

// I22: the largest width and height of a scenario's grid, in areas.
inline constexpr int kMaxGridSide = 100;
// I22: why a grid of `size` is refused (kInvalidArgument, itchy.scenario), or nullopt. The
// scenario loader asks before it lays out the terrain; new_game asks again.
std::optional<engine::Error> grid_size_error(GridSize size);

// Validates a scenario and builds the state before the first turn. Errors name the problem:
// unknown unit type or weapon, unit off the grid, illegal stacking, duplicate ids, …
Result<State> new_game(const Scenario& scenario);

// The first initiative throw (I16). REQUIRES: state.phase == Phase::kNotStarted.
Result<std::vector<Event>> begin(const State& state, Dice& dice);

// Checks `command` given by the general of `side` against every clause. A rejected command
// changes nothing; its error names the clause id (docs/rules/itchy.md).
Result<std::vector<Event>> decide(const State& state, int side, const Command& command, Dice& dice);

// Folds one event into the state. REQUIRES: `event` was produced by decide/begin on `state`.
void apply(State& state, const Event& event);

// Every command the general of `side` may give now. Each is accepted by decide(). Moves are
// listed once per distinct (end area, facing), with one shortest path.
std::vector<Command> legal(const State& state, int side);

// The side whose general may act now, or nullopt (not begun, or over).
std::optional<int> side_to_act(const State& state);

// Distance in areas (I1), the unit's weapon's dice at that range (§Combat table) and arc (I2),
// line of sight (I12) and cover (I12) from `from` to `to`: unit ids, or areas "c,r"
// (docs/protocol.md, "Measuring"). Nothing is hidden in this rule set.
Result<engine::Measurement> measure(const State& state, std::string_view from, std::string_view to);

// Notes for a preview of `command`, which decide() accepted on `state` with `events`: where a
// move ends and what of its allowance it uses (§Movement, I9, I10). Nothing is hidden in this
// rule set: a preview shows every event (when no die is thrown).
engine::Advice advise(const State& state, const Command& command, const std::vector<Event>& events);

// State hash over the canonical encoding of the state.
engine::StateHash hash(const State& state);

}  // namespace grognard::itchy
