// §Movement, I1, I8–I11, I15: one move per activation, through edges, stopping next to the
// enemy, withdrawal, stacking, and what an exhausted side may not do.
#include <algorithm>

#include "rules/itchy/clauses.h"
#include "rules/itchy/internal.h"

namespace grognard::itchy::detail {

namespace {

// I10: enemies adjacent to `p` whose front area (I3) is `p`.
std::vector<const Unit*> enemies_facing(const State& s, GridPos p, int side) {
  std::vector<const Unit*> out;
  for (const Unit* e : enemies_adjacent_to(s, p, side)) {
    if (engine::step(e->pos, e->facing) == p) out.push_back(e);
  }
  return out;
}

// I18: "adjacent to the front of another enemy" is the area that enemy faces.
bool is_front_of_other_enemy(const State& s, GridPos p, int side,
                             const std::vector<const Unit*>& facing_me) {
  for (const Unit* e : enemies_adjacent_to(s, p, side)) {
    if (engine::step(e->pos, e->facing) != p) continue;
    if (std::find(facing_me.begin(), facing_me.end(), e) == facing_me.end()) return true;
  }
  return false;
}

// I9, I21: the facing a unit stopped next to enemies ends with.
Result<Facing> face_enemy(const State& s, const Unit& unit, GridPos p,
                          std::optional<Facing> wanted) {
  const auto adj = enemies_adjacent_to(s, p, unit.side);
  if (wanted) {
    for (const Unit* e : adj) {
      if (e->pos == engine::step(p, *wanted)) return *wanted;
    }
    return illegal(clause::kFaceEnemy, unit.name + " stops next to the enemy at " +
                                           engine::to_string(p) +
                                           " and must turn to face an adjacent enemy (I9)");
  }
  std::optional<GridPos> only;
  for (const Unit* e : adj) {
    if (only && *only != e->pos) {
      return illegal(clause::kFaceEnemy, unit.name + " stops next to more than one enemy at " +
                                             engine::to_string(p) +
                                             ": say which one it faces (I9)");
    }
    only = e->pos;
  }
  return engine::facing_towards(p, *only);
}

}  // namespace

Result<UnitMoved> plan_move(const State& s, const Unit& unit, const std::vector<Facing>& steps,
                            std::optional<Facing> facing) {
  const int side = unit.side;
  if (unit.attacked) {
    return illegal(clause::kNoMoveAfterAttack,
                   unit.name + " has attacked: an activation is a move, then an attack (I8)");
  }
  // §Movement: "A unit or General may be moved only once each turn."
  if (unit.moved) return illegal(clause::kMoveOnce, unit.name + " has already moved this turn");
  const int allowance = movement_allowance(unit.type);
  if (static_cast<int>(steps.size()) > allowance) {
    return illegal(clause::kAllowance, unit.name + " may move " + std::to_string(allowance) +
                                           " grid areas, not " + std::to_string(steps.size()));
  }
  // I10: a unit faced by an adjacent enemy may move only away from it.
  const auto facing_me = enemies_facing(s, unit.pos, side);
  const bool withdrawal = !steps.empty() && !facing_me.empty();

  UnitMoved ev;
  ev.unit = unit.id;
  ev.withdrawal = withdrawal;
  GridPos p = unit.pos;
  for (Facing dir : steps) {
    if (ev.stopped_by_enemy) {
      return illegal(clause::kStopAdjacent,
                     unit.name + " must stop at " + engine::to_string(p) +
                         ", the first area it enters next to an enemy (§Movement, I9)");
    }
    p = engine::step(p, dir);  // §Movement, I1: through the edges, never the corners
    if (!s.size.contains(p)) {
      return illegal(clause::kOffGrid,
                     unit.name + " cannot leave the battlefield at " + engine::to_string(p));
    }
    if (enemy_in(s, p, side)) {
      return illegal(clause::kEnemyArea, unit.name + " cannot enter " + engine::to_string(p) +
                                             ", which holds the enemy (I11)");
    }
    if (withdrawal && is_front_of_other_enemy(s, p, side, facing_me)) {
      return illegal(clause::kWithdrawalFront, unit.name + " may not withdraw into " +
                                                   engine::to_string(p) +
                                                   ", the area in front of another enemy (I10)");
    }
    ev.path.push_back(p);
    ev.stopped_by_enemy = !enemies_adjacent_to(s, p, side).empty();  // I9 (also withdrawing, I18)
  }
  if (!ev.path.empty() && !stacking_allows(s, unit, p)) {
    return illegal(clause::kStacking,
                   unit.name + " cannot end its move in " + engine::to_string(p) +
                       ": one unit per area, or one unit with one horse-drawn transport (I11)");
  }
  for (const Unit* e : facing_me) {
    if (withdrawal && engine::grid_distance(p, e->pos) <= 1) {
      return illegal(clause::kWithdrawal, unit.name + " is faced by " + e->name +
                                              " and may only withdraw away from it (I10)");
    }
  }
  // I15: an exhausted side takes no aggressive action.
  if (s.sides[static_cast<std::size_t>(side)].exhausted && !ev.path.empty()) {
    bool advances = nearest_enemy_distance(s, p, side) < nearest_enemy_distance(s, unit.pos, side);
    for (const Unit* e : enemies_adjacent_to(s, p, side)) {
      advances = advances || !engine::adjacent(e->pos, unit.pos);
    }
    if (advances) {
      return illegal(clause::kExhaustedAdvance,
                     s.sides[static_cast<std::size_t>(side)].name +
                         " is exhausted: its units may not move towards the enemy (I15)");
    }
  }
  if (ev.stopped_by_enemy) {
    auto f = face_enemy(s, unit, p, facing);
    if (!f) return f.error();
    ev.facing = *f;
  } else {
    // §Movement: turn any number of times; the move ends facing an edge (I21).
    ev.facing = facing ? *facing : (steps.empty() ? unit.facing : steps.back());
  }
  return ev;
}

}  // namespace grognard::itchy::detail
