#include "hidden_variants.h"

#include <algorithm>
#include <vector>

#include "rules/rcw/flow.h"

namespace grognard::rcw::testing {

namespace {

using test_support::Chooser;

bool near_enemy_or_on_unit(const State& s, std::size_t me, Point p) {
  const Unit& u = s.units[me];
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const Unit& v = s.units[i];
    if (i == me || !v.on_table()) continue;
    std::vector<Point> at;
    if (v.type == UnitType::kTrain) {
      for (const Car& c : v.cars) {
        if (!c.destroyed) at.push_back(c.pos);
      }
    } else {
      at.push_back(v.pos);
    }
    for (Point q : at) {
      if (engine::overlapping(engine::Circle{p, engine::Inches{u.radius}},
                              engine::Circle{q, engine::Inches{v.radius}})) {
        return true;
      }
      if (v.side != u.side && engine::within_distance(p, q, engine::Inches{kAdjacent + 0.5})) {
        return true;
      }
    }
  }
  return false;
}

Point random_in(const Polygon& area, Chooser& ch) {
  Point lo = area.vertices[0], hi = lo;
  for (Point v : area.vertices) {
    lo = {std::min(lo.x, v.x), std::min(lo.y, v.y)};
    hi = {std::max(hi.x, v.x), std::max(hi.y, v.y)};
  }
  const double fx = static_cast<double>(ch.below(1000)) / 1000.0;
  const double fy = static_cast<double>(ch.below(1000)) / 1000.0;
  return {lo.x + (hi.x - lo.x) * fx, lo.y + (hi.y - lo.y) * fy};
}

}  // namespace

// Unit `i` elsewhere, still concealed: during deployment anywhere its side may deploy it (R19,
// R30); in play a few inches away in the same kind of cover, or in another piece of it (R10).
std::optional<State> moved(const State& s, std::size_t i, Chooser& ch) {
  const Unit& u = s.units[i];
  const bool deploy = s.phase == Phase::kDeploy;
  const TerrainKind kind = detail::in_terrain(s, u.pos, TerrainKind::kWoods)
                               ? TerrainKind::kWoods
                               : TerrainKind::kVillage;
  std::vector<const Polygon*> areas;
  for (const Zone& z : s.zones) {
    if (deploy && z.side == u.side) areas.push_back(&z.area);
  }
  for (const TerrainPiece& t : s.terrain) {
    if (!deploy && t.kind == kind) areas.push_back(&t.area);
  }
  if (areas.empty()) return std::nullopt;
  for (int attempt = 0; attempt < 60; ++attempt) {
    Point p;
    if (!deploy && attempt % 2 == 0) {
      const Degrees d{static_cast<double>(ch.below(360))};
      p = u.pos + engine::direction(d) * (0.5 + static_cast<double>(ch.below(40)) / 10.0);
    } else {
      p = random_in(*areas[ch.below(areas.size())], ch);
    }
    const Degrees facing{static_cast<double>(ch.below(360))};
    if (deploy) {
      State open = s;
      open.confirmed[u.side] = false;
      if (!detail::check_deploy(open, u.side, Deploy{u.id, p, facing})) continue;
    } else if (!detail::in_terrain(s, p, kind) || p.x < 0 || p.y < 0 || p.x > s.width ||
               p.y > s.height) {
      continue;
    }
    if (near_enemy_or_on_unit(s, i, p)) continue;
    if (engine::distance(p, u.pos).get() < 0.25) continue;
    State out = s;
    out.units[i].pos = p;
    out.units[i].facing = facing;
    out.units[i].placed = true;
    return out;
  }
  return std::nullopt;
}

// Unit `i` taken away altogether.
State erased(const State& s, std::size_t i) {
  State out = s;
  out.units.erase(out.units.begin() + static_cast<std::ptrdiff_t>(i));
  if (out.active) {
    if (out.active->unit == i) {
      out.active.reset();
    } else if (out.active->unit > i) {
      --out.active->unit;
    }
  }
  return out;
}

}  // namespace grognard::rcw::testing
