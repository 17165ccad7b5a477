#pragma once
// Commands a general gives and the events they produce (native form; wire form in
// proto/grognard/v1/itchy.proto, converted by codec.cpp).

#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/dice.h"
#include "rules/itchy/state.h"

namespace grognard::itchy {

using engine::Roll;

// --- Commands -----------------------------------------------------------------------------

// I16: the initiative winner goes first or second.
struct ChooseOrder {
  bool go_first = true;
};

// I8, I9: one move per activation; `steps` crosses edges in order (empty: turn in place).
// `facing` is where the unit ends facing; when absent the unit faces its last step (or keeps
// its facing), or, when it stops next to enemies, the one enemy there is (I9).
struct Move {
  UnitId unit;
  std::vector<Facing> steps;
  std::optional<Facing> facing;
};

// §Combat: attack the target area from where the unit stands.
struct Attack {
  UnitId unit;
  GridPos target;
};

// §Turn Sequence 2: the side has done with its units and Generals.
struct EndSideTurn {};

using Command = std::variant<ChooseOrder, Move, Attack, EndSideTurn>;

// --- Events -------------------------------------------------------------------------------

// I16: both throw a D6, ties throw again; `throws` holds each pair (side 0, side 1).
struct InitiativeThrown {
  int turn = 0;
  std::vector<std::array<Roll, 2>> throws;
  int winner = 0;
};

struct OrderChosen {
  int side = 0;  // the chooser
  bool go_first = true;
  int first_side = 0;
};

struct UnitMoved {
  UnitId unit;
  std::vector<GridPos> path;  // every area entered, in order; empty for a turn in place
  Facing facing = Facing::kNorth;
  bool withdrawal = false;        // I10
  bool stopped_by_enemy = false;  // I9: ended on entering an area adjacent to an enemy
};

struct Casualty {
  UnitId unit;
  int sp_lost = 0;
  bool destroyed = false;
};

struct AttackResolved {
  UnitId unit;
  GridPos target;
  int range = 0;
  int dice = 0;                // dice thrown, General's die included
  bool general_bonus = false;  // I7
  bool cover = false;          // target area is woods, built-up or fortification
  std::vector<Roll> rolls;
  std::vector<Casualty> casualties;  // one per unit or General in the area, hurt or not
};

struct SideTurnEnded {
  int side = 0;
};

// §Turn Sequence 3, I14: the exhaustion check at the end of the turn.
struct TurnEnded {
  int turn = 0;
  std::array<int, 2> losses{};
  std::array<bool, 2> exhausted{};  // after the check
};

struct GameEnded {
  std::optional<int> winner;  // nullopt: a draw
  std::string reason;
  std::array<int, 2> score{};
};

using Event = std::variant<InitiativeThrown, OrderChosen, UnitMoved, AttackResolved, SideTurnEnded,
                           TurnEnded, GameEnded>;

}  // namespace grognard::itchy
