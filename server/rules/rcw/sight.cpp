// Line of fire (§10, R11, R26, R51): hills, woods, villages and the footprints of units the firing
// side sees.
#include <algorithm>

#include "rules/rcw/internal.h"

namespace grognard::rcw::detail {

namespace {

bool listed(const std::vector<UnitId>& ids, const UnitId& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

}  // namespace

std::optional<std::string> line_blocker(const State& s, const Sight& who, Point from, Point to,
                                        const std::vector<UnitId>& except) {
  engine::SightObstacles obstacles;
  std::vector<std::string> areas, footprints;  // what each obstacle is, for a person
  // §10, R11: hills, woods and villages block. R11 (amended), R51: a hill or a village that
  // holds either end of the line does not block it (a unit on a hill sees and is seen across it;
  // a village's garrison holds its edges); woods keep the 2" allowance below.
  for (const TerrainPiece& t : s.terrain) {
    const bool holds_end = engine::contains(t.area, from) || engine::contains(t.area, to);
    if ((t.kind == TerrainKind::kHill || t.kind == TerrainKind::kVillage) && holds_end) continue;
    if (t.kind == TerrainKind::kHill || t.kind == TerrainKind::kWoods ||
        t.kind == TerrainKind::kVillage) {
      obstacles.areas.push_back(t.area);
      const std::string kind(to_string(t.kind));
      const bool says_kind = t.name.find(kind) != std::string::npos;  // "woods 2"
      areas.push_back(t.name.empty() ? kind : says_kind ? t.name : t.name + " (" + kind + ")");
    }
  }
  // §10, R11: units block; R26: only those the viewer (the firing side) sees. Each live car of
  // a train is a footprint (R13); a train named in `except` leaves out all its cars (R41: a
  // train's own cars do not block its fire). Destroyed units and cars are off the table and
  // block nothing.
  for (const Unit& u : s.units) {
    if (!u.on_table() || listed(except, u.id) || !sees(s, who, u)) continue;
    if (u.type != UnitType::kTrain) {
      obstacles.footprints.push_back({u.pos, engine::Inches{u.radius}});
      footprints.push_back(u.name);
      continue;
    }
    for (const Car& c : u.cars) {
      if (!c.destroyed && !listed(except, c.id)) {
        obstacles.footprints.push_back({c.pos, engine::Inches{u.radius}});
        footprints.push_back(c.name);
      }
    }
  }
  // R11: woods holding either end block only where the line runs more than 2" inside them.
  const engine::SightOptions options{engine::Inches{kOwnAreaAllowance}};
  const auto block = engine::sight_block(from, to, obstacles, options);
  if (!block) return std::nullopt;
  return block->kind == engine::SightBlock::Kind::kArea ? areas[block->index]
                                                        : footprints[block->index];
}

bool line_clear(const State& s, int side, Point from, Point to, const std::vector<UnitId>& except) {
  return !line_blocker(s, Sight{side, false}, from, to, except);
}

}  // namespace grognard::rcw::detail
