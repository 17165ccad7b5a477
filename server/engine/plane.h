#pragma once
// Plane geometry for the rule sets measured in inches (RCW, Sharpe's Mess): lengths, points,
// facings, arcs, circular footprints, segments, movement stops and the canister cone.
//
// Table coordinates: x grows east (to the right), y grows north (up the table), in inches.
// Angles are compass bearings in degrees: 0 = north (+y), 90 = east (+x), 180 = south,
// 270 = west; they grow clockwise. A facing is such a bearing.
//
// R18: distances are exact (no rounding); every comparison of lengths uses a tolerance of
// kTolerance = 1e-6 inch and bounds are inclusive, so "within 3 inches" holds for 3.0000001 but
// not for 3.00001. Angular bounds are judged the same way, in inches: a point lies in an arc when
// it is no more than kTolerance from the arc's sector.

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace grognard::engine {

// R18: the tolerance of every length comparison on the plane.
inline constexpr double kTolerance = 1e-6;

// A length in inches. Arithmetic is exact; ==, <, <= and the rest compare with kTolerance:
// a == b when they differ by no more than kTolerance, a < b when a is below b by more than
// kTolerance, a <= b when a exceeds b by no more than kTolerance. Tolerant equality is not
// transitive, so sort or key by get().
class Inches {
 public:
  constexpr Inches() = default;
  constexpr explicit Inches(double v) : v_(v) {}
  constexpr double get() const { return v_; }

  constexpr Inches operator-() const { return Inches{-v_}; }
  constexpr Inches& operator+=(Inches o) {
    v_ += o.v_;
    return *this;
  }
  constexpr Inches& operator-=(Inches o) {
    v_ -= o.v_;
    return *this;
  }
  friend constexpr Inches operator+(Inches a, Inches b) { return Inches{a.v_ + b.v_}; }
  friend constexpr Inches operator-(Inches a, Inches b) { return Inches{a.v_ - b.v_}; }
  friend constexpr Inches operator*(Inches a, double k) { return Inches{a.v_ * k}; }
  friend constexpr Inches operator*(double k, Inches a) { return Inches{a.v_ * k}; }
  friend constexpr Inches operator/(Inches a, double k) { return Inches{a.v_ / k}; }
  friend constexpr double operator/(Inches a, Inches b) { return a.v_ / b.v_; }

  // a < b: b exceeds a by more than the tolerance. The rest follow from it, so that `a <= b`
  // holds exactly when a.get() <= b.get() + kTolerance.
  friend constexpr bool operator<(Inches a, Inches b) { return a.v_ + kTolerance < b.v_; }
  friend constexpr bool operator==(Inches a, Inches b) { return !(a < b) && !(b < a); }
  friend constexpr bool operator>(Inches a, Inches b) { return b < a; }
  friend constexpr bool operator<=(Inches a, Inches b) { return !(b < a); }
  friend constexpr bool operator>=(Inches a, Inches b) { return !(a < b); }

 private:
  double v_ = 0.0;
};

// R18 in words: equal within the tolerance; `a` no more than `limit` (inclusive).
constexpr bool approx_equal(Inches a, Inches b) {
  return a == b;
}
constexpr bool within(Inches a, Inches limit) {
  return a <= limit;
}
// "More than `limit`": the negation of within().
constexpr bool beyond(Inches a, Inches limit) {
  return !within(a, limit);
}

std::string to_string(Inches d);  // "3.5in"
// A distance as players read it in a message: to a tenth of an inch with the inch mark
// ("17.6\""), a whole number without decimals ("5\""); to a hundredth when a tenth would
// read the same as `limit` though it is not (5.04" beyond a 5" reach is not "5.0\"").
std::string inches_text(Inches d, std::optional<Inches> limit = std::nullopt);
// To a hundredth, always two places ("9.00", "6.30"): positions and distances precise enough to
// aim a move by (previews).
std::string hundredths(double v);
std::ostream& operator<<(std::ostream& os, Inches d);

// A bearing or facing in degrees (see the convention at the top). Not normalised on
// construction; normalised() gives the same direction in [0, 360).
class Degrees {
 public:
  constexpr Degrees() = default;
  constexpr explicit Degrees(double v) : v_(v) {}
  constexpr double get() const { return v_; }
  Degrees normalised() const;

  friend constexpr Degrees operator+(Degrees a, Degrees b) { return Degrees{a.v_ + b.v_}; }
  friend constexpr Degrees operator-(Degrees a, Degrees b) { return Degrees{a.v_ - b.v_}; }
  friend constexpr Degrees operator-(Degrees a) { return Degrees{-a.v_}; }
  // Exact comparison of the stored values; compare directions with angle_difference().
  friend constexpr bool operator==(Degrees, Degrees) = default;

 private:
  double v_ = 0.0;
};

std::string to_string(Degrees a);  // "90deg"
std::ostream& operator<<(std::ostream& os, Degrees a);

// The turn from `from` to `to`, in (-180, 180]: positive is clockwise.
Degrees angle_difference(Degrees from, Degrees to);
// The same direction on the table as the players and the wire draw it, y growing south (0 =
// north = toward y = 0; docs/protocol.md): that table is this one mirrored top to bottom, so a
// bearing b is 180 − b there, normalised; the same formula turns it back.
Degrees mirrored_bearing(Degrees b);

// A displacement in inches.
struct Vec {
  double dx = 0.0;
  double dy = 0.0;
  friend constexpr bool operator==(const Vec&, const Vec&) = default;
  friend constexpr Vec operator+(Vec a, Vec b) { return {a.dx + b.dx, a.dy + b.dy}; }
  friend constexpr Vec operator-(Vec a, Vec b) { return {a.dx - b.dx, a.dy - b.dy}; }
  friend constexpr Vec operator-(Vec a) { return {-a.dx, -a.dy}; }
  friend constexpr Vec operator*(Vec a, double k) { return {a.dx * k, a.dy * k}; }
  friend constexpr Vec operator*(double k, Vec a) { return {a.dx * k, a.dy * k}; }
};

constexpr double dot(Vec a, Vec b) {
  return a.dx * b.dx + a.dy * b.dy;
}
// z of the 3-d cross product: positive when `b` turns anticlockwise from `a`.
constexpr double cross(Vec a, Vec b) {
  return a.dx * b.dy - a.dy * b.dx;
}
Inches length(Vec v);
// The vector of length 1 along `v`; the zero vector stays zero.
Vec unit(Vec v);
// The unit vector pointing along bearing `a`.
Vec direction(Degrees a);
// The bearing of `v`; 0 for the zero vector.
Degrees bearing_of(Vec v);

// A position on the table, in inches. Exact comparison; use distance() for R18 equality.
struct Point {
  double x = 0.0;
  double y = 0.0;
  friend constexpr bool operator==(const Point&, const Point&) = default;
  friend constexpr Vec operator-(Point a, Point b) { return {a.x - b.x, a.y - b.y}; }
  friend constexpr Point operator+(Point p, Vec v) { return {p.x + v.dx, p.y + v.dy}; }
  friend constexpr Point operator-(Point p, Vec v) { return {p.x - v.dx, p.y - v.dy}; }
};

std::string to_string(Point p);  // "(1.5,-2)"
std::ostream& operator<<(std::ostream& os, Point p);

// R4: centre-to-centre distance, exact.
Inches distance(Point a, Point b);
// R18: the two points are no more than `limit` apart (inclusive, with the tolerance).
bool within_distance(Point a, Point b, Inches limit);
// The same place under R18: no more than kTolerance apart.
bool same_place(Point a, Point b);

// The compass bearing from `from` to `to`; 0 when the points coincide.
Degrees bearing(Point from, Point to);

// ---------------------------------------------------------------------------------------------
// Arcs (R3).

// R3: `point` lies within `half_angle` either side of `facing`, measured from `centre`. The
// boundary is inclusive, and a point no more than kTolerance from the arc's sector (including
// the centre itself) is inside. A half angle of 180 or more is the whole plane.
bool in_arc(Point centre, Degrees facing, Degrees half_angle, Point point);

// R3: the front arc, 60 degrees either side of the facing.
inline constexpr Degrees kFrontHalfAngle{60.0};
bool in_front_arc(Point centre, Degrees facing, Point point);

// R3: front, or else flank or rear. Rear is the arc of `rear_half_angle` either side of the
// bearing straight behind; flank is everything else. Front wins where the arcs meet.
enum class PlaneSide : unsigned char { kFront, kFlank, kRear };
const char* to_string(PlaneSide s);  // "front", "flank", "rear"
PlaneSide side_of(Point centre, Degrees facing, Point point,
                  Degrees rear_half_angle = Degrees{60.0});

// ---------------------------------------------------------------------------------------------
// Circles (R4 footprints, S5 bases).

struct Circle {
  Point centre;
  Inches radius;
};

// R4/S5: the footprints touch or overlap (centres no more than the sum of radii apart).
bool touching(const Circle& a, const Circle& b);
// The footprints overlap by more than the tolerance: they share interior, not just an edge.
bool overlapping(const Circle& a, const Circle& b);
// `p` lies in the closed disc.
bool contains(const Circle& c, Point p);

// ---------------------------------------------------------------------------------------------
// Segments.

struct Segment {
  Point a;
  Point b;
  friend constexpr bool operator==(const Segment&, const Segment&) = default;
};

Inches length(const Segment& s);
// The point of `s` nearest `p` (the start when `s` has zero length).
Point closest_point(const Segment& s, Point p);
Inches distance(Point p, const Segment& s);
Inches distance(const Segment& s, Point p);
// The shortest distance between the two segments (0 when they cross).
Inches distance(const Segment& s, const Segment& t);
// The segments meet, with the tolerance: distance(s, t) <= kTolerance.
bool intersects(const Segment& s, const Segment& t);
// Where the segments meet: nothing; one point (returned as a segment with a == b); or, for
// collinear overlapping segments, the shared piece, oriented along `s`.
std::optional<Segment> intersection(const Segment& s, const Segment& t);

// The point a fraction `t` of the way from s.a to s.b.
Point point_at(const Segment& s, double t);

// ---------------------------------------------------------------------------------------------
// Movement (R4, R10, R17).

// R17: the first point of the straight move `path` that is within `reach` of `point`; the start
// when it already is; nothing when the move never comes within reach. "Within" is R18's: a move
// whose closest approach is within the tolerance of `reach` stops at that closest approach.
std::optional<Point> first_within(const Segment& path, Point point, Inches reach);

// Where the centre of a circle of `radius` moving along `path` is when it first touches `other`
// (see first_within); nothing when it never does.
std::optional<Point> first_contact(const Segment& path, Inches radius, const Circle& other);

// R4: an attacker at `from` with footprint `radius` moves straight at `target` until the
// footprints touch; the centre where it stops. It does not move when they already touch, and
// stays at `from` when the centres coincide.
Point contact_position(Point from, Inches radius, const Circle& target);

// R8: a point `by` from `from`, directly away from `from_what`; straight along the bearing
// `away_bearing` when the two points coincide.
Point move_away(Point from, Point from_what, Inches by, Degrees away_bearing = Degrees{0.0});

// ---------------------------------------------------------------------------------------------
// Canister (S9).

// One band of a canister table: it covers distances up to `max_distance` (beyond the previous
// band's), with the cone `width` across there, centred on the aim line.
struct CanisterBand {
  Inches max_distance;
  Inches width;
};

// S9: which band of `bands` (ordered by max_distance, increasing) holds `point` for a gun at
// `muzzle` aimed along `aim`; nothing when the point is outside the cone. Distance is measured
// along the aim line; a distance on a band edge takes the lower band; under the first band's
// start (including 0) takes the first band; points behind the muzzle or past the last band are
// outside. Inside when the distance from the aim line is within half the band's width.
std::optional<std::size_t> canister_band(Point muzzle, Degrees aim,
                                         const std::vector<CanisterBand>& bands, Point point);
bool in_canister_cone(Point muzzle, Degrees aim, const std::vector<CanisterBand>& bands,
                      Point point);

}  // namespace grognard::engine
