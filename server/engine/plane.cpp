#include "engine/plane.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <numbers>
#include <sstream>

namespace grognard::engine {

namespace {

constexpr double kDegreesPerRadian = 180.0 / std::numbers::pi;

std::string format_number(double v) {
  std::ostringstream os;
  os.precision(10);
  os << v;
  return os.str();
}

// The parameter along `s` of the point nearest `p`, in [0, 1]; 0 for a zero-length segment.
double closest_parameter(const Segment& s, Point p) {
  const Vec d = s.b - s.a;
  const double len2 = dot(d, d);
  if (len2 == 0.0) return 0.0;
  return std::clamp(dot(p - s.a, d) / len2, 0.0, 1.0);
}

// Sine of the angle between two directions below which segments count as parallel.
constexpr double kParallelSine = 1e-12;

}  // namespace

std::string to_string(Inches d) {
  return format_number(d.get()) + "in";
}
std::ostream& operator<<(std::ostream& os, Inches d) {
  return os << to_string(d);
}

std::string hundredths(double v) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(2) << v;
  return os.str();
}

std::string inches_text(Inches d, std::optional<Inches> limit) {
  const auto fixed = [](double v, int places) {
    std::ostringstream os;
    os << std::fixed << std::setprecision(places) << v;
    std::string out = os.str();
    if (out.find('.') != std::string::npos) {
      while (out.back() == '0') out.pop_back();
      if (out.back() == '.') out.pop_back();
    }
    return out;
  };
  std::string text = fixed(d.get(), 1);
  if (limit && !(d == *limit) && text == fixed(limit->get(), 1)) text = fixed(d.get(), 2);
  return text + "\"";
}

Degrees Degrees::normalised() const {
  double r = std::fmod(v_, 360.0);
  if (r < 0.0) r += 360.0;
  if (r >= 360.0) r = 0.0;  // a tiny negative value rounds up to 360
  return Degrees{r};
}

std::string to_string(Degrees a) {
  return format_number(a.get()) + "deg";
}
std::ostream& operator<<(std::ostream& os, Degrees a) {
  return os << to_string(a);
}

Degrees angle_difference(Degrees from, Degrees to) {
  double d = std::fmod(to.get() - from.get(), 360.0);
  if (d > 180.0) d -= 360.0;
  if (d <= -180.0) d += 360.0;
  return Degrees{d};
}

Degrees mirrored_bearing(Degrees b) {
  return Degrees(180.0 - b.get()).normalised();
}

Inches length(Vec v) {
  return Inches{std::hypot(v.dx, v.dy)};
}

Vec unit(Vec v) {
  const double len = std::hypot(v.dx, v.dy);
  if (len == 0.0) return {};
  return {v.dx / len, v.dy / len};
}

Vec direction(Degrees a) {
  const double n = a.normalised().get();
  // The four compass points exactly, so that axis-aligned moves stay on their axis.
  if (n == 0.0) return {0.0, 1.0};
  if (n == 90.0) return {1.0, 0.0};
  if (n == 180.0) return {0.0, -1.0};
  if (n == 270.0) return {-1.0, 0.0};
  const double r = n / kDegreesPerRadian;
  return {std::sin(r), std::cos(r)};
}

Degrees bearing_of(Vec v) {
  if (v.dx == 0.0 && v.dy == 0.0) return Degrees{0.0};
  return Degrees{std::atan2(v.dx, v.dy) * kDegreesPerRadian}.normalised();
}

std::string to_string(Point p) {
  return "(" + format_number(p.x) + "," + format_number(p.y) + ")";
}
std::ostream& operator<<(std::ostream& os, Point p) {
  return os << to_string(p);
}

Inches distance(Point a, Point b) {
  return length(b - a);
}

bool within_distance(Point a, Point b, Inches limit) {
  return within(distance(a, b), limit);
}

bool same_place(Point a, Point b) {
  return within_distance(a, b, Inches{0.0});
}

Degrees bearing(Point from, Point to) {
  return bearing_of(to - from);
}

// ---------------------------------------------------------------------------------------------
// Arcs.

bool in_arc(Point centre, Degrees facing, Degrees half_angle, Point point) {
  const Vec v = point - centre;
  if (within(length(v), Inches{0.0})) return true;
  const double half = std::max(half_angle.get(), 0.0);
  if (half >= 180.0) return true;
  const double off = angle_difference(facing, bearing_of(v)).get();
  if (std::abs(off) <= half) return true;
  // Outside by angle: inside all the same when within the tolerance of the nearer edge ray.
  const Vec edge = direction(facing + Degrees{off > 0.0 ? half : -half});
  if (dot(v, edge) <= 0.0) return false;  // behind the edge ray, so |v| from it
  return within(Inches{std::abs(cross(edge, v))}, Inches{0.0});
}

bool in_front_arc(Point centre, Degrees facing, Point point) {
  return in_arc(centre, facing, kFrontHalfAngle, point);
}

const char* to_string(PlaneSide s) {
  switch (s) {
    case PlaneSide::kFront:
      return "front";
    case PlaneSide::kFlank:
      return "flank";
    case PlaneSide::kRear:
      return "rear";
  }
  return "?";
}

PlaneSide side_of(Point centre, Degrees facing, Point point, Degrees rear_half_angle) {
  if (in_front_arc(centre, facing, point)) return PlaneSide::kFront;
  if (in_arc(centre, facing + Degrees{180.0}, rear_half_angle, point)) return PlaneSide::kRear;
  return PlaneSide::kFlank;
}

// ---------------------------------------------------------------------------------------------
// Circles.

bool touching(const Circle& a, const Circle& b) {
  return within(distance(a.centre, b.centre), a.radius + b.radius);
}

