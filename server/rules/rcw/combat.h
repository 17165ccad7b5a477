#pragma once
// Pieces shared by fire and close assault (fire.cpp, assault.cpp, saves.cpp). Not part of the
// rules API.
#include <string>

#include "rules/rcw/internal.h"

namespace grognard::rcw::detail {

// The unit a target is or belongs to (the train, for a car).
const Unit& unit_of(const State& s, const Target& t);
// The name a message gives it: the unit's, or the car's.
std::string name_of(const State& s, const Target& t);
// §1, R13: its values: the unit type's, or the car's armament's.
UnitStats stats_of(const State& s, const Target& t);
// R23: pins are per car.
bool pinned(const State& s, const Target& t);

// §9, R10, R13, R20, R26: `id` names a live enemy of `side` that the side sees: a unit, or a car
// of a train. A concealed enemy is treated exactly like a unit that does not exist (the error
// never tells whether anything is there: clause rcw.conceal.hidden); one of the side's own units,
// a destroyed one or a whole train is refused with `clause`.
Result<Target> enemy_target(const State& s, int side, const UnitId& id, const char* clause);

}  // namespace grognard::rcw::detail
