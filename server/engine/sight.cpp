#include "engine/sight.h"

#include <algorithm>
#include <utility>

namespace grognard::engine {

namespace {

// The parameter along `s` (0 at s.a, 1 at s.b) of the point of its line nearest `p`, clamped.
double parameter_of(const Segment& s, Point p) {
  const Vec d = s.b - s.a;
  const double len2 = dot(d, d);
  if (len2 == 0.0) return 0.0;
  return std::clamp(dot(p - s.a, d) / len2, 0.0, 1.0);
}

// Even-odd rule, boundary not considered.
bool crossing_inside(const Polygon& poly, Point p) {
  bool inside = false;
  const std::size_t n = poly.vertices.size();
  for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
    const Point a = poly.vertices[i], b = poly.vertices[j];
    if ((a.y > p.y) != (b.y > p.y)) {
      const double x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
      if (p.x < x) inside = !inside;
    }
  }
  return inside;
}

// Stretches [from, to] along the path, sorted and merged.
using Stretch = std::pair<double, double>;

std::vector<Stretch> merged_openings(const Wall& wall) {
  std::vector<Stretch> open;
  for (const Opening& o : wall.openings) {
    open.emplace_back(std::min(o.from.get(), o.to.get()), std::max(o.from.get(), o.to.get()));
  }
  std::sort(open.begin(), open.end());
  std::vector<Stretch> merged;
  for (const Stretch& s : open) {
    if (!merged.empty() && s.first <= merged.back().second) {
      merged.back().second = std::max(merged.back().second, s.second);
    } else {
      merged.push_back(s);
    }
  }
  return merged;
}

// The pieces of the path between distances `from` and `to` along it.
void append_stretch(const Wall& wall, Stretch stretch, std::vector<Segment>& out) {
  double start = 0.0;
  for (std::size_t i = 1; i < wall.path.size(); ++i) {
    const Segment edge{wall.path[i - 1], wall.path[i]};
    const double len = length(edge).get();
    const double end = start + len;
    const double lo = std::max(stretch.first, start), hi = std::min(stretch.second, end);
    if (lo <= hi && len > 0.0) {
      out.push_back({point_at(edge, (lo - start) / len), point_at(edge, (hi - start) / len)});
    }
    start = end;
  }
}

}  // namespace

std::vector<Segment> edges(const Polygon& poly) {
  std::vector<Segment> out;
  const std::size_t n = poly.vertices.size();
  if (n < 2) return out;
  for (std::size_t i = 0; i < n; ++i) out.push_back({poly.vertices[i], poly.vertices[(i + 1) % n]});
  if (n == 2) out.pop_back();  // a two-vertex polygon is one segment, not two
  return out;
}

bool on_boundary(const Polygon& poly, Point p) {
  if (poly.vertices.size() == 1) return same_place(poly.vertices.front(), p);
  return std::ranges::any_of(edges(poly),
                             [&](const Segment& e) { return within(distance(p, e), Inches{}); });
}

bool contains(const Polygon& poly, Point p) {
  if (poly.vertices.empty()) return false;
  return on_boundary(poly, p) || crossing_inside(poly, p);
}

bool intersects(const Polygon& poly, const Segment& s) {
  if (poly.vertices.empty()) return false;
  if (contains(poly, s.a)) return true;
  if (poly.vertices.size() == 1) return within(distance(poly.vertices.front(), s), Inches{});
  return std::ranges::any_of(edges(poly), [&](const Segment& e) { return intersects(e, s); });
}

Inches length_inside(const Polygon& poly, const Segment& s) {
  const double total = length(s).get();
  if (poly.vertices.empty()) return Inches{};
  if (total == 0.0) return Inches{};
  // Cut the segment wherever it meets the boundary; each piece is then wholly in or out.
  std::vector<double> cuts{0.0, 1.0};
  for (const Segment& e : edges(poly)) {
    if (const auto meet = intersection(s, e)) {
      cuts.push_back(parameter_of(s, meet->a));
      cuts.push_back(parameter_of(s, meet->b));
    }
  }
  std::sort(cuts.begin(), cuts.end());
  double inside = 0.0;
  for (std::size_t i = 1; i < cuts.size(); ++i) {
    const double t0 = cuts[i - 1], t1 = cuts[i];
    if (t1 <= t0) continue;
    if (contains(poly, point_at(s, (t0 + t1) / 2.0))) inside += t1 - t0;
  }
  return Inches{inside * total};
}

Inches length(const Wall& wall) {
  double total = 0.0;
  for (std::size_t i = 1; i < wall.path.size(); ++i) {
    total += distance(wall.path[i - 1], wall.path[i]).get();
  }
  return Inches{total};
}

std::vector<Segment> solid_segments(const Wall& wall) {
  std::vector<Segment> out;
  if (wall.path.size() == 1) {
    out.push_back({wall.path.front(), wall.path.front()});
    return out;
  }
  const double total = length(wall).get();
  double start = 0.0;
  for (const Stretch& gap : merged_openings(wall)) {
    if (gap.first > start) append_stretch(wall, {start, gap.first}, out);
    start = std::max(start, gap.second);
  }
  if (start < total) append_stretch(wall, {start, total}, out);
  return out;
}

std::vector<Segment> opening_segments(const Wall& wall, std::size_t index) {
  std::vector<Segment> out;
  if (index >= wall.openings.size()) return out;
  const Opening& o = wall.openings[index];
  append_stretch(wall, {std::min(o.from.get(), o.to.get()), std::max(o.from.get(), o.to.get())},
                 out);
  return out;
}

bool blocks(const Wall& wall, const Segment& s) {
  return std::ranges::any_of(solid_segments(wall),
                             [&](const Segment& w) { return intersects(w, s); });
}

std::vector<std::size_t> openings_crossed(const Wall& wall, const Segment& s) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < wall.openings.size(); ++i) {
    const auto pieces = opening_segments(wall, i);
    if (std::ranges::any_of(pieces, [&](const Segment& w) { return intersects(w, s); })) {
      out.push_back(i);
    }
  }
  return out;
}

std::optional<SightBlock> sight_block(Point from, Point to, const SightObstacles& obstacles,
                                      const SightOptions& options) {
  const Segment line{from, to};
  for (std::size_t i = 0; i < obstacles.areas.size(); ++i) {
    const Polygon& area = obstacles.areas[i];
    if (!intersects(area, line)) continue;
    const bool holds_end = contains(area, from) || contains(area, to);
    if (holds_end && options.own_area_allowance &&
        within(length_inside(area, line), *options.own_area_allowance)) {
      continue;
    }
    return SightBlock{SightBlock::Kind::kArea, i};
  }
  for (std::size_t i = 0; i < obstacles.footprints.size(); ++i) {
    const Circle& c = obstacles.footprints[i];
    if (within(distance(c.centre, line), c.radius)) {
      return SightBlock{SightBlock::Kind::kFootprint, i};
    }
  }
  for (std::size_t i = 0; i < obstacles.walls.size(); ++i) {
    if (blocks(obstacles.walls[i], line)) return SightBlock{SightBlock::Kind::kWall, i};
  }
  return std::nullopt;
}

bool sight_blocked(Point from, Point to, const SightObstacles& obstacles,
                   const SightOptions& options) {
  return sight_block(from, to, obstacles, options).has_value();
}

}  // namespace grognard::engine
