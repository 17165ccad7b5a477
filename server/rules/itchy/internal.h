#pragma once
// Pieces shared by the Itchy & Scratchy decide/legal code. Not part of the rules API.

#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "rules/itchy/command.h"
#include "rules/itchy/state.h"

namespace grognard::itchy::detail {

using engine::Error;
using engine::ErrorCode;
using engine::Result;

using engine::illegal;  // a command the rules forbid: kIllegal, naming the clause
Error error(ErrorCode code, const char* clause, std::string message);

// Enemy units and Generals (not removed) of `side`'s opponent.
bool enemy_in(const State& s, GridPos p, int side);
std::vector<const Unit*> enemies_adjacent_to(const State& s, GridPos p, int side);
// Grid distance to the nearest enemy unit or General (a large number when none is left).
int nearest_enemy_distance(const State& s, GridPos p, int side);
// Non-General units of `side` still on the table.
int units_left(const State& s, int side);

// The unit `side` may command now for a move or an attack, or why not (I8, ownership).
enum class Intent { kMove, kAttack, kAny };
engine::Result<const Unit*> commandable(const State& s, int side, const UnitId& id,
                                        Intent intent = Intent::kAny);

// I8–I11, I15: the move of `unit` along `steps` ending facing `facing` (or resolved per I9).
engine::Result<UnitMoved> plan_move(const State& s, const Unit& unit,
                                    const std::vector<Facing>& steps, std::optional<Facing> facing);

// §Combat, I2, I7, I8, I12, I15 — everything but the dice. Returns the dice to throw.
struct AttackPlan {
  int range = 0;
  int dice = 0;
  bool general_bonus = false;
  bool cover = false;
};
engine::Result<AttackPlan> plan_attack(const State& s, const Unit& unit, GridPos target);

// I12: what stands in `p` blocks a line of sight through it: woods, built-up areas,
// fortifications and units do; Generals do not.
bool blocks_sight(const State& s, GridPos p);

// I4–I6: the SP lost by one target of `cls` in open or cover to these faces.
int sp_lost(TargetClass cls, bool cover, const std::vector<int>& faces);

// I11, I20: may `unit` stand in `p` with the friendly units there? At most one unit per area,
// except one horse-drawn transport with one other unit; Generals do not count. `p` holds no
// enemy (checked apart: itchy.move.enemy-area).
bool stacking_allows(const State& s, const Unit& unit, GridPos p);

// I19: the conditions of a scenario that states none.
std::vector<VictoryCondition> default_victory_conditions();
// I23: what is wrong with the scenario's objectives or victory conditions, if anything.
std::optional<std::string> victory_problem(const Scenario& sc);
// I16, I23: the GameEnded for a state whose battle is over; `last_turn_over` when it ended at
// the end of the scenario's last turn.
GameEnded judge(const State& s, std::string reason, bool last_turn_over);

// I16: the initiative throw for `turn` (D6 each, side 0 first, again on ties).
InitiativeThrown throw_initiative(int turn, engine::Dice& dice);

}  // namespace grognard::itchy::detail

namespace grognard::itchy::detail {
Result<std::vector<Event>> decide_choose_order(const State& s, int side, const ChooseOrder& c);
Result<std::vector<Event>> decide_end_side_turn(const State& s, int side, engine::Dice& dice);
Result<std::vector<Event>> decide_attack(const State& s, const Unit& unit, GridPos target,
                                         engine::Dice& dice);
}  // namespace grognard::itchy::detail
