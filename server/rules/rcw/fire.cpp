// Fire (§4b, §6, §10, R3, R7, R9, R11, R13, R23, R26, R27): who may shoot at what, and the shot.
#include <algorithm>

#include "rules/rcw/combat.h"

namespace grognard::rcw::detail {

namespace {

using engine::Inches;

// One firer: a unit, or a car of an armoured train (R13).
struct Gun {
  int side = 0;
  UnitId id;  // the unit, or the car
  std::string name;
  Point pos;
  UnitStats values;
  std::optional<Degrees> facing;  // none: the car's turret fires all round (R23)
  std::vector<UnitId> own;        // left out of its line of fire: itself (and its train, R41)
  bool artillery = false;         // §10, R27: may fire through a FAO
  bool mortar = false;            // §10, R27: may fire through an HQ
  Target self;                    // the firer as the rules see a unit or a car (R7)
};

Gun gun_of(const State& s, std::size_t unit, std::optional<std::size_t> car) {
  const Unit& u = s.units[unit];
  Gun g;
  g.side = u.side;
  g.own = {u.id};
  g.self = Target{unit, car, u.id, u.pos, u.radius};
  if (car) {
    const Car& c = u.cars[*car];
    g.id = c.id;
    g.name = c.name;
    g.pos = c.pos;
    g.values = car_stats(c.armament);
    g.own.push_back(c.id);
    g.self.id = c.id;
    g.self.pos = c.pos;
    return g;
  }
  g.id = u.id;
  g.name = u.name;
  g.pos = u.pos;
  g.values = stats(u.type);
  g.facing = u.facing;
  g.artillery = u.type == UnitType::kArtillery;
  g.mortar = u.type == UnitType::kMortar;
  return g;
}

// §10, R27: an observer of the firer's own side on the table: a FAO for artillery, an HQ for a
// mortar.
Result<const Unit*> observer_for(const State& s, const Gun& g, const UnitId& id) {
  if (!g.artillery && !g.mortar) {
    return illegal(clause::kObserver,
                   g.name +
                       " may not fire through an observer: only artillery and mortars "
                       "may (§10)");
  }
  const UnitType needed = g.artillery ? UnitType::kFao : UnitType::kHq;
  const std::string what = g.artillery ? "a FAO" : "an HQ";
  const Unit* o = s.find(id);
  if (o == nullptr || o->side != g.side || !o->on_table() || o->type != needed) {
    return illegal(clause::kObserver, g.name + " needs " + what + " of its own side on the " +
                                          "table to observe for it; " + id.get() +
                                          " is not one (§10, R27)");
  }
  return o;
}

// §10, R3, R11, R26, R27: range from the firer; front arc and clear line from the firer, or
// from its observer.
Result<Target> check_shot(const State& s, const Gun& g, const UnitId& target,
                          const std::optional<UnitId>& observer) {
  auto t = enemy_target(s, g.side, target, clause::kShootTarget);
  if (!t) return t.error();
  const std::string tname = name_of(s, *t);
  const Inches range = engine::distance(g.pos, t->pos);
  if (engine::beyond(range, Inches{g.values.range})) {
    const Inches reach{g.values.range};
    return illegal(clause::kShootRange, g.name + " is " + engine::inches_text(range, reach) +
                                            " from " + tname + "; its range is " +
                                            engine::inches_text(reach) + " (§1)");
  }
  Point from = g.pos;
  std::optional<Degrees> facing = g.facing;
  std::string who = g.name;
  std::vector<UnitId> except = g.own;
  except.push_back(t->id);
  if (observer) {
    auto o = observer_for(s, g, *observer);
    if (!o) return o.error();
    from = (*o)->pos;
    facing = (*o)->facing;  // R11: the observer's arc; the firer's facing does not matter
    who = "its observer " + (*o)->name;
    except.push_back((*o)->id);
  }
  if (facing && !engine::in_front_arc(from, *facing, t->pos)) {
    return illegal(clause::kShootArc, tname + " is not in the front arc of " + who + " (R3, R11)");
  }
  if (!line_clear(s, g.side, from, t->pos, except)) {
    return illegal(clause::kLineOfFire,
                   "the line of fire from " + who + " to " + tname + " is blocked (§10, R11)");
  }
  return t;
}

std::optional<std::size_t> car_index(const Unit& train, const UnitId& id) {
  for (std::size_t i = 0; i < train.cars.size(); ++i) {
    if (train.cars[i].id == id) return i;
  }
  return std::nullopt;
}

// R13, R23: one Shoot fires every car named, each at its own target.
Status check_train(const State& s, std::size_t unit, const ShootOrder& order) {
  const Unit& train = s.units[unit];
  if (order.cars.empty() || !order.target.get().empty()) {
    return illegal(clause::kShootTarget, train.name +
                                             " names a target for each car that fires, and at "
                                             "least one (R13)");
  }
  if (order.observer) {
    return illegal(clause::kObserver,
                   train.name + "'s cars fire over their own sights, not an observer (R42)");
  }
  std::vector<std::size_t> named;
  for (const CarShot& cs : order.cars) {
    auto i = car_index(train, cs.car);
    if (!i) {
      return illegal(clause::kShootTarget, cs.car.get() + " is not a car of " + train.name);
    }
    const Car& c = train.cars[*i];
    if (std::find(named.begin(), named.end(), *i) != named.end()) {
      return illegal(clause::kShootTarget, c.name + " is named twice: each car fires once (R13)");
    }
    named.push_back(*i);
    if (c.destroyed) return illegal(clause::kDestroyed, c.name + " is destroyed (R13)");
    if (c.pinned) return illegal(clause::kPinned, c.name + " is pinned and may not fire (R23)");
    if (auto t = check_shot(s, gun_of(s, unit, i), cs.target, std::nullopt); !t) return t.error();
  }
  return engine::ok_status();
}

// §6, R7: the firer's shooting dice, hits against the target's cover, then its saves.
// `gone`: targets an earlier car of the same Shoot destroyed (R43: a car whose target is gone
// holds its fire, and throws nothing).
std::optional<Shot> fire(const State& s, const Gun& g, const UnitId& target,
                         const std::optional<UnitId>& observer, Dice& dice,
                         std::vector<UnitId>& gone) {
  auto t = find_target(s, target);
  if (!t || std::find(gone.begin(), gone.end(), t->id) != gone.end()) return std::nullopt;
  Shot shot;
  shot.firer = g.id;
  shot.target = t->id;
  shot.observer = observer;
  shot.range = engine::distance(g.pos, t->pos).get();
  shot.cover = cover_of(s, unit_of(s, *t));
  shot.needed = to_hit(shot.cover);
  shot.dice = dice.d6s(g.values.shoot_dice);
  shot.hits = static_cast<int>(std::count_if(shot.dice.begin(), shot.dice.end(),
                                             [&](const auto& r) { return r.face >= shot.needed; }));
  // R7: armour hit by anything but artillery or a gun-armed tank is only pinned.
  const bool full = !stats_of(s, *t).armoured || hurts_armour(s, g.self, false);
  SaveResult saves = throw_saves(shot.hits, unit_of(s, *t).training, full, dice);
  shot.saves = std::move(saves.saves);
  shot.full_effect = saves.full_effect;
  shot.outcome = saves.outcome;
  if (shot.outcome == Outcome::kDestroyed) gone.push_back(t->id);
  return shot;
}

}  // namespace

Status check_shoot(const State& s, std::size_t unit, const ShootOrder& order) {
  const Unit& u = s.units[unit];
  if (u.type == UnitType::kTrain) return check_train(s, unit, order);
  if (!order.cars.empty()) {
    return illegal(clause::kShootTarget,
                   "only an armoured train names a target for each car (R13)");
  }
  const UnitStats st = stats(u.type);
  if (st.shoot_dice <= 0 || st.range <= 0) {
    return illegal(clause::kCannotDo, u.name + " (" + std::string(to_string(u.type)) +
                                          ") has no shooting dice (§1, R2)");
  }
  // §4b, R9: artillery must be unlimbered, MGs and mortars deployed.
  if (limbers(u.type) && u.limbered) {
    const bool gun = u.type == UnitType::kArtillery;
    return illegal(clause::kDeployedToShoot, u.name + " is " + (gun ? "limbered" : "packed") +
                                                 "; it must " + (gun ? "unlimber" : "deploy") +
                                                 " before it shoots (§4b, R9)");
  }
  auto t = check_shot(s, gun_of(s, unit, std::nullopt), order.target, order.observer);
  if (!t) return t.error();
  return engine::ok_status();
}

void resolve_shoot(Emitter& e, std::size_t unit, const ShootOrder& order, Dice& dice) {
  reveal(e, {unit}, "fired");  // §9, R10: a unit that fires is revealed for good
  // R13: a train's cars fire one after another; a pin or a loss does not change what a later
  // car's shot needs (cover, saves), so the shots are thrown first and the last one alone ends
  // the action (Shot.ends_action).
  std::vector<Shot> shots;
  std::vector<UnitId> gone;
  if (e.s.units[unit].type != UnitType::kTrain) {
    if (auto shot =
            fire(e.s, gun_of(e.s, unit, std::nullopt), order.target, order.observer, dice, gone)) {
      shots.push_back(std::move(*shot));
    }
  } else {
    for (const CarShot& cs : order.cars) {
      auto i = car_index(e.s.units[unit], cs.car);
      if (!i) continue;
      if (auto shot = fire(e.s, gun_of(e.s, unit, i), cs.target, std::nullopt, dice, gone)) {
        shots.push_back(std::move(*shot));
      }
    }
  }
  for (std::size_t k = 0; k < shots.size(); ++k) {
    shots[k].ends_action = k + 1 == shots.size();
    e.emit(std::move(shots[k]));
  }
}

std::vector<ShootOrder> shoot_options(const State& s, std::size_t unit) {
  const Unit& u = s.units[unit];
  std::vector<Target> targets;
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const Unit& v = s.units[i];
    if (v.side != u.side && v.on_table() && sees(s, Sight{u.side, false}, v)) {
      for (const Target& t : targets_of(s, i)) targets.push_back(t);
    }
  }
  std::vector<ShootOrder> out;
  if (u.type == UnitType::kTrain) {
    for (const Car& c : u.cars) {
      for (const Target& t : targets) {
        ShootOrder o;
        o.cars = {CarShot{c.id, t.id}};
        if (check_shoot(s, unit, o)) out.push_back(std::move(o));
      }
    }
    return out;
  }
  const std::optional<UnitType> eye = u.type == UnitType::kArtillery ? std::optional{UnitType::kFao}
                                      : u.type == UnitType::kMortar  ? std::optional{UnitType::kHq}
                                                                     : std::nullopt;
  for (const Target& t : targets) {
    ShootOrder o{t.id, std::nullopt, {}};
    if (check_shoot(s, unit, o)) {
      out.push_back(std::move(o));
      continue;
    }
    if (!eye) continue;
    for (const Unit& v : s.units) {
      if (v.side != u.side || v.type != *eye || !v.on_table()) continue;
      o.observer = v.id;
      if (check_shoot(s, unit, o)) {
        out.push_back(o);
        break;
      }
    }
  }
  return out;
}

}  // namespace grognard::rcw::detail
