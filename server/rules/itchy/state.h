#pragma once
// The state of an Itchy & Scratchy game: the fold of its events over its scenario.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/find.h"
#include "engine/grid.h"
#include "engine/strong.h"
#include "rules/itchy/types.h"

namespace grognard::itchy {

using engine::Facing;
using engine::GridPos;
using engine::GridSize;
using engine::UnitId;

// --- Scenario (rule-set native form; scenario_pb converts from the textproto) -------------

struct ScenarioUnit {
  UnitId id;
  std::string name;
  UnitType type = UnitType::kInfantry;
  Weapon weapon = Weapon::kNone;
  int sp = 0;  // 1 to 20; 0: the type's standard SP
  GridPos pos;
  Facing facing = Facing::kNorth;
  bool native = false;  // native troops: the only ones that may carry hand-held weapons (I24)
};

struct ScenarioSide {
  std::string name;
  std::vector<ScenarioUnit> units;
};

struct TerrainArea {
  GridPos pos;
  Terrain terrain = Terrain::kOpen;
};

struct Objective {
  std::string name;
  GridPos pos;
  int points = 1;
};

// I23: what one victory condition tests at the end of the battle.
enum class VictoryTest : std::uint8_t {
  kNoUnitsLeft,       // a side with no units left (Generals aside) loses
  kSideExhausted,     // a side that alone has reached its Exhaustion Point loses
  kObjectivesHeld,    // the side holding more objective points wins
  kEnemySpDestroyed,  // the side that destroyed more enemy SP wins
  kScore,             // the higher score (enemy SP destroyed + objective points) wins (I19)
  kTurnLimit,         // the battle lasted to the end of the last turn: `side` wins
};
std::string_view to_string(VictoryTest t);

struct VictoryCondition {
  VictoryTest test = VictoryTest::kScore;
  std::vector<std::string> objectives;  // kObjectivesHeld, kScore: those counted; empty: all
  int side = -1;     // the only side it may name the winner; -1: either (kTurnLimit needs one)
  int at_least = 0;  // kObjectivesHeld, kEnemySpDestroyed, kScore: the winner's minimum
};

// I16: the scenario's victory conditions name the winner. I23: they are tried in order and
// the first that names a winner decides; a scenario that states none has I19's.
struct Victory {
  std::string description;
  std::vector<Objective> objectives;
  std::vector<VictoryCondition> conditions;
};

struct Scenario {
  std::string name;
  std::string description;
  GridSize size;
  std::vector<TerrainArea> terrain;  // areas not listed are open
  std::array<ScenarioSide, 2> sides;
  int turn_limit = 0;
  Victory victory;
};

// --- State --------------------------------------------------------------------------------

struct Unit {
  UnitId id;
  std::string name;
  int side = 0;
  UnitType type = UnitType::kInfantry;
  Weapon weapon = Weapon::kNone;
  bool native = false;  // I24
  int start_sp = 0;
  int sp = 0;
  GridPos pos;
  Facing facing = Facing::kNorth;
  bool removed = false;  // destroyed and removed from the battlefield
  // This turn:
  bool activated = false;  // I8: each unit and General at most once a turn
  bool moved = false;      // has made its one move (I8: turning in place is a move of 0)
  int areas_moved = 0;
  bool attacked = false;
};

struct SideState {
  std::string name;
  int start_sp = 0;
  int exhaustion_point = 0;  // I14: ceil(start_sp / 2), Generals included
  int losses = 0;
  bool exhausted = false;  // I14: from the turn after losses reached the point
};

enum class Phase : std::uint8_t {
  kNotStarted,   // waiting for begin(): the first initiative throw
  kChooseOrder,  // the initiative winner chooses to go first or second
  kActivation,   // `acting_side` activates its units and Generals
  kOver,
};

struct State {
  std::string scenario_name;
  GridSize size;
  std::vector<Terrain> terrain;  // size.width * size.height, row-major
  std::array<SideState, 2> sides;
  std::vector<Unit> units;  // scenario order; removed units stay, marked
  Victory victory;          // conditions as stated, or I19's when the scenario states none
  int turn_limit = 0;

  int turn = 0;  // 1-based once begun
  Phase phase = Phase::kNotStarted;
  int initiative_winner = -1;
  int first_side = -1;
  int acting_side = -1;
  int half = 0;                       // 0: the first side is acting, 1: the second
  std::optional<std::size_t> active;  // index of the unit whose activation is open

  std::optional<int> winner;  // when over: 0, 1, or nullopt for a draw
  std::string end_reason;
  std::array<int, 2> score{};

  Terrain terrain_at(GridPos p) const {
    return terrain[static_cast<std::size_t>(p.y * size.width + p.x)];
  }
  const Unit* find(const UnitId& id) const { return engine::find_by_id(units, id); }
  Unit* find(const UnitId& id) { return engine::find_by_id(units, id); }
  std::optional<std::size_t> index_of(const UnitId& id) const {
    return engine::index_by_id(units, id);
  }
  // Units and Generals on the table (not removed) in area `p`.
  std::vector<const Unit*> at(GridPos p) const;
};

}  // namespace grognard::itchy
