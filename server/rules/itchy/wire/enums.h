#pragma once
// Native <-> wire enums of Itchy & Scratchy. The wire enums are open (proto3): a message may
// carry a number no name stands for, so every conversion from the wire may fail.

#include <optional>

#include "grognard/v1/itchy.pb.h"
#include "rules/itchy/state.h"

namespace grognard::itchy::wire {

namespace pb = ::grognard::v1::itchy;

// FACING_UNSPECIFIED and unknown numbers give nullopt.
std::optional<Facing> from_pb(pb::Facing f);
pb::Facing to_pb(Facing f);

// UNIT_TYPE_UNSPECIFIED and unknown numbers give nullopt.
std::optional<UnitType> from_pb(pb::UnitType t);
pb::UnitType to_pb(UnitType t);

// WEAPON_UNSPECIFIED is Weapon::kNone; unknown numbers give nullopt.
std::optional<Weapon> from_pb(pb::Weapon w);
pb::Weapon to_pb(Weapon w);

std::optional<Terrain> from_pb(pb::Terrain t);
pb::Terrain to_pb(Terrain t);

pb::Phase to_pb(Phase p);

// VICTORY_TEST_UNSPECIFIED and unknown numbers give nullopt.
std::optional<VictoryTest> from_pb(pb::VictoryTest t);
pb::VictoryTest to_pb(VictoryTest t);

}  // namespace grognard::itchy::wire