bool overlapping(const Circle& a, const Circle& b) {
  return distance(a.centre, b.centre) < a.radius + b.radius;
}

bool contains(const Circle& c, Point p) {
  return within(distance(c.centre, p), c.radius);
}

// ---------------------------------------------------------------------------------------------
// Segments.

Inches length(const Segment& s) {
  return distance(s.a, s.b);
}

Point point_at(const Segment& s, double t) {
  return s.a + (s.b - s.a) * t;
}

Point closest_point(const Segment& s, Point p) {
  return point_at(s, closest_parameter(s, p));
}

Inches distance(Point p, const Segment& s) {
  return distance(p, closest_point(s, p));
}

Inches distance(const Segment& s, Point p) {
  return distance(p, s);
}

Inches distance(const Segment& s, const Segment& t) {
  const Vec ds = s.b - s.a, dt = t.b - t.a;
  const double denom = cross(ds, dt);
  if (denom != 0.0) {
    const Vec w = t.a - s.a;
    const double u = cross(w, dt) / denom;  // along s
    const double v = cross(w, ds) / denom;  // along t
    if (u >= 0.0 && u <= 1.0 && v >= 0.0 && v <= 1.0) return Inches{0.0};
  }
  const double d = std::min(std::min(distance(s.a, t).get(), distance(s.b, t).get()),
                            std::min(distance(t.a, s).get(), distance(t.b, s).get()));
  return Inches{d};
}

bool intersects(const Segment& s, const Segment& t) {
  return within(distance(s, t), Inches{0.0});
}

std::optional<Segment> intersection(const Segment& s, const Segment& t) {
  if (!intersects(s, t)) return std::nullopt;
  const Vec ds = s.b - s.a, dt = t.b - t.a;
  const double ls = std::hypot(ds.dx, ds.dy), lt = std::hypot(dt.dx, dt.dy);
  if (ls == 0.0) return Segment{s.a, s.a};
  if (lt == 0.0) {
    const Point p = closest_point(s, t.a);
    return Segment{p, p};
  }
  const double denom = cross(ds, dt);
  if (std::abs(denom) > kParallelSine * ls * lt) {
    // The lines cross once; clamping keeps a touch within the tolerance on `s`.
    const double u = std::clamp(cross(t.a - s.a, dt) / denom, 0.0, 1.0);
    const Point p = point_at(s, u);
    return Segment{p, p};
  }
  // Parallel and within the tolerance: the shared piece, as parameters along `s`.
  const double ls2 = ls * ls;
  const double ta = dot(t.a - s.a, ds) / ls2, tb = dot(t.b - s.a, ds) / ls2;
  const double lo = std::max(0.0, std::min(ta, tb)), hi = std::min(1.0, std::max(ta, tb));
  if (lo > hi) {
    // End to end with a gap no wider than the tolerance: the end of `s` nearest `t`.
    const Point p = point_at(s, std::max(ta, tb) < 0.0 ? 0.0 : 1.0);
    return Segment{p, p};
  }
  return Segment{point_at(s, lo), point_at(s, hi)};
}

// ---------------------------------------------------------------------------------------------
// Movement.

std::optional<Point> first_within(const Segment& path, Point point, Inches reach) {
  if (within(distance(path.a, point), reach)) return path.a;
  const Vec d = path.b - path.a;
  const double len2 = dot(d, d);
  if (len2 == 0.0) return std::nullopt;
  const double t_line = dot(point - path.a, d) / len2;  // closest approach of the line
  const double t_near = std::clamp(t_line, 0.0, 1.0);
  const Point nearest = point_at(path, t_near);
  const double h = distance(nearest, point).get();
  const double r = reach.get();
  if (!within(Inches{h}, reach)) return std::nullopt;
  if (h >= r) return nearest;  // a graze within the tolerance
  // The line enters the disc of radius `reach` before its closest approach.
  const double perp = distance(point_at(path, t_line), point).get();
  const double back = std::sqrt(std::max(r * r - perp * perp, 0.0) / len2);
  return point_at(path, std::clamp(t_line - back, 0.0, t_near));
}

std::optional<Point> first_contact(const Segment& path, Inches radius, const Circle& other) {
  return first_within(path, other.centre, radius + other.radius);
}

Point contact_position(Point from, Inches radius, const Circle& target) {
  const Inches gap = distance(from, target.centre) - (radius + target.radius);
  if (within(gap, Inches{0.0})) return from;
  return from + unit(target.centre - from) * gap.get();
}

Point move_away(Point from, Point from_what, Inches by, Degrees away_bearing) {
  Vec d = unit(from - from_what);
  if (d == Vec{}) d = direction(away_bearing);
  return from + d * by.get();
}

// ---------------------------------------------------------------------------------------------
// Canister.

std::optional<std::size_t> canister_band(Point muzzle, Degrees aim,
                                         const std::vector<CanisterBand>& bands, Point point) {
  const Vec aim_dir = direction(aim), v = point - muzzle;
  const Inches along{dot(v, aim_dir)};
  if (along < Inches{0.0}) return std::nullopt;  // behind the muzzle
  const Inches off{std::abs(cross(aim_dir, v))};
  for (std::size_t i = 0; i < bands.size(); ++i) {
    if (!within(along, bands[i].max_distance)) continue;
    if (within(off, bands[i].width / 2.0)) return i;
    return std::nullopt;
  }
  return std::nullopt;
}

bool in_canister_cone(Point muzzle, Degrees aim, const std::vector<CanisterBand>& bands,
                      Point point) {
  return canister_band(muzzle, aim, bands, point).has_value();
}

}  // namespace grognard::engine
