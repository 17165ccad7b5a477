// Saves (§6, R7, R8) and what targets are: names, values, pins, and which enemy may be attacked.
#include "rules/rcw/combat.h"

namespace grognard::rcw::detail {

const Unit& unit_of(const State& s, const Target& t) {
  return s.units[t.unit];
}

std::string name_of(const State& s, const Target& t) {
  const Unit& u = unit_of(s, t);
  return t.car ? u.cars[*t.car].name : u.name;
}

UnitStats stats_of(const State& s, const Target& t) {
  const Unit& u = unit_of(s, t);
  return t.car ? car_stats(u.cars[*t.car].armament) : stats(u.type);
}

bool pinned(const State& s, const Target& t) {
  const Unit& u = unit_of(s, t);
  return t.car ? u.cars[*t.car].pinned : u.pinned;
}

Result<Target> enemy_target(const State& s, int side, const UnitId& id, const char* clause) {
  // R10, R20: the same words whether nothing is there or a concealed enemy is.
  const Error hidden =
      illegal(clause::kConcealed, "no enemy unit " + id.get() + " is in sight (R10)");
  const Unit* owner = nullptr;
  bool destroyed = false;
  std::string name;
  if (const Unit* u = s.find(id)) {
    owner = u;
    destroyed = u->destroyed;
    name = u->name;
  } else if (auto ref = s.find_car(id)) {
    owner = &s.units[ref->unit];
    const Car& c = owner->cars[ref->car];
    destroyed = c.destroyed || owner->destroyed;
    name = c.name;
  }
  if (owner == nullptr) return hidden;
  if (owner->side == side) return illegal(clause, name + " is one of your own units");
  if (!owner->placed || !sees(s, Sight{side, false}, *owner)) return hidden;
  if (destroyed) return illegal(clause, name + " is already destroyed");
  // §9, R19 (amended), R49: a fixed unit in woods or a village is in view but no target until
  // spotted; nor through an observer.
  if (owner->unspotted) {
    const std::string why =
        " stands in woods or a village and has not been spotted: it may not "
        "be shot at or assaulted until it moves or fires or an enemy comes "
        "within 3in (§9, R19)";
    return illegal(clause::kUnspotted, name + why);
  }
  if (owner->type == UnitType::kTrain && owner->id == id) {
    return illegal(clause, name + " is an armoured train: name one of its cars (R13)");
  }
  auto t = find_target(s, id);
  if (!t) return hidden;
  return *t;
}

SaveResult throw_saves(int hits, Training training, bool full_effect, Dice& dice) {
  // §6, R7: one die per hit, 4+ saves, +1 elite, -1 conscript. Any failed save destroys, else
  // the unit is pinned. Armour hit by what cannot hurt it (R7, R8): a failed save only pins and
  // a passed one has no effect.
  SaveResult r;
  r.full_effect = full_effect;
  std::vector<Modifier> parts;
  add_training(parts, training);
  bool failed = false;
  for (int i = 0; i < hits; ++i) {
    Save save;
    save.roll = dice.d6();
    save.parts = parts;
    save.total = total_of(save.roll, parts);
    save.saved = save.total >= kPass;
    failed = failed || !save.saved;
    r.saves.push_back(std::move(save));
  }
  if (hits <= 0) {
    r.outcome = Outcome::kNoEffect;
  } else if (full_effect) {
    r.outcome = failed ? Outcome::kDestroyed : Outcome::kPinned;
  } else {
    r.outcome = failed ? Outcome::kPinned : Outcome::kNoEffect;
  }
  return r;
}

bool hurts_armour(const State& s, const Target& by, bool assault) {
  const Unit& u = unit_of(s, by);
  const bool gun_tank = u.type == UnitType::kTank && u.gun;
  // R8: in close assault, infantry and gun-armed tanks roll as normal against armour; any other
  // assailant (cavalry, a tank without a gun, a defending gun or car) only pins.
  if (assault) return gun_tank || u.type == UnitType::kInfantry;
  // §6, R7, R11: fire from artillery (and artillery cars, R13) or a gun-armed tank; a mortar is
  // not artillery.
  if (by.car) return u.cars[*by.car].armament == CarArmament::kArtillery;
  return gun_tank || u.type == UnitType::kArtillery;
}

}  // namespace grognard::rcw::detail
