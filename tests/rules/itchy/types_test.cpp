#include <catch2/catch.hpp>

#include "rules/itchy/types.h"

using namespace grognard::itchy;

TEST_CASE("standard Strength Points by unit type", "[itchy.sp]") {
  CHECK(standard_sp(UnitType::kInfantry) == 4);
  CHECK(standard_sp(UnitType::kDismountedCavalry) == 3);
  CHECK(standard_sp(UnitType::kMountedCavalry) == 3);
  CHECK(standard_sp(UnitType::kMachineGun) == 2);
  CHECK(standard_sp(UnitType::kArtillery) == 2);
  CHECK(standard_sp(UnitType::kHorseDrawnTransport) == 1);
  CHECK(standard_sp(UnitType::kGeneral) == 1);
}
