#pragma once
// Pieces shared by the turn, activation, deployment and movement code (activate.cpp, deploy.cpp,
// move.cpp, turn.cpp, decide.cpp, legal.cpp). Not part of the rules API.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "rules/rcw/internal.h"

namespace grognard::rcw::detail {

inline Error error(ErrorCode code, const char* clause, std::string message) {
  return Error{code, clause, std::move(message)};
}

// §7, R23: a train is pinned while any live car is; it cannot fire at all when every one is.
bool any_pinned(const Unit& u);
bool all_pinned(const Unit& u);
// "Reds", or "side 0" when the scenario names none.
std::string side_name(const State& s, int side);
// The action the open activation carries out next, if one is open and left.
std::optional<ActionKind> current_action(const State& s);
// §4c, §4d, R24, R48: carries out the current action, a Rally or a Limber.
void carry_out(Emitter& e, Dice& dice);

// Deployment (deploy.cpp, R19, R30).
Status check_deploy(const State& s, int side, const Deploy& d);
Result<std::vector<Event>> decide_deploy(const State& s, int side, const Deploy& d);
Result<std::vector<Event>> decide_confirm(const State& s, int side, Dice& dice);
// R19: DeploymentEnded (when there was one), the reveals, TurnBegan{1}.
void end_deployment(Emitter& e, Dice& dice);

// Activation (activate.cpp, §3, §4, R5, R25).
Status check_activate(const State& s, int side, const Activate& a);
Result<std::vector<Event>> decide_activate(const State& s, int side, const Activate& a, Dice& dice);
// MoveOrder, ShootOrder, AssaultOrder, SkipAction for the current action.
Result<std::vector<Event>> decide_order(const State& s, const Command& c, Dice& dice);

// Movement (move.cpp, §4a, R12, R13, R15, R17, R22, R28).
Status check_move(const State& s, std::size_t unit, const MoveOrder& m);
void resolve_move(Emitter& e, std::size_t unit, const MoveOrder& m);

// Turns and the end (turn.cpp, R14, R29).
Result<std::vector<Event>> decide_end_turn(const State& s, Dice& dice);
Result<std::vector<Event>> decide_concede(const State& s, int side);
// R14: TurnEnded, then the next side turn or, after the last, GameEnded.
void end_side_turn(Emitter& e);
// R29: each side's points now: enemies destroyed plus objectives held.
std::array<int, kSides> points(const State& s);

}  // namespace grognard::rcw::detail
