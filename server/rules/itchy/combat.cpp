// §Combat, I2, I4–I8, I12, I13, I15: who may attack what, the dice, and the results.
#include <algorithm>

#include "rules/itchy/clauses.h"
#include "rules/itchy/internal.h"
#include "rules/itchy/rules.h"

namespace grognard::itchy::detail {

// I12: woods, built-up areas, fortifications and units block; Generals do not.
bool blocks_sight(const State& s, GridPos p) {
  if (is_cover(s.terrain_at(p))) return true;
  for (const Unit* u : s.at(p)) {
    if (!is_general(u->type)) return true;
  }
  return false;
}

namespace {

bool friendly_general_with(const State& s, const Unit& unit) {
  for (const Unit* u : s.at(unit.pos)) {
    if (u->side == unit.side && is_general(u->type)) return true;
  }
  return false;
}

}  // namespace

Result<AttackPlan> plan_attack(const State& s, const Unit& unit, GridPos target) {
  // §Generals: "cannot attack enemy units"; I7: horse-drawn transport never attacks.
  if (unit.weapon == Weapon::kNone) {
    return illegal(clause::kNoWeapon, unit.name + " (" + std::string(to_string(unit.type)) +
                                          ") cannot attack (§Generals, I7)");
  }
  // §Combat: "Each unit may attack only once each turn."
  if (unit.attacked)
    return illegal(clause::kAttackOnce, unit.name + " has already attacked this turn");
  // §Movement: "A unit that is attacking this turn reduces its movement by 1 grid area." (I8)
  const int allowance = movement_allowance(unit.type);
  if (unit.areas_moved > allowance - 1) {
    return illegal(clause::kMovedTooFar, unit.name + " moved " + std::to_string(unit.areas_moved) +
                                             " areas; a unit that attacks may move at most " +
                                             std::to_string(allowance - 1) + " (I8)");
  }
  // I15 and I17 (ratified): an exhausted side's unit that attacks does not move; turning in
  // place is allowed, as it "will continue to fight to defend its existing position".
  if (s.sides[static_cast<std::size_t>(unit.side)].exhausted && unit.areas_moved > 0) {
    return illegal(clause::kExhaustedAttack,
                   unit.name +
                       " has moved, and an exhausted side's units attack only "
                       "without moving (I15)");
  }
  if (!s.size.contains(target) || !enemy_in(s, target, unit.side)) {
    return illegal(clause::kTarget, "there is no enemy at " + engine::to_string(target) + " for " +
                                        unit.name + " to attack");
  }
  AttackPlan plan;
  // §Combat, I1: "All ranges are measured through the edges of the grid areas."
  plan.range = engine::grid_distance(unit.pos, target);
  if (plan.range > max_range(unit.weapon)) {
    return illegal(clause::kRange, "range " + std::to_string(plan.range) + " is beyond the " +
                                       std::to_string(max_range(unit.weapon)) + " areas of " +
                                       std::string(to_string(unit.weapon)));
  }
  // §Combat arc of attack, I2.
  if (!engine::in_arc(unit.pos, unit.facing, target)) {
    return illegal(clause::kArc, engine::to_string(target) + " is outside " + unit.name +
                                     "'s arc of attack (60° either side of its facing, I2)");
  }
  // §Combat: attack out of woods, built-up areas and fortifications only from their edge (I12).
  if (is_cover(s.terrain_at(unit.pos))) {
    const GridPos ahead = engine::step(unit.pos, unit.facing);
    if (s.size.contains(ahead) && ahead != target && is_cover(s.terrain_at(ahead))) {
      return illegal(clause::kOutOfCover, unit.name + " is not on the edge of its " +
                                              std::string(to_string(s.terrain_at(unit.pos))) +
                                              ": the area it faces is " +
                                              std::string(to_string(s.terrain_at(ahead))) +
                                              " (I12)");
    }
  }
  // §Combat: "Units may only attack targets that are in direct line-of-sight." (I12)
  if (!engine::line_of_sight(unit.pos, target, [&](GridPos p) { return blocks_sight(s, p); })) {
    return illegal(clause::kLineOfSight,
                   unit.name + " cannot see " + engine::to_string(target) + " (I12)");
  }
  plan.general_bonus = friendly_general_with(s, unit);  // §Combat, I7: one more die
  plan.dice = dice_at_range(unit.weapon, plan.range) + (plan.general_bonus ? 1 : 0);
  plan.cover = is_cover(s.terrain_at(target));  // §Combat: these count as cover
  return plan;
}

Result<std::vector<Event>> decide_attack(const State& s, const Unit& unit, GridPos target,
                                         engine::Dice& dice) {
  auto plan = plan_attack(s, unit, target);
  if (!plan) return plan.error();
  AttackResolved ev;
  ev.unit = unit.id;
  ev.target = target;
  ev.range = plan->range;
  ev.dice = plan->dice;
  ev.general_bonus = plan->general_bonus;
  ev.cover = plan->cover;
  ev.rolls = dice.d6s(plan->dice);
  std::vector<int> faces;
  for (const Roll& r : ev.rolls) faces.push_back(r.face);
  // §Combat, I6: one throw, the same dice, for everything in the target area.
  for (const Unit* t : s.at(target)) {
    const int lost = std::min(t->sp, sp_lost(target_class(t->type), plan->cover, faces));
    ev.casualties.push_back(Casualty{t->id, lost, lost == t->sp});
  }
  std::vector<Event> out{ev};
  State after = s;
  itchy::apply(after, out.front());
  if (units_left(after, 0) == 0 || units_left(after, 1) == 0) {  // I16
    out.push_back(judge(after, "a side has no units left", false));
  }
  return out;
}

}  // namespace grognard::itchy::detail
