#pragma once
// Sharpe's Mess, the pure rules: value in, value out, dice injected.
// Every clause of the text and every ruling is cited where it is enforced;
// docs/rules/sharpe.md maps clause -> code -> tests.
#include <string>
#include <string_view>
#include <vector>

#include "engine/advice.h"
#include "engine/canonical.h"
#include "engine/dice.h"
#include "engine/measure.h"
#include "engine/result.h"
#include "rules/sharpe/command.h"
#include "rules/sharpe/state.h"

namespace grognard::sharpe {

using engine::Dice;
using engine::Result;

// Validates a scenario and builds the state before the first turn. Errors name the problem.
Result<State> new_game(const Scenario& scenario);

// What a valid scenario allows but likely does not mean, one line each for the host: a gun whose
// crew cannot serve it at the start (S24).
std::vector<std::string> scenario_warnings(const State& state);

// S1: the first shuffle and draw. REQUIRES: state.phase == Phase::kNotStarted.
Result<std::vector<Event>> begin(const State& state, Dice& dice);

// Checks `command` given from `seat` (a player seat or "referee") against every clause. A
// rejected command changes nothing; its error names the clause id (docs/rules/sharpe.md).
Result<std::vector<Event>> decide(const State& state, const std::string& seat,
                                  const Command& command, Dice& dice);

// Folds one event into the state. REQUIRES: `event` was produced by decide/begin on `state`.
void apply(State& state, const Event& event);

// A finite, sensible set of commands `seat` may give now; each is accepted by decide().
std::vector<Command> legal(const State& state, const std::string& seat);

// The seats to act now: the drawn hero's player, or the referee alone while the game is paused
// for him (S12). The referee, and a player for his scatter orders (S25), may also act out of
// turn (wire/ruleset.cpp lists them in ToAct.out_of_turn).
std::vector<std::string> seats_to_act(const State& state);

// Distance, each weapon's range, sight (S14) and cover (S14, S11) from `from` to `to`: ids of
// figures on the table, or points "x,y" on it (docs/protocol.md, "Measuring"). Every viewer sees
// every figure on the table; one off it is answered as an unknown name.
Result<engine::Measurement> measure(const State& state, std::string_view from, std::string_view to);

// Notes and warnings for a preview of `command` from `seat`, which decide() accepted on
// `state` with `events` (docs/rules/sharpe.md, "Previews"): what a move, crawl, load or shot
// costs and where a move ends; the figures ending now loses (S2); the figures a ruling leaves
// to be lost (S2). A preview shows the events before the first card drawn: the order of the
// deck is never foretold (S1).
engine::Advice advise(const State& state, const std::string& seat, const Command& command,
                      const std::vector<Event>& events);

// State hash over the canonical encoding of the whole state, secrets included.
engine::StateHash hash(const State& state);

// The hash every viewer receives: hash() of the state with its secrets left out (hash.cpp).
engine::StateHash public_hash(const State& state);

}  // namespace grognard::sharpe
