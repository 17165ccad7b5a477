#pragma once
// RCW quick rules: unit types and their table (§1, R2), training, terrain kinds, cover classes
// and declared actions (§4). Rule text and rulings R1–R20, and ours (R21…), in docs/rules/rcw.md.
#include <cstdint>
#include <string>
#include <string_view>

namespace grognard::rcw {

// §1 (R2: HQ and FAO are two types with the same values).
enum class UnitType : std::uint8_t {
  kHq,
  kFao,
  kInfantry,
  kMg,
  kMortar,
  kCavalry,
  kArtillery,
  kArmouredCar,
  kTank,
  kWagon,
  kTrain,  // R13: its cars are the targets; each fights as artillery or armoured car
};

// §1: "units may be designated Elite or Conscript".
enum class Training : std::uint8_t { kAverage, kElite, kConscript };

// R13: what a train car fights as.
enum class CarArmament : std::uint8_t { kArtillery, kArmouredCar };

// §12, R12: terrain pieces are polygons; roads and rails are lines (see state.h).
enum class TerrainKind : std::uint8_t { kWoods, kSwamp, kRough, kVillage, kHill };

// §6, R7, R12: the target's class decides the number a die needs to hit.
enum class Cover : std::uint8_t { kOpen, kObscured, kEntrenched, kArmoured };

// §4: the actions a unit declares on activation (R5: two, in order).
enum class ActionKind : std::uint8_t { kMove, kShoot, kLimber, kRally, kAssault };

// What a throw of saves or an assault left a unit (R7, R8).
enum class Outcome : std::uint8_t { kNoEffect, kPinned, kDestroyed };

// §1: the unit table. Lengths in inches; 0 range / dice mean "none".
struct UnitStats {
  double move = 0;
  double range = 0;
  int shoot_dice = 0;
  int assault_dice = 0;
  bool armoured = false;
};
UnitStats stats(UnitType t);
// R13: a train car's values (artillery or armoured car).
UnitStats car_stats(CarArmament a);

// §6, R7: 4+ in the open, 5+ obscured, 6 entrenched or armoured.
int to_hit(Cover c);
// §6, §7, R5, R6, R7: +1 elite, −1 conscript on saves, command and rally throws.
int training_modifier(Training t);

// §4a/§4c, R9: artillery limbers; MGs and mortars pack. Others have no Limber action.
bool limbers(UnitType t);
// §11: only infantry, cavalry and tanks may start a close assault.
bool may_assault(UnitType t);
// §12, R12: artillery, armoured cars, trains and wagons may not enter woods or swamps.
bool wheeled(UnitType t);
// §8, R12: infantry and MGs in a village count as entrenched; a scenario may dig in infantry,
// MGs and mortars.
bool may_dig_in(UnitType t);

std::string_view to_string(UnitType t);  // "infantry", "armoured car", …
std::string_view to_string(Training t);  // "average", "elite", "conscript"
std::string_view to_string(CarArmament a);
std::string_view to_string(TerrainKind k);  // "woods", "swamp", …
std::string_view to_string(Cover c);        // "open", "obscured", "entrenched", "armoured"
std::string_view to_string(ActionKind a);   // "move", "shoot", "limber", "rally", "assault"
std::string_view to_string(Outcome o);      // "no effect", "pinned", "destroyed"

// R4, R10, R11, R12, R16, R17: fixed distances of the rules, in inches.
inline constexpr double kAdjacent = 3.0;          // R4: "adjacent" = within 3"
inline constexpr double kAssaultReach = 3.0;      // §11, R4
inline constexpr double kFallBack = 3.0;          // §11, R8
inline constexpr double kCommandRadius = 12.0;    // §5, R5
inline constexpr double kOwnAreaAllowance = 2.0;  // R11
inline constexpr double kTrainMove = 18.0;        // §1, R13
// Default footprint radius by type when the scenario gives none (R4).
double default_radius(UnitType t);
// A die succeeds on this or more (command, save, rally: §5, §6, §7).
inline constexpr int kPass = 4;
// R8: a natural 6 always hits in close assault.
inline constexpr int kNatural = 6;
// R21 (ours): an assault that has not ended after this many rounds ends with the attacker
// falling back, so that a game always ends.
inline constexpr int kMaxAssaultRounds = 50;

}  // namespace grognard::rcw
