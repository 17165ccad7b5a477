// Terrain (§8, §12, R12, R32): where a point lies, a target's cover, what a move costs and which
// pieces a wheeled unit may not enter.
#include <algorithm>

#include "rules/rcw/internal.h"

namespace grognard::rcw::detail {

namespace {

using engine::Segment;

// The fraction of the way along `s` at which `p` (a point on it) lies.
double fraction(const Segment& s, Point p) {
  const engine::Vec ab = s.b - s.a;
  const double len2 = engine::dot(ab, ab);
  return len2 > 0 ? std::clamp(engine::dot(p - s.a, ab) / len2, 0.0, 1.0) : 0.0;
}

// The stretches of `s` between the points where it meets an edge of any of `areas`: within
// each, the segment is wholly inside or wholly outside every one of them.
std::vector<std::pair<double, double>> stretches(const Segment& s,
                                                 const std::vector<const Polygon*>& areas) {
  std::vector<double> ts{0.0, 1.0};
  for (const Polygon* a : areas) {
    for (const Segment& edge : engine::edges(*a)) {
      if (auto x = engine::intersection(s, edge)) {
        ts.push_back(fraction(s, x->a));
        ts.push_back(fraction(s, x->b));
      }
    }
  }
  std::sort(ts.begin(), ts.end());
  std::vector<std::pair<double, double>> out;
  const double len = engine::length(s).get();
  for (std::size_t i = 0; i + 1 < ts.size(); ++i) {
    if ((ts[i + 1] - ts[i]) * len > engine::kTolerance) out.emplace_back(ts[i], ts[i + 1]);
  }
  return out;
}

// R12: the length of `s` inside any of `areas` (boundary included); overlapping pieces count
// once.
double length_inside_any(const Segment& s, const std::vector<const Polygon*>& areas) {
  double inside = 0;
  const double len = engine::length(s).get();
  for (const auto& [t0, t1] : stretches(s, areas)) {
    const Point mid = engine::point_at(s, (t0 + t1) / 2);
    if (std::any_of(areas.begin(), areas.end(),
                    [&](const Polygon* a) { return engine::contains(*a, mid); })) {
      inside += (t1 - t0) * len;
    }
  }
  return inside;
}

bool interior(const Polygon& a, Point p) {
  return engine::contains(a, p) && !engine::on_boundary(a, p);
}

}  // namespace

bool in_terrain(const State& s, Point p, TerrainKind k) {
  return std::any_of(s.terrain.begin(), s.terrain.end(), [&](const TerrainPiece& t) {
    return t.kind == k && engine::contains(t.area, p);
  });
}

Cover cover_of(const State& s, const Unit& target) {
  // R32: an armoured unit, and every car of a train (R13), is always armoured.
  if (stats(target.type).armoured || target.type == UnitType::kTrain) return Cover::kArmoured;
  const bool village = in_terrain(s, target.pos, TerrainKind::kVillage);
  // §8, R12: infantry and MGs defending a village, and units the scenario digs in.
  const bool village_holder = target.type == UnitType::kInfantry || target.type == UnitType::kMg;
  if ((village && village_holder) || (target.dug_in && may_dig_in(target.type))) {
    return Cover::kEntrenched;
  }
  // R12, R32: obscured by woods, rough ground or a village, judged at the centre.
  if (village || in_terrain(s, target.pos, TerrainKind::kWoods) ||
      in_terrain(s, target.pos, TerrainKind::kRough)) {
    return Cover::kObscured;
  }
  return Cover::kOpen;
}

double move_cost(const State& s, const Unit& u, const std::vector<Point>& path) {
  // R12: cavalry count the distance moved inside woods, swamp and rough ground twice; every
  // other unit pays the plain length (§12: infantry, MGs and mortars are not slowed; wheeled
  // units may not enter woods or swamps at all, and rough ground does not slow them).
  std::vector<const Polygon*> slow;
  if (u.type == UnitType::kCavalry) {
    for (const TerrainPiece& t : s.terrain) {
      if (t.kind == TerrainKind::kWoods || t.kind == TerrainKind::kSwamp ||
          t.kind == TerrainKind::kRough) {
        slow.push_back(&t.area);
      }
    }
  }
  double cost = 0;
  Point at = u.pos;
  for (const Point& p : path) {
    const Segment leg{at, p};
    cost += engine::length(leg).get();
    if (!slow.empty()) cost += length_inside_any(leg, slow);
    at = p;
  }
  return cost;
}

std::optional<std::size_t> forbidden_entry(const State& s, const Unit& u,
                                           const std::vector<Point>& path) {
  // §12, R12: wheeled units may not enter woods or swamps; a train runs on its rails and is not
  // affected by the terrain they pass through (§12), so it is never refused here.
  // R40: judged by the centre's path. A leg enters a piece when part of it runs through the
  // piece's interior (running along its edge or touching a corner is not entering). A unit
  // whose centre starts inside a piece may move out of it; once its path is outside, going
  // back in is entering.
  if (!wheeled(u.type) || u.type == UnitType::kTrain) return std::nullopt;
  std::vector<std::size_t> pieces;
  std::vector<bool> leaving;
  for (std::size_t i = 0; i < s.terrain.size(); ++i) {
    const TerrainPiece& t = s.terrain[i];
    if (t.kind != TerrainKind::kWoods && t.kind != TerrainKind::kSwamp) continue;
    pieces.push_back(i);
    leaving.push_back(engine::contains(t.area, u.pos));
  }
  Point at = u.pos;
  for (const Point& p : path) {
    const Segment leg{at, p};
    std::optional<std::pair<double, std::size_t>> first;  // (fraction along the leg, piece)
    for (std::size_t k = 0; k < pieces.size(); ++k) {
      const Polygon& area = s.terrain[pieces[k]].area;
      for (const auto& [t0, t1] : stretches(leg, {&area})) {
        const Point mid = engine::point_at(leg, (t0 + t1) / 2);
        if (interior(area, mid)) {
          if (leaving[k]) continue;
          if (!first || t0 < first->first) first = std::pair{t0, pieces[k]};
          break;
        }
        if (!engine::contains(area, mid)) leaving[k] = false;
      }
    }
    if (first) return first->second;
    at = p;
  }
  return std::nullopt;
}

}  // namespace grognard::rcw::detail
