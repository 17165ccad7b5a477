// Line of fire (§10, R11, R26): hills, woods, villages and the footprints of units the firing
// side sees.
#include <algorithm>

#include "rules/rcw/internal.h"

namespace grognard::rcw::detail {

namespace {

bool listed(const std::vector<UnitId>& ids, const UnitId& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

}  // namespace

bool line_clear(const State& s, int side, Point from, Point to, const std::vector<UnitId>& except) {
  engine::SightObstacles obstacles;
  // §10, R11: hills, woods and villages block.
  for (const TerrainPiece& t : s.terrain) {
    if (t.kind == TerrainKind::kHill || t.kind == TerrainKind::kWoods ||
        t.kind == TerrainKind::kVillage) {
      obstacles.areas.push_back(t.area);
    }
  }
  // §10, R11: units block; R26: only those the firing side sees. Each live car of a train is a
  // footprint (R13); a train named in `except` leaves out all its cars (R41: a train's own cars
  // do not block its fire). Destroyed units and cars are off the table and block nothing.
  const Sight who{side, false};
  for (const Unit& u : s.units) {
    if (!u.on_table() || listed(except, u.id) || !sees(s, who, u)) continue;
    if (u.type != UnitType::kTrain) {
      obstacles.footprints.push_back({u.pos, engine::Inches{u.radius}});
      continue;
    }
    for (const Car& c : u.cars) {
      if (!c.destroyed && !listed(except, c.id)) {
        obstacles.footprints.push_back({c.pos, engine::Inches{u.radius}});
      }
    }
  }
  // R11: the piece holding either end blocks only where the line runs more than 2" inside it.
  const engine::SightOptions options{engine::Inches{kOwnAreaAllowance}};
  return !engine::sight_blocked(from, to, obstacles, options);
}

}  // namespace grognard::rcw::detail
