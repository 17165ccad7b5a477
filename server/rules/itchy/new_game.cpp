// Scenario validation and the state before the first turn.
#include <algorithm>
#include <set>

#include "rules/itchy/clauses.h"
#include "rules/itchy/internal.h"
#include "rules/itchy/rules.h"

namespace grognard::itchy {

namespace {

using detail::error;
using engine::ErrorCode;

engine::Error bad(std::string message) {
  return error(ErrorCode::kInvalidArgument, clause::kScenario, std::move(message));
}

// I22: scenario bounds.
constexpr int kMaxTurns = 1000;
constexpr int kMaxSp = 20;

}  // namespace

std::optional<engine::Error> grid_size_error(GridSize size) {
  if (size.width >= 1 && size.height >= 1 && size.width <= kMaxGridSide &&
      size.height <= kMaxGridSide) {
    return std::nullopt;
  }
  const std::string most = std::to_string(kMaxGridSide);
  return bad("the grid must be between 1x1 and " + most + "x" + most + " areas, not " +
             std::to_string(size.width) + "x" + std::to_string(size.height) + " (I22)");
}

Result<State> new_game(const Scenario& sc) {
  if (sc.name.empty()) return bad("the scenario has no name");
  if (auto e = grid_size_error(sc.size)) return *e;
  if (sc.turn_limit < 1 || sc.turn_limit > kMaxTurns) {
    return bad("the turn limit must be between 1 and 1000 (I16)");
  }
  if (sc.victory.description.empty()) {
    return bad("the scenario has no victory conditions (I16 requires them)");
  }
  if (auto problem = detail::victory_problem(sc)) return bad(*problem + " (I23)");
  State s;
  s.scenario_name = sc.name;
  s.size = sc.size;
  s.terrain.assign(static_cast<std::size_t>(sc.size.width * sc.size.height), Terrain::kOpen);
  for (const TerrainArea& t : sc.terrain) {
    if (!sc.size.contains(t.pos)) {
      return bad("terrain at " + engine::to_string(t.pos) + " is off the grid");
    }
    s.terrain[static_cast<std::size_t>(t.pos.y * sc.size.width + t.pos.x)] = t.terrain;
  }
  s.victory = sc.victory;
  if (s.victory.conditions.empty()) s.victory.conditions = detail::default_victory_conditions();
  s.turn_limit = sc.turn_limit;

  // I24: a scenario that marks no unit native (as every scenario did before the mark, and as
  // the games stored then keep their scenario) has its hand-held units read as the natives.
  const bool marks_natives = std::any_of(sc.sides.begin(), sc.sides.end(), [](const auto& ss) {
    return std::any_of(ss.units.begin(), ss.units.end(), [](const auto& u) { return u.native; });
  });
  std::set<std::string> ids;
  for (int side = 0; side < 2; ++side) {
    const ScenarioSide& ss = sc.sides[static_cast<std::size_t>(side)];
    if (ss.name.empty()) return bad("side " + std::to_string(side) + " has no name");
    int units = 0;
    for (const ScenarioUnit& su : ss.units) {
      const std::string who = "unit \"" + su.id.get() + "\" of " + ss.name;
      if (su.id.get().empty()) return bad("a unit of " + ss.name + " has no id");
      if (!ids.insert(su.id.get()).second) return bad("duplicate unit id \"" + su.id.get() + "\"");
      if (!sc.size.contains(su.pos)) {
        return bad(who + " at " + engine::to_string(su.pos) + " is off the grid");
      }
      if (!weapon_fits(su.type, su.weapon)) {
        return bad(who + ": a " + std::string(to_string(su.type)) + " cannot carry " +
                   std::string(to_string(su.weapon)) + " (I7)");
      }
      // §Combat table: "Hand-held Weapons (Native troops only)"; I24: the scenario marks them.
      const bool native = su.native || (!marks_natives && su.weapon == Weapon::kHandHeld);
      if (su.weapon == Weapon::kHandHeld && !native) {
        return bad(who +
                   ": hand-held weapons are for native troops only; mark the unit native "
                   "(I24)");
      }
      if (su.sp < 0 || su.sp > kMaxSp) {
        return bad(who +
                   ": Strength Points must be 1 to 20, or 0 for the type's standard SP (I22)");
      }
      if (is_general(su.type) && su.sp > 1) return bad(who + ": a General has 1 Strength Point");
      if (!is_general(su.type)) ++units;
      Unit u;
      u.id = su.id;
      u.name = su.name.empty() ? su.id.get() : su.name;
      u.side = side;
      u.type = su.type;
      u.weapon = su.weapon;
      u.native = native;
      u.start_sp = u.sp = su.sp == 0 ? standard_sp(su.type) : su.sp;
      u.pos = su.pos;
      u.facing = su.facing;
      s.units.push_back(std::move(u));
    }
    if (units == 0) return bad(ss.name + " has no units (a General alone is no army)");
  }
  if (sc.sides[0].name == sc.sides[1].name) return bad("the two sides have the same name");

  // I11, I20: stacking at the start as at the end of every move.
  for (const Unit& u : s.units) {
    for (const Unit* o : s.at(u.pos)) {
      if (o->side != u.side) {
        return bad("unit \"" + u.id.get() + "\" shares " + engine::to_string(u.pos) +
                   " with enemy \"" + o->id.get() + "\" (I11)");
      }
    }
    if (!detail::stacking_allows(s, u, u.pos)) {
      return bad("illegal stacking at " + engine::to_string(u.pos) +
                 ": one unit per area, or one unit with one horse-drawn transport (I11)");
    }
  }

  // §Exhaustion Point, I14: half the side's initial SP, Generals included, rounded up.
  for (int side = 0; side < 2; ++side) {
    SideState& st = s.sides[static_cast<std::size_t>(side)];
    st.name = sc.sides[static_cast<std::size_t>(side)].name;
    for (const Unit& u : s.units) {
      if (u.side == side) st.start_sp += u.sp;
    }
    st.exhaustion_point = (st.start_sp + 1) / 2;
  }
  return s;
}

}  // namespace grognard::itchy
