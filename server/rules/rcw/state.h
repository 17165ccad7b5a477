#pragma once
// The state of an RCW game: the fold of its events over its scenario.
//
// Geometry is engine/plane.h's: x east, y north, inches; facings are compass bearings (0 = north,
// clockwise). Every length comparison follows R18 (engine::kTolerance, bounds inclusive).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/find.h"
#include "engine/plane.h"
#include "engine/sight.h"
#include "engine/strong.h"
#include "rules/rcw/types.h"

namespace grognard::rcw {

using engine::Degrees;
using engine::Point;
using engine::Polygon;
using engine::UnitId;

inline constexpr int kSides = 2;

// --- Scenario (rule-set native form) --------------------------------------------------------

struct SideInfo {
  std::string name;      // "Reds"
  std::string briefing;  // public text for people; the scenario is public
};

// §12, R12: a terrain piece.
struct TerrainPiece {
  std::string name;
  TerrainKind kind = TerrainKind::kWoods;
  Polygon area;
};

// A road or a railway line, as a polyline. Roads are for people (R12 gives them no effect);
// rails carry the armoured train (R13).
struct Line {
  std::string name;
  std::vector<Point> path;
};

// R19: where a side may place its units before turn 1.
struct Zone {
  int side = 0;
  std::string name;
  Polygon area;
};

// R14: an objective held at the end scores its points for the side that holds it (a unit of its
// own within `radius` of the point and none of the enemy's).
struct Objective {
  std::string name;
  Point pos;
  double radius = 3.0;
  int points = 1;
};

// R13: one car of an armoured train.
struct ScenarioCar {
  UnitId id;
  std::string name;
  CarArmament armament = CarArmament::kArtillery;
};

struct ScenarioUnit {
  UnitId id;
  std::string name;
  int side = 0;
  UnitType type = UnitType::kInfantry;
  Training training = Training::kAverage;
  // R19: a unit with a position is fixed by the scenario (public); one without is deployed in
  // secret by its side. A train is always fixed: `rail` and `rail_at` place it.
  std::optional<Point> pos;
  Degrees facing;
  bool limbered = false;  // artillery limbered; MGs and mortars packed (R9)
  bool dug_in = false;    // R12: the scenario marks infantry, MGs and mortars as dug in
  bool gun = false;       // §6, R7: a tank that carries artillery
  double radius = 0;      // R4; 0: default_radius(type)
  int points = 1;         // victory points to the enemy when destroyed
  // R13: the train's cars, its line and where its first car's centre stands along it
  // (inches from the line's first point); the others follow behind, one car length apart.
  std::vector<ScenarioCar> cars;
  std::string rail;
  double rail_at = 0;
  bool reversed = false;  // the train faces towards the line's start
};

struct Scenario {
  std::string name;
  std::string description;
  double width = 72.0, height = 48.0;  // the table, inches
  SideInfo sides[kSides];
  int first_side = 0;  // R14
  int turns = 8;       // R14: the turn limit
  std::vector<ScenarioUnit> units;
  std::vector<TerrainPiece> terrain;
  std::vector<Line> roads;
  std::vector<Line> rails;
  std::vector<Zone> zones;
  std::vector<Objective> objectives;
  std::string victory;  // the victory conditions in words (R14: required)
};

// --- State ----------------------------------------------------------------------------------

struct Car {
  UnitId id;
  std::string name;
  CarArmament armament = CarArmament::kArtillery;
  Point pos;  // derived from the train's place on its line
  bool pinned = false;
  bool destroyed = false;
};

struct Unit {
  UnitId id;
  std::string name;
  int side = 0;
  UnitType type = UnitType::kInfantry;
  Training training = Training::kAverage;
  bool gun = false;
  double radius = 1.0;
  int points = 1;
  // Its place among its side's units in the scenario (0 = the first): fixed and public, so that
  // a client may mark it with a letter that never changes. Not hashed: the scenario fixes it.
  std::uint32_t mark = 0;

  Point pos;
  Degrees facing;
  bool fixed = false;   // R19: placed by the scenario, public from the start
  bool placed = false;  // R19: on the table (fixed, or deployed by its side)
  bool limbered = false;
  bool dug_in = false;
  bool pinned = false;
  bool destroyed = false;
  // R10, R19, R20: unseen by the enemy and observers. Every unit deployed in secret is concealed
  // until deployment ends; then those in woods or villages stay so until revealed, for good.
  bool concealed = false;
  // §9, R19 (amended), R49: a fixed unit standing in woods or a village: public, but no target
  // (not shot at, directly or through an observer, nor assaulted) until spotted as R10 says:
  // it moves or fires, or an enemy comes within 3".
  bool unspotted = false;
  bool activated = false;  // R14: this turn

  // R13: the train.
  std::vector<Car> cars;
  std::size_t rail = 0;  // index into State::rails
  double rail_at = 0;
  bool reversed = false;

  bool on_table() const { return placed && !destroyed; }
};

enum class Phase : std::uint8_t {
  kNotStarted,  // waiting for begin()
  kDeploy,      // R19: both sides place their units
  kPlay,        // R14: side turns
  kOver,
};

// The unit being activated and where it is in its declared actions (R5).
struct Activation {
  std::size_t unit = 0;  // index into State::units
  ActionKind actions[2] = {ActionKind::kMove, ActionKind::kMove};
  int next = 0;                 // the action to carry out next: 0, 1; 2 = done
  bool command_thrown = false;  // R5: once, before the first Move or Close Assault
  bool command_failed = false;  // R5: Move and Close Assault are cancelled
  bool rally_failed = false;    // R6
};

struct State {
  std::string scenario_name;
  std::string description;
  double width = 0, height = 0;
  SideInfo sides[kSides];
  int first_side = 0;
  int turns = 0;
  std::vector<Unit> units;
  std::vector<TerrainPiece> terrain;
  std::vector<Line> roads;
  std::vector<Line> rails;
  std::vector<Zone> zones;
  std::vector<Objective> objectives;
  std::string victory;

  Phase phase = Phase::kNotStarted;
  bool confirmed[kSides] = {false, false};  // R19
  int turn = 0;                             // 1-based once play begins
  int side = 0;                             // whose side turn it is (R14)
  std::optional<Activation> active;
  int destroyed_points[kSides] = {0, 0};  // points each side has scored by destroying enemies
  std::string result;                     // when over: "Reds win", "Draw"
  std::string end_reason;
  std::optional<int> winner;

  const Unit* find(const UnitId& id) const { return engine::find_by_id(units, id); }
  Unit* find(const UnitId& id) { return engine::find_by_id(units, id); }
  std::optional<std::size_t> index_of(const UnitId& id) const {
    return engine::index_by_id(units, id);
  }
  // The train car with this id and its train, if any.
  struct CarRef {
    std::size_t unit = 0;
    std::size_t car = 0;
  };
  std::optional<CarRef> find_car(const UnitId& id) const;
  // The unit with this id, or the train whose car it names; null when neither.
  const Unit* owner(const UnitId& id) const;
};

// "side:0" / "side:1": the seats of the two generals.
std::string seat_of(int side);
std::optional<int> side_of_seat(std::string_view seat);

}  // namespace grognard::rcw
