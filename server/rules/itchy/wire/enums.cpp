#include "rules/itchy/wire/enums.h"

namespace grognard::itchy::wire {

std::optional<Facing> from_pb(pb::Facing f) {
  switch (f) {
    case pb::NORTH:
      return Facing::kNorth;
    case pb::EAST:
      return Facing::kEast;
    case pb::SOUTH:
      return Facing::kSouth;
    case pb::WEST:
      return Facing::kWest;
    default:
      return std::nullopt;
  }
}

pb::Facing to_pb(Facing f) {
  switch (f) {
    case Facing::kNorth:
      return pb::NORTH;
    case Facing::kEast:
      return pb::EAST;
    case Facing::kSouth:
      return pb::SOUTH;
    case Facing::kWest:
      return pb::WEST;
  }
  return pb::FACING_UNSPECIFIED;
}

std::optional<UnitType> from_pb(pb::UnitType t) {
  switch (t) {
    case pb::INFANTRY:
      return UnitType::kInfantry;
    case pb::DISMOUNTED_CAVALRY:
      return UnitType::kDismountedCavalry;
    case pb::MOUNTED_CAVALRY:
      return UnitType::kMountedCavalry;
    case pb::MACHINE_GUN:
      return UnitType::kMachineGun;
    case pb::ARTILLERY:
      return UnitType::kArtillery;
    case pb::HORSE_DRAWN_TRANSPORT:
      return UnitType::kHorseDrawnTransport;
    case pb::GENERAL:
      return UnitType::kGeneral;
    default:
      return std::nullopt;
  }
}

pb::UnitType to_pb(UnitType t) {
  switch (t) {
    case UnitType::kInfantry:
      return pb::INFANTRY;
    case UnitType::kDismountedCavalry:
      return pb::DISMOUNTED_CAVALRY;
    case UnitType::kMountedCavalry:
      return pb::MOUNTED_CAVALRY;
    case UnitType::kMachineGun:
      return pb::MACHINE_GUN;
    case UnitType::kArtillery:
      return pb::ARTILLERY;
    case UnitType::kHorseDrawnTransport:
      return pb::HORSE_DRAWN_TRANSPORT;
    case UnitType::kGeneral:
      return pb::GENERAL;
  }
  return pb::UNIT_TYPE_UNSPECIFIED;
}

std::optional<Weapon> from_pb(pb::Weapon w) {
  switch (w) {
    case pb::WEAPON_UNSPECIFIED:
      return Weapon::kNone;
    case pb::RIFLED_HEAVY_ARTILLERY:
      return Weapon::kRifledHeavyArtillery;
    case pb::RIFLED_FIELD_ARTILLERY:
      return Weapon::kRifledFieldArtillery;
    case pb::RIFLED_MOUNTAIN_ARTILLERY:
      return Weapon::kRifledMountainArtillery;
    case pb::SMOOTHBORE_HEAVY_ARTILLERY:
      return Weapon::kSmoothboreHeavyArtillery;
    case pb::SMOOTHBORE_FIELD_ARTILLERY:
      return Weapon::kSmoothboreFieldArtillery;
    case pb::SMOOTHBORE_MOUNTAIN_ARTILLERY:
      return Weapon::kSmoothboreMountainArtillery;
    case pb::MACHINE_GUNS:
      return Weapon::kMachineGun;
    case pb::RIFLES:
      return Weapon::kRifles;
    case pb::MUSKETS:
      return Weapon::kMuskets;
    case pb::HAND_HELD:
      return Weapon::kHandHeld;
    default:
      return std::nullopt;
  }
}

pb::Weapon to_pb(Weapon w) {
  switch (w) {
    case Weapon::kNone:
      return pb::WEAPON_UNSPECIFIED;
    case Weapon::kRifledHeavyArtillery:
      return pb::RIFLED_HEAVY_ARTILLERY;
    case Weapon::kRifledFieldArtillery:
      return pb::RIFLED_FIELD_ARTILLERY;
    case Weapon::kRifledMountainArtillery:
      return pb::RIFLED_MOUNTAIN_ARTILLERY;
    case Weapon::kSmoothboreHeavyArtillery:
      return pb::SMOOTHBORE_HEAVY_ARTILLERY;
    case Weapon::kSmoothboreFieldArtillery:
      return pb::SMOOTHBORE_FIELD_ARTILLERY;
    case Weapon::kSmoothboreMountainArtillery:
      return pb::SMOOTHBORE_MOUNTAIN_ARTILLERY;
    case Weapon::kMachineGun:
      return pb::MACHINE_GUNS;
    case Weapon::kRifles:
      return pb::RIFLES;
    case Weapon::kMuskets:
      return pb::MUSKETS;
    case Weapon::kHandHeld:
      return pb::HAND_HELD;
  }
  return pb::WEAPON_UNSPECIFIED;
}

std::optional<Terrain> from_pb(pb::Terrain t) {
  switch (t) {
    case pb::OPEN:
      return Terrain::kOpen;
    case pb::WOODS:
      return Terrain::kWoods;
    case pb::BUILT_UP:
      return Terrain::kBuiltUp;
    case pb::FORTIFICATION:
      return Terrain::kFortification;
    default:
      return std::nullopt;
  }
}

pb::Terrain to_pb(Terrain t) {
  switch (t) {
    case Terrain::kOpen:
      return pb::OPEN;
    case Terrain::kWoods:
      return pb::WOODS;
    case Terrain::kBuiltUp:
      return pb::BUILT_UP;
    case Terrain::kFortification:
      return pb::FORTIFICATION;
  }
  return pb::OPEN;
}

pb::Phase to_pb(Phase p) {
  switch (p) {
    case Phase::kNotStarted:
      return pb::PHASE_NOT_STARTED;
    case Phase::kChooseOrder:
      return pb::PHASE_CHOOSE_ORDER;
    case Phase::kActivation:
      return pb::PHASE_ACTIVATION;
    case Phase::kOver:
      return pb::PHASE_OVER;
  }
  return pb::PHASE_NOT_STARTED;
}

std::optional<VictoryTest> from_pb(pb::VictoryTest t) {
  switch (t) {
    case pb::NO_UNITS_LEFT:
      return VictoryTest::kNoUnitsLeft;
    case pb::SIDE_EXHAUSTED:
      return VictoryTest::kSideExhausted;
    case pb::OBJECTIVES_HELD:
      return VictoryTest::kObjectivesHeld;
    case pb::ENEMY_SP_DESTROYED:
      return VictoryTest::kEnemySpDestroyed;
    case pb::SCORE:
      return VictoryTest::kScore;
    case pb::TURN_LIMIT:
      return VictoryTest::kTurnLimit;
    default:
      return std::nullopt;
  }
}

pb::VictoryTest to_pb(VictoryTest t) {
  switch (t) {
    case VictoryTest::kNoUnitsLeft:
      return pb::NO_UNITS_LEFT;
    case VictoryTest::kSideExhausted:
      return pb::SIDE_EXHAUSTED;
    case VictoryTest::kObjectivesHeld:
      return pb::OBJECTIVES_HELD;
    case VictoryTest::kEnemySpDestroyed:
      return pb::ENEMY_SP_DESTROYED;
    case VictoryTest::kScore:
      return pb::SCORE;
    case VictoryTest::kTurnLimit:
      return pb::TURN_LIMIT;
  }
  return pb::VICTORY_TEST_UNSPECIFIED;
}

}  // namespace grognard::itchy::wire
