// Fire combat (S7, S8, S14): range, line of sight, the D20 and its modifiers, loading, aiming.
#include <algorithm>

#include "rules/sharpe/clauses.h"
#include "rules/sharpe/internal.h"

namespace grognard::sharpe::detail {

namespace {

Result<const Weapon*> ready_weapon(const Figure& f, std::size_t index) {
  if (index >= f.weapons.size() || !is_missile(f.weapons[index].kind)) {
    return illegal(clause::kWeapon, f.name + " has no firearm or thrown weapon there");
  }
  const Weapon& w = f.weapons[index];
  if (w.out_of_action) {
    return illegal(clause::kOutOfAction,
                   f.name + "'s " + std::string(to_string(w.kind)) + " is out of action (S7)");
  }
  if (!w.loaded) {
    return illegal(clause::kUnloaded,
                   f.name + "'s " + std::string(to_string(w.kind)) + " is not loaded (S8)");
  }
  return &w;
}

Action fire_action(const Weapon& w) {
  return w.kind == WeaponKind::kThrown ? Action::kThrow : Action::kFire;
}

// §Small arms modifiers (S8: "moved" this turn; S14: one cover).
// §Small Arms Fire modifiers (S8, S11, S14).
std::vector<Modifier> fire_modifiers(const State& s, const Figure& firer, const Figure& target) {
  std::vector<Modifier> m;
  if (target.moved) m.push_back({"target moved", -2});
  if (firer.aimed) m.push_back({"aimed shot", 2});
  if (hero_of(s, firer) == &firer) m.push_back({"hero shooting", 1});
  if (in_cover(s, firer.pos, target)) m.push_back({"target in building or cover", -2});
  return m;
}

}  // namespace

Status check_fire(const State& s, const Fire& c) {
  const Figure& f = *s.find(c.figure);
  auto w = ready_weapon(f, c.weapon);
  if (!w) return w.error();
  const Figure* t = s.find(c.target);
  // S16: only an enemy, a figure of another player's seat, is fired at.
  if (t == nullptr || !t->on_table() || s.groups[t->group].seat == s.groups[f.group].seat) {
    return illegal(clause::kTarget, "the target must be an enemy figure on the table");
  }
  // S7: out of range or out of line of sight, no shot.
  const auto range = engine::distance(f.pos, t->pos);
  if (engine::beyond(range, max_range((*w)->kind))) {
    const Inches reach = max_range((*w)->kind);
    return illegal(clause::kRange, t->name + " is " + engine::inches_text(range, reach) +
                                       " away; a " + std::string(to_string((*w)->kind)) +
                                       " reaches " + engine::inches_text(reach) + " (S7)");
  }
  if (!in_sight(s, f.pos, t->pos)) {
    return illegal(clause::kLineOfSight, f.name + " cannot see " + t->name + " (S14)");
  }
  return can_spend(f, cost(fire_action(**w), f.hurt()));
}

// S7: the bare 20 hits and the bare 1 misses and puts the weapon out of action; otherwise the
// scaled face plus modifiers must be strictly greater than the range.
Result<std::vector<Event>> decide_fire(const State& s, const Fire& c, Dice& dice) {
  if (auto st = check_fire(s, c); !st) return st.error();
  const Figure& f = *s.find(c.figure);
  const Figure& t = *s.find(c.target);
  const Weapon& w = f.weapons[c.weapon];
  Fired ev{f.id,
           c.weapon,
           t.id,
           engine::distance(f.pos, t.pos).get(),
           dice.roll(20),
           0,
           0,
           false,
           false,
           cost(fire_action(w), f.hurt()),
           {}};
  ev.parts = fire_modifiers(s, f, t);
  ev.modifiers = sum(ev.parts);
  ev.total = scaled_face(w.kind, ev.roll.face) + ev.modifiers;
  if (ev.roll.face == 20) {
    ev.hit = true;
  } else if (ev.roll.face == 1) {
    ev.malfunction = true;
  } else {
    ev.hit = engine::Inches{static_cast<double>(ev.total)} > engine::Inches{ev.range};
  }
  Emitter e{s, {}};
  const bool hit = ev.hit;
  e.emit(std::move(ev));
  if (hit) resolve_hit(e, t.id, f.pos, dice);
  return std::move(e.out);
}

void resolve_hit(Emitter& e, const FigureId& target, Point source, Dice& dice) {
  const Roll r = dice.d6();  // §Hit Table
  hurt(e, target, r, hit_table(r.face), dice);
  count_hit(e, e.s.find(target)->group, source, dice);  // S10
}

// S8: aiming counts for a shot in the same activation.
Result<std::vector<Event>> decide_aim(const State& s, const Aim& c) {
  const Figure& f = *s.find(c.figure);
  bool ready = false;
  for (std::size_t i = 0; i < f.weapons.size(); ++i) ready = ready || ready_weapon(f, i).ok();
  if (!ready) return illegal(clause::kAim, f.name + " has no loaded weapon to aim");
  if (f.aimed) return illegal(clause::kAim, f.name + " is already aiming");
  const int n = cost(Action::kAim, f.hurt());
  if (auto st = can_spend(f, n); !st) return st.error();
  return std::vector<Event>{FunctionsSpent{f.id, Action::kAim, n, std::nullopt, false}};
}

// S8: the functions spent so far stay counted when the cost changes (S4, S12).
int load_needed(const Figure& f, const Weapon& w) {
  const auto a = load_action(w.kind);
  if (w.loaded || !a) return 0;
  return std::max(0, cost(*a, f.hurt()) - w.load_spent);
}

// S8: loading costs the table's functions and may be spread over activations; the player says
// how many of the figure's functions go into it (all it has unless he says otherwise), never
// more than the load still needs. What is still needed is never below nothing: a figure healed
// while loading (S12) may have spent more than its new cost, and then its next Load finishes
// the loading for no function.
Result<std::vector<Event>> decide_load(const State& s, const Load& c) {
  const Figure& f = *s.find(c.figure);
  if (c.weapon >= f.weapons.size() || !load_action(f.weapons[c.weapon].kind)) {
    return illegal(clause::kLoad, f.name + " has no musket, rifle or pistol there");
  }
  const Weapon& w = f.weapons[c.weapon];
  if (w.out_of_action) return illegal(clause::kOutOfAction, "the weapon is out of action (S7)");
  if (w.loaded) return illegal(clause::kLoad, "the weapon is already loaded");
  if (c.functions && *c.functions < 1) {
    return illegal(clause::kLoad, "put at least one function into loading (S8)");
  }
  const Action a = *load_action(w.kind);
  const int needed = load_needed(f, w);
  const int offered = c.functions.value_or(f.functions);
  if (needed > 0) {
    if (auto st = can_spend(f, std::max(1, c.functions.value_or(1))); !st) return st.error();
  }
  const int spent = std::min(needed, offered);
  return std::vector<Event>{FunctionsSpent{f.id, a, spent, c.weapon, spent >= needed}};
}

}  // namespace grognard::sharpe::detail
