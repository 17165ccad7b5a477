#include "rules/itchy/types.h"

#include <array>

namespace grognard::itchy {

std::string_view to_string(UnitType t) {
  switch (t) {
    case UnitType::kInfantry:
      return "infantry";
    case UnitType::kDismountedCavalry:
      return "dismounted cavalry";
    case UnitType::kMountedCavalry:
      return "mounted cavalry";
    case UnitType::kMachineGun:
      return "machine gun";
    case UnitType::kArtillery:
      return "artillery";
    case UnitType::kHorseDrawnTransport:
      return "horse-drawn transport";
    case UnitType::kGeneral:
      return "General";
  }
  return "?";
}

std::string_view to_string(Weapon w) {
  switch (w) {
    case Weapon::kNone:
      return "none";
    case Weapon::kRifledHeavyArtillery:
      return "rifled heavy artillery";
    case Weapon::kRifledFieldArtillery:
      return "rifled field artillery";
    case Weapon::kRifledMountainArtillery:
      return "rifled mountain artillery";
    case Weapon::kSmoothboreHeavyArtillery:
      return "smooth-bore heavy artillery";
    case Weapon::kSmoothboreFieldArtillery:
      return "smooth-bore field artillery";
    case Weapon::kSmoothboreMountainArtillery:
      return "smooth-bore mountain artillery";
    case Weapon::kMachineGun:
      return "machine gun";
    case Weapon::kRifles:
      return "rifles & carbines";
    case Weapon::kMuskets:
      return "muskets";
    case Weapon::kHandHeld:
      return "hand-held weapons";
  }
  return "?";
}

std::string_view to_string(Terrain t) {
  switch (t) {
    case Terrain::kOpen:
      return "open";
    case Terrain::kWoods:
      return "woods";
    case Terrain::kBuiltUp:
      return "built-up area";
    case Terrain::kFortification:
      return "fortification";
  }
  return "?";
}

// §Unit Strength Points.
int standard_sp(UnitType t) {
  switch (t) {
    case UnitType::kInfantry:
      return 4;
    case UnitType::kDismountedCavalry:
      return 3;
    case UnitType::kMountedCavalry:
      return 3;
    case UnitType::kMachineGun:
      return 2;
    case UnitType::kArtillery:
      return 2;
    case UnitType::kHorseDrawnTransport:
      return 1;
    case UnitType::kGeneral:
      return 1;  // §Generals: a Strength Point of 1
  }
  return 0;
}

// §Movement; §Generals: 3 grid areas.
int movement_allowance(UnitType t) {
  switch (t) {
    case UnitType::kMountedCavalry:
      return 3;
    case UnitType::kGeneral:
      return 3;
    default:
      return 2;
  }
}

namespace {
constexpr std::array<int, 9> kRifledHeavy{6, 6, 6, 4, 4, 4, 2, 2, 2};
constexpr std::array<int, 6> kRifledField{6, 6, 4, 4, 2, 2};
constexpr std::array<int, 5> kRifledMountain{6, 4, 4, 2, 2};
constexpr std::array<int, 6> kSmoothHeavy{6, 6, 4, 4, 2, 2};
constexpr std::array<int, 5> kSmoothField{6, 4, 4, 2, 2};
constexpr std::array<int, 4> kSmoothMountain{4, 4, 2, 2};
constexpr std::array<int, 4> kMachineGunTable{8, 6, 4, 2};
constexpr std::array<int, 3> kRiflesTable{6, 4, 2};
constexpr std::array<int, 2> kMusketsTable{4, 2};
constexpr std::array<int, 1> kHandHeldTable{4};
}  // namespace

// §Combat: "The numbers show how many D6 dice are thrown at different ranges."
std::span<const int> dice_table(Weapon w) {
  switch (w) {
    case Weapon::kNone:
      return {};
    case Weapon::kRifledHeavyArtillery:
      return kRifledHeavy;
    case Weapon::kRifledFieldArtillery:
      return kRifledField;
    case Weapon::kRifledMountainArtillery:
      return kRifledMountain;
    case Weapon::kSmoothboreHeavyArtillery:
      return kSmoothHeavy;
    case Weapon::kSmoothboreFieldArtillery:
      return kSmoothField;
    case Weapon::kSmoothboreMountainArtillery:
      return kSmoothMountain;
    case Weapon::kMachineGun:
      return kMachineGunTable;
    case Weapon::kRifles:
      return kRiflesTable;
    case Weapon::kMuskets:
      return kMusketsTable;
    case Weapon::kHandHeld:
      return kHandHeldTable;
  }
  return {};
}

int dice_at_range(Weapon w, int range) {
  const auto table = dice_table(w);
  if (range < 1 || range > static_cast<int>(table.size())) return 0;
  return table[static_cast<std::size_t>(range - 1)];
}

int max_range(Weapon w) {
  return static_cast<int>(dice_table(w).size());
}

bool is_cover(Terrain t) {
  return t != Terrain::kOpen;
}

bool is_general(UnitType t) {
  return t == UnitType::kGeneral;
}

bool is_artillery_weapon(Weapon w) {
  switch (w) {
    case Weapon::kRifledHeavyArtillery:
    case Weapon::kRifledFieldArtillery:
    case Weapon::kRifledMountainArtillery:
    case Weapon::kSmoothboreHeavyArtillery:
    case Weapon::kSmoothboreFieldArtillery:
    case Weapon::kSmoothboreMountainArtillery:
      return true;
    default:
      return false;
  }
}

// I6.
TargetClass target_class(UnitType t) {
  switch (t) {
    case UnitType::kArtillery:
    case UnitType::kMachineGun:
      return TargetClass::kGunOrMachineGun;
    case UnitType::kMountedCavalry:
    case UnitType::kDismountedCavalry:
    case UnitType::kHorseDrawnTransport:
      return TargetClass::kMountedOrTransport;
    case UnitType::kInfantry:
      return TargetClass::kInfantry;
    case UnitType::kGeneral:
      return TargetClass::kGeneral;
  }
  return TargetClass::kInfantry;
}

bool face_hurts(TargetClass c, int face) {
  switch (c) {
    case TargetClass::kGunOrMachineGun:
      return face == 1;
    case TargetClass::kMountedOrTransport:
      return face == 2 || face == 3;
    case TargetClass::kInfantry:
      return face >= 4;
    case TargetClass::kGeneral:
      return face == 1;
  }
  return false;
}

// I22.
bool weapon_fits(UnitType t, Weapon w) {
  switch (t) {
    case UnitType::kGeneral:
    case UnitType::kHorseDrawnTransport:
      return w == Weapon::kNone;
    case UnitType::kArtillery:
      return is_artillery_weapon(w);
    case UnitType::kMachineGun:
      return w == Weapon::kMachineGun;
    case UnitType::kInfantry:
    case UnitType::kDismountedCavalry:
    case UnitType::kMountedCavalry:
      return w == Weapon::kRifles || w == Weapon::kMuskets || w == Weapon::kHandHeld;
  }
  return false;
}

}  // namespace grognard::itchy
