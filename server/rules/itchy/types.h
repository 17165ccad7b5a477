#pragma once
// Itchy & Scratchy (Mark 2): unit types, weapons and terrain with their tables.
// Rule text: rules/itchy-and-scratchy-mark2.txt; rulings I1–I16 and ours in docs/rules/itchy.md.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace grognard::itchy {

enum class UnitType : std::uint8_t {
  kInfantry,
  kDismountedCavalry,
  kMountedCavalry,
  kMachineGun,
  kArtillery,
  kHorseDrawnTransport,
  kGeneral,  // not a unit per se (§Generals), but activated and attacked like one
};

enum class Weapon : std::uint8_t {
  kNone,  // Generals and horse-drawn transport (I7)
  kRifledHeavyArtillery,
  kRifledFieldArtillery,
  kRifledMountainArtillery,
  kSmoothboreHeavyArtillery,
  kSmoothboreFieldArtillery,
  kSmoothboreMountainArtillery,
  kMachineGun,
  kRifles,  // rifles and carbines
  kMuskets,
  kHandHeld,  // native troops only
};

// I12: woods, built-up areas and fortifications block sight and count as cover.
enum class Terrain : std::uint8_t { kOpen, kWoods, kBuiltUp, kFortification };

std::string_view to_string(UnitType t);
std::string_view to_string(Weapon w);
std::string_view to_string(Terrain t);

// §Unit Strength Points: the standard SP of a type (scenarios may adjust it).
int standard_sp(UnitType t);
// §Movement, §Generals: grid areas a turn.
int movement_allowance(UnitType t);
// §Combat table, I7: dice thrown at range k are dice_table(w)[k-1]; empty for kNone.
std::span<const int> dice_table(Weapon w);
// Dice at `range`, or 0 when out of range.
int dice_at_range(Weapon w, int range);
int max_range(Weapon w);

bool is_cover(Terrain t);
bool is_general(UnitType t);
bool is_artillery_weapon(Weapon w);

// I6: the target classes and the faces whose pairs hurt them.
enum class TargetClass : std::uint8_t {
  kGunOrMachineGun,
  kMountedOrTransport,
  kInfantry,
  kGeneral
};
TargetClass target_class(UnitType t);
bool face_hurts(TargetClass c, int face);

// Which weapons a unit type may carry (I7; scenario validation). Generals and transport carry
// none; artillery carries a gun; machine guns the machine gun; infantry and cavalry carry
// rifles (carbines), muskets or hand-held weapons.
bool weapon_fits(UnitType t, Weapon w);

}  // namespace grognard::itchy
