// Queries and checks shared by decide() and legal().
#include <algorithm>
#include <limits>

#include "rules/itchy/clauses.h"
#include "rules/itchy/internal.h"

namespace grognard::itchy::detail {

Error error(ErrorCode code, const char* clause, std::string message) {
  return Error{code, clause, std::move(message)};
}

bool enemy_in(const State& s, GridPos p, int side) {
  return std::any_of(s.units.begin(), s.units.end(),
                     [&](const Unit& u) { return !u.removed && u.side != side && u.pos == p; });
}

std::vector<const Unit*> enemies_adjacent_to(const State& s, GridPos p, int side) {
  std::vector<const Unit*> out;
  for (const Unit& u : s.units) {
    if (!u.removed && u.side != side && engine::adjacent(u.pos, p)) out.push_back(&u);
  }
  return out;
}

int nearest_enemy_distance(const State& s, GridPos p, int side) {
  int best = std::numeric_limits<int>::max();
  for (const Unit& u : s.units) {
    if (!u.removed && u.side != side) best = std::min(best, engine::grid_distance(u.pos, p));
  }
  return best;
}

int units_left(const State& s, int side) {
  return static_cast<int>(std::count_if(s.units.begin(), s.units.end(), [&](const Unit& u) {
    return !u.removed && u.side == side && !is_general(u.type);
  }));
}

// I11: at most one unit per area, except one horse-drawn transport with one other unit;
// I20: Generals do not count. Used for the end of every move and for the start (new_game).
bool stacking_allows(const State& s, const Unit& unit, GridPos p) {
  if (is_general(unit.type)) return true;
  int others = 0;
  bool transport = unit.type == UnitType::kHorseDrawnTransport;
  for (const Unit* o : s.at(p)) {
    if (o == &unit || is_general(o->type)) continue;
    ++others;
    transport = transport || o->type == UnitType::kHorseDrawnTransport;
  }
  return others == 0 || (others == 1 && transport);
}

Result<const Unit*> commandable(const State& s, int side, const UnitId& id, Intent intent) {
  const Unit* u = s.find(id);
  if (u == nullptr) {
    return error(ErrorCode::kNotFound, clause::kUnknownUnit,
                 "there is no unit \"" + id.get() + "\"");
  }
  if (u->side != side) {
    return error(ErrorCode::kPermissionDenied, clause::kNotYourUnit,
                 u->name + " (" + id.get() + ") belongs to the other side");
  }
  if (u->removed) {
    return illegal(clause::kRemoved, u->name + " has been destroyed and removed");
  }
  // §Combat: "Each unit may attack only once each turn"; I8: nothing follows the attack.
  if (u->attacked && intent == Intent::kAttack) {
    return illegal(clause::kAttackOnce, u->name + " has already attacked this turn");
  }
  if (u->attacked && intent == Intent::kMove) {
    return illegal(clause::kNoMoveAfterAttack,
                   u->name + " has attacked: an activation is a move, then an attack (I8)");
  }
  // I8: each unit and General is activated at most once a turn, move then attack.
  const bool is_active = s.active && s.units[*s.active].id == id;
  if (u->activated && !is_active) {
    return illegal(clause::kActivatedOnce,
                   u->name + " has already been activated this turn (each unit acts once)");
  }
  return u;
}

// §Combat Results, I4–I6.
int sp_lost(TargetClass cls, bool cover, const std::vector<int>& faces) {
  int count[7] = {0, 0, 0, 0, 0, 0, 0};
  for (int f : faces) {
    if (f >= 1 && f <= 6) ++count[f];
  }
  if (cls == TargetClass::kGeneral) {
    // I6: three 1s in the open; in cover three 1s plus a pair formed from the other dice.
    if (count[1] < 3) return 0;
    if (!cover) return 1;
    int other_pairs = (count[1] - 3) / 2;
    for (int f = 2; f <= 6; ++f) other_pairs += count[f] / 2;
    return other_pairs >= 1 ? 1 : 0;
  }
  int matching = 0, all = 0;
  for (int f = 1; f <= 6; ++f) {
    all += count[f] / 2;  // I4: three alike are one pair and a spare
    if (face_hurts(cls, f)) matching += count[f] / 2;
  }
  if (!cover) return matching;         // I4
  return std::min(matching, all / 2);  // I5: a matching pair PLUS any other pair for each SP
}

}  // namespace grognard::itchy::detail
