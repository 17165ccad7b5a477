// Measuring before acting (docs/protocol.md, "Measuring"): the distance in areas (I1), the
// weapon's dice at that range (§Combat table) and its arc (I2), line of sight (I12) and cover
// (I12) between units or areas, from the rules that decide an attack.
#include "rules/itchy/internal.h"
#include "rules/itchy/rules.h"

namespace grognard::itchy {

namespace {

// A unit on the table, or an area of the grid.
struct Thing {
  GridPos pos;
  const Unit* unit = nullptr;
};

Result<Thing> thing(const State& s, std::string_view name) {
  const Unit* u = s.find(UnitId{std::string(name)});
  if (u != nullptr && !u->removed) return Thing{u->pos, u};
  const auto p = engine::parse_area(name);
  if (!p) return engine::nothing_named(name, "c,r", "whole areas of the grid, from 0,0");
  if (!s.size.contains(*p)) {
    return detail::error(engine::ErrorCode::kInvalidArgument, "",
                         "the area " + std::string(name) + " is off the grid (" +
                             std::to_string(s.size.width) + " by " + std::to_string(s.size.height) +
                             " areas, from 0,0)");
  }
  return Thing{*p, nullptr};
}

std::string areas(int n) {
  return std::to_string(n) + (n == 1 ? " square" : " squares");
}

// What stands in `p`, for a person: "woods at (3,4)", "B2 (Gardner's Rifles) at (3,4)".
std::string what_is_at(const State& s, GridPos p) {
  const Terrain t = s.terrain_at(p);
  if (is_cover(t)) return std::string(to_string(t)) + " at " + engine::to_string(p);
  for (const Unit* u : s.at(p)) {
    if (is_general(u->type)) continue;
    const std::string named = u->name == u->id.get() ? "" : " (" + u->name + ")";
    return u->id.get() + named + " at " + engine::to_string(p);
  }
  return engine::to_string(p);
}

// I12: the line is blocked by a crossed area that blocks, or at a corner both of whose areas do.
std::string sight(const State& s, GridPos a, GridPos b) {
  const auto blocks = [&](GridPos p) { return detail::blocks_sight(s, p); };
  if (engine::line_of_sight(a, b, blocks)) return "clear";
  const engine::SightLine line = engine::trace_line(a, b);
  for (GridPos p : line.crossed) {
    if (blocks(p)) return "blocked by " + what_is_at(s, p) + " (I12)";
  }
  for (const auto& [p, q] : line.corners) {
    if (blocks(p) && blocks(q)) {
      return "blocked at the corner of " + what_is_at(s, p) + " and " + what_is_at(s, q) + " (I12)";
    }
  }
  return "blocked (I12)";
}

// §Combat table, I7: the dice the unit's weapon throws at `range`, or how far it reaches; I2:
// whether `to` lies in its arc of attack.
std::string weapon_range(const Unit& u, int range, GridPos to) {
  const std::string w(to_string(u.weapon));
  if (u.weapon == Weapon::kNone) return "no weapon: it cannot attack (§Generals, I7)";
  const std::string reach = "reaches " + areas(max_range(u.weapon));
  const int dice = dice_at_range(u.weapon, range);
  if (dice == 0) return w + ": out of range (" + reach + ", §Combat)";
  std::string out = w + ": " + std::to_string(dice) + (dice == 1 ? " die" : " dice") +
                    " at range " + std::to_string(range) + " (" + reach + ", §Combat)";
  if (!engine::in_arc(u.pos, u.facing, to)) out += ", outside its arc of attack (I2)";
  return out;
}

}  // namespace

Result<engine::Measurement> measure(const State& s, std::string_view from_name,
                                    std::string_view to_name) {
  auto from = thing(s, from_name);
  if (!from) return from.error();
  auto to = thing(s, to_name);
  if (!to) return to.error();
  engine::Measurement m;
  const int range = engine::grid_distance(from->pos, to->pos);  // §Combat, I1
  m.value = range;
  m.distance = areas(range);
  m.line_of_sight = sight(s, from->pos, to->pos);
  const Terrain t = s.terrain_at(to->pos);  // §Combat: these count as cover
  if (is_cover(t)) m.cover = std::string(to_string(t)) + " (I12)";
  if (from->unit) m.ranges.push_back(weapon_range(*from->unit, range, to->pos));
  return m;
}

}  // namespace grognard::itchy
