// Plane geometry of the inch-based rule sets: R18 (measurement and tolerance), R3 (arcs), R4
// (footprints and distances), S5 (base contact) and the segment primitives beneath them.

#include <catch2/catch.hpp>
#include <cmath>
#include <optional>
#include <string>

#include "engine/plane.h"

using grognard::engine::angle_difference;
using grognard::engine::approx_equal;
using grognard::engine::bearing;
using grognard::engine::bearing_of;
using grognard::engine::beyond;
using grognard::engine::Circle;
using grognard::engine::closest_point;
using grognard::engine::contains;
using grognard::engine::Degrees;
using grognard::engine::direction;
using grognard::engine::distance;
using grognard::engine::in_arc;
using grognard::engine::in_front_arc;
using grognard::engine::Inches;
using grognard::engine::intersection;
using grognard::engine::intersects;
using grognard::engine::kTolerance;
using grognard::engine::length;
using grognard::engine::overlapping;
using grognard::engine::PlaneSide;
using grognard::engine::Point;
using grognard::engine::same_place;
using grognard::engine::Segment;
using grognard::engine::side_of;
using grognard::engine::touching;
using grognard::engine::Vec;
using grognard::engine::within;
using grognard::engine::within_distance;

namespace {

Inches in(double v) {
  return Inches{v};
}

Degrees deg(double v) {
  return Degrees{v};
}

// `p` moved `d` inches along bearing `b`.
Point offset(Point p, double b, double d) {
  return p + direction(Degrees{b}) * d;
}

}  // namespace

TEST_CASE("lengths compare with a tolerance of 1e-6 inch, bounds inclusive", "[R18][plane]") {
  CHECK(within(in(3.0), in(3.0)));
  CHECK(within(in(2.0), in(3.0)));
  CHECK(within(in(3.0000001), in(3.0)));
  CHECK_FALSE(within(in(3.00001), in(3.0)));
  CHECK(beyond(in(3.00001), in(3.0)));
  CHECK_FALSE(beyond(in(3.0), in(3.0)));
  // Exactly at the tolerance is still within; just past it is not.
  CHECK(within(in(3.0) + in(kTolerance), in(3.0)));
  CHECK_FALSE(within(in(3.0) + in(2 * kTolerance), in(3.0)));

  CHECK(approx_equal(in(3.0), in(3.0000001)));
  CHECK(approx_equal(in(3.0000001), in(3.0)));
  CHECK_FALSE(approx_equal(in(3.0), in(3.00001)));
  CHECK(in(3.0) == in(2.9999999));
  CHECK_FALSE(in(3.0) < in(3.0000001));
  CHECK(in(3.0) < in(3.00001));
  CHECK(in(3.00001) > in(3.0));
  CHECK(in(3.0000001) <= in(3.0));
  CHECK(in(2.9999999) >= in(3.0));
  CHECK_FALSE(in(2.99999) >= in(3.0));
}

TEST_CASE("inches do exact arithmetic", "[R18][plane]") {
  CHECK((in(1.5) + in(2.25)).get() == 3.75);
  CHECK((in(1.5) - in(2.25)).get() == -0.75);
  CHECK((-in(1.5)).get() == -1.5);
  CHECK((in(1.5) * 2.0).get() == 3.0);
  CHECK((2.0 * in(1.5)).get() == 3.0);
  CHECK((in(3.0) / 2.0).get() == 1.5);
  CHECK(in(3.0) / in(1.5) == 2.0);
  Inches d = in(1.0);
  d += in(2.0);
  d -= in(0.5);
  CHECK(d.get() == 2.5);
  CHECK(grognard::engine::to_string(in(3.5)) == "3.5in");
}

TEST_CASE("a distance in a message reads as players measure it", "[plane]") {
  using grognard::engine::inches_text;
  CHECK(inches_text(in(17.55135322)) == "17.6\"");
  CHECK(inches_text(in(18.0)) == "18\"");
  CHECK(inches_text(in(0.04)) == "0\"");
  // Beside a limit a tenth would blur, a hundredth tells them apart; the limit itself stays.
  CHECK(inches_text(in(5.04), in(5.0)) == "5.04\"");
  CHECK(inches_text(in(5.0000001), in(5.0)) == "5\"");
  CHECK(inches_text(in(5.3), in(5.0)) == "5.3\"");
}

TEST_CASE("distances are exact and symmetric", "[R4][R18][plane]") {
  CHECK(distance(Point{0, 0}, Point{3, 4}).get() == 5.0);
  CHECK(distance(Point{3, 4}, Point{0, 0}).get() == 5.0);
  CHECK(distance(Point{-1, -1}, Point{2, 3}).get() == 5.0);
  CHECK(distance(Point{1, 1}, Point{1, 1}).get() == 0.0);
  CHECK(distance(Point{0, 0}, Point{1, 1}).get() == Approx(std::sqrt(2.0)).epsilon(1e-15));
  // R4: "adjacent" means within 3" centre to centre.
  CHECK(within_distance(Point{0, 0}, Point{3, 0}, in(3.0)));
  CHECK(within_distance(Point{0, 0}, Point{0, 3.0000001}, in(3.0)));
  CHECK_FALSE(within_distance(Point{0, 0}, Point{-3.00001, 0}, in(3.0)));
  CHECK(within_distance(Point{1, 1}, Point{1 + 1.8, 1 + 2.4}, in(3.0)));  // a 3-4-5 at 3"
  CHECK(same_place(Point{1, 1}, Point{1.0000005, 1}));
  CHECK_FALSE(same_place(Point{1, 1}, Point{1.00001, 1}));
}

TEST_CASE("bearings are compass bearings: 0 north (+y), clockwise", "[R3][plane]") {
  const Point o{2, -1};
  CHECK(bearing(o, Point{2, 5}).get() == 0.0);
  CHECK(bearing(o, Point{7, -1}).get() == 90.0);
  CHECK(bearing(o, Point{2, -3}).get() == 180.0);
  CHECK(bearing(o, Point{-4, -1}).get() == 270.0);
  CHECK(bearing(o, Point{3, 0}).get() == Approx(45.0));
  CHECK(bearing(o, Point{1, 0}).get() == Approx(315.0));
  CHECK(bearing(o, o).get() == 0.0);  // coincident points: 0 by definition

  // Symmetry: the way back differs by half a turn.
  for (const Point p : {Point{5, 1}, Point{-3, 7}, Point{0.5, -9}, Point{2, 10}}) {
    CHECK(std::abs(angle_difference(bearing(o, p), bearing(p, o)).get()) == Approx(180.0));
  }

  // direction() is the inverse of bearing_of(), exact at the compass points.
  CHECK(direction(deg(0)) == Vec{0, 1});
  CHECK(direction(deg(90)) == Vec{1, 0});
  CHECK(direction(deg(180)) == Vec{0, -1});
  CHECK(direction(deg(-90)) == Vec{-1, 0});
  CHECK(direction(deg(30)).dx == Approx(0.5));
  CHECK(direction(deg(30)).dy == Approx(std::sqrt(3.0) / 2));
  for (double b = 0.0; b < 360.0; b += 22.5) {
    CHECK(bearing_of(direction(deg(b))).get() == Approx(b).margin(1e-9));
  }
}

TEST_CASE("angle differences are normalised to (-180, 180]", "[R3][plane]") {
  CHECK(angle_difference(deg(350), deg(10)).get() == 20.0);
  CHECK(angle_difference(deg(10), deg(350)).get() == -20.0);
  CHECK(angle_difference(deg(0), deg(180)).get() == 180.0);
  CHECK(angle_difference(deg(180), deg(0)).get() == 180.0);
  CHECK(angle_difference(deg(0), deg(540)).get() == 180.0);
  CHECK(angle_difference(deg(-720), deg(90)).get() == 90.0);
  CHECK(angle_difference(deg(45), deg(45)).get() == 0.0);
  CHECK(angle_difference(deg(90), deg(-90)).get() == 180.0);
  CHECK(angle_difference(deg(0), deg(181)).get() == -179.0);

  CHECK(deg(-90).normalised().get() == 270.0);
  CHECK(deg(720).normalised().get() == 0.0);
  CHECK(deg(365).normalised().get() == 5.0);
  CHECK(deg(-1e-20).normalised().get() == 0.0);  // would round to 360
  CHECK(deg(359.5).normalised().get() == 359.5);
}

TEST_CASE("front arc: 60 degrees either side of the facing, boundary inclusive", "[R3][plane]") {
  const Point c{0, 0};
  CHECK(in_front_arc(c, deg(0), Point{0, 10}));
  CHECK(in_front_arc(c, deg(0), offset(c, 59.9, 10)));
  CHECK(in_front_arc(c, deg(0), offset(c, -59.9, 10)));
  CHECK(in_front_arc(c, deg(0), offset(c, 60, 10)));   // on the edge
  CHECK(in_front_arc(c, deg(0), offset(c, -60, 10)));  // on the other edge
  CHECK_FALSE(in_front_arc(c, deg(0), offset(c, 60.1, 10)));
  CHECK_FALSE(in_front_arc(c, deg(0), offset(c, -60.1, 10)));
  CHECK_FALSE(in_front_arc(c, deg(0), Point{10, 0}));
  CHECK_FALSE(in_front_arc(c, deg(0), Point{0, -10}));
  CHECK(in_front_arc(c, deg(0), c));  // the centre itself

  // Facing east: the target at bearing 150 sits on the southern edge of the arc exactly.
  CHECK(in_front_arc(Point{1, 1}, deg(90), Point{1 + 1, 1 - std::sqrt(3.0)}));
  CHECK_FALSE(in_front_arc(Point{1, 1}, deg(90), Point{1 - 1, 1 - std::sqrt(3.0)}));

  // R18 on the edge: within 1e-6 inch of the edge ray counts; 1e-5 outside does not.
  const Point edge = offset(c, 60, 10);
  CHECK(in_front_arc(c, deg(0), offset(edge, 150, 5e-7)));
  CHECK_FALSE(in_front_arc(c, deg(0), offset(edge, 150, 1e-5)));
  CHECK(in_front_arc(c, deg(0), offset(edge, 330, 1e-5)));  // nudged inward
  // Close to the centre behind the unit is still the centre within the tolerance.
  CHECK(in_front_arc(c, deg(0), Point{0, -5e-7}));
  CHECK_FALSE(in_front_arc(c, deg(0), Point{0, -1e-5}));
}

TEST_CASE("arcs turn with the facing", "[R3][plane]") {
  const Point c{3, -2};
  for (double f = 0.0; f < 360.0; f += 15.0) {
    INFO("facing " << f);
    CHECK(in_front_arc(c, deg(f), offset(c, f, 4)));
    CHECK(in_front_arc(c, deg(f), offset(c, f + 60, 4)));
    CHECK(in_front_arc(c, deg(f), offset(c, f - 60, 4)));
    CHECK_FALSE(in_front_arc(c, deg(f), offset(c, f + 61, 4)));
    CHECK_FALSE(in_front_arc(c, deg(f), offset(c, f - 61, 4)));
    CHECK_FALSE(in_front_arc(c, deg(f), offset(c, f + 180, 4)));
  }
  CHECK(in_arc(c, deg(0), deg(180), Point{3, -9}));  // the whole plane
  CHECK(in_arc(c, deg(0), deg(0), Point{3, 9}));     // a bare ray
  CHECK_FALSE(in_arc(c, deg(0), deg(0), Point{3.00001, 9}));
}

TEST_CASE("front, flank and rear", "[R3][plane]") {
  const Point c{0, 0};
  CHECK(side_of(c, deg(0), Point{0, 10}) == PlaneSide::kFront);
  CHECK(side_of(c, deg(0), Point{10, 0}) == PlaneSide::kFlank);
  CHECK(side_of(c, deg(0), Point{-10, 0}) == PlaneSide::kFlank);
  CHECK(side_of(c, deg(0), Point{0, -10}) == PlaneSide::kRear);
  CHECK(side_of(c, deg(0), Point{10, -10}) == PlaneSide::kRear);
  CHECK(side_of(c, deg(0), offset(c, 120, 5)) == PlaneSide::kRear);  // rear edge
  CHECK(side_of(c, deg(0), offset(c, 119.9, 5)) == PlaneSide::kFlank);
  CHECK(side_of(c, deg(0), offset(c, 60, 5)) == PlaneSide::kFront);  // front edge
  CHECK(side_of(c, deg(0), Point{10, -10}, deg(30)) == PlaneSide::kFlank);
  CHECK(side_of(c, deg(0), Point{0, -10}, deg(0)) == PlaneSide::kRear);
  // Front wins where a wide rear arc would meet it.
  CHECK(side_of(c, deg(0), offset(c, 60, 5), deg(120)) == PlaneSide::kFront);
  // The same geometry turned any way gives the same answer.
  for (double f = 0.0; f < 360.0; f += 30.0) {
    INFO("facing " << f);
    CHECK(side_of(c, deg(f), offset(c, f + 10, 3)) == PlaneSide::kFront);
    CHECK(side_of(c, deg(f), offset(c, f + 90, 3)) == PlaneSide::kFlank);
    CHECK(side_of(c, deg(f), offset(c, f - 90, 3)) == PlaneSide::kFlank);
    CHECK(side_of(c, deg(f), offset(c, f + 170, 3)) == PlaneSide::kRear);
  }
  CHECK(std::string(to_string(PlaneSide::kFlank)) == "flank");
}

TEST_CASE("footprints touch at the sum of the radii", "[R4][S5][plane]") {
  const Circle a{Point{0, 0}, in(1.0)};
  CHECK(touching(a, Circle{Point{2, 0}, in(1.0)}));
  CHECK_FALSE(overlapping(a, Circle{Point{2, 0}, in(1.0)}));
  CHECK(touching(a, Circle{Point{0, 2.0000005}, in(1.0)}));
  CHECK_FALSE(touching(a, Circle{Point{0, 2.00001}, in(1.0)}));
  CHECK(touching(a, Circle{Point{1.5, 0}, in(1.0)}));
  CHECK(overlapping(a, Circle{Point{1.5, 0}, in(1.0)}));
  CHECK_FALSE(overlapping(a, Circle{Point{1.9999995, 0}, in(1.0)}));
  CHECK(overlapping(a, Circle{Point{1.99999, 0}, in(1.0)}));
  // S5: 1" bases are in contact at 1" centre to centre, at any bearing.
  const Circle base{Point{4, 4}, in(0.5)};
  for (double b = 0.0; b < 360.0; b += 45.0) {
    const Circle other{offset(base.centre, b, 1.0), in(0.5)};
    CHECK(touching(base, other));
    CHECK(touching(other, base));
    CHECK_FALSE(overlapping(base, other));
    CHECK_FALSE(touching(base, Circle{offset(base.centre, b, 1.00001), in(0.5)}));
  }
  CHECK(contains(a, Point{0.6, 0.8}));
  CHECK(contains(a, Point{0, 0}));
  CHECK_FALSE(contains(a, Point{0.6, 0.80001}));
}

TEST_CASE("closest point and distance from a point to a segment", "[R11][plane]") {
  const Segment s{Point{0, 0}, Point{10, 0}};
  CHECK(closest_point(s, Point{3, 4}) == Point{3, 0});
  CHECK(distance(Point{3, 4}, s).get() == 4.0);
  CHECK(closest_point(s, Point{-3, 4}) == Point{0, 0});
  CHECK(distance(Point{-3, 4}, s).get() == 5.0);
  CHECK(closest_point(s, Point{13, -4}) == Point{10, 0});
  CHECK(distance(s, Point{13, -4}).get() == 5.0);
  CHECK(distance(Point{7, 0}, s).get() == 0.0);
  const Segment diagonal{Point{0, 0}, Point{4, 4}};
  CHECK(same_place(closest_point(diagonal, Point{0, 4}), Point{2, 2}));
  CHECK(distance(Point{0, 4}, diagonal).get() == Approx(std::sqrt(8.0)));
  // A zero-length segment is its point.
  const Segment dot_seg{Point{1, 1}, Point{1, 1}};
  CHECK(closest_point(dot_seg, Point{4, 5}) == Point{1, 1});
  CHECK(distance(Point{4, 5}, dot_seg).get() == 5.0);
  CHECK(length(s).get() == 10.0);
  CHECK(length(dot_seg).get() == 0.0);
}

TEST_CASE("segments crossing, touching and missing", "[R11][S14][plane]") {
  const Segment s{Point{0, 0}, Point{10, 10}};
  const Segment t{Point{0, 10}, Point{10, 0}};
  REQUIRE(intersection(s, t));
  CHECK(same_place(intersection(s, t)->a, Point{5, 5}));
  CHECK(intersection(s, t)->a == intersection(s, t)->b);

  // End to end and T-junctions meet.
  const auto corner = intersection(Segment{Point{0, 0}, Point{5, 0}}, Segment{{5, 0}, {5, 5}});
  REQUIRE(corner);
  CHECK(same_place(corner->a, Point{5, 0}));
  const Segment base{Point{0, 0}, Point{10, 0}};
  CHECK(intersects(base, Segment{Point{5, 0}, Point{5, 5}}));
  CHECK(intersects(base, Segment{Point{5, 5e-7}, Point{5, 5}}));  // within the tolerance
  CHECK_FALSE(intersects(base, Segment{Point{5, 1e-5}, Point{5, 5}}));
  CHECK(intersects(base, Segment{Point{10.0000005, 0}, Point{12, 3}}));
  CHECK_FALSE(intersects(base, Segment{Point{10.00001, 0}, Point{12, 3}}));

  // Parallel and apart.
  CHECK_FALSE(intersection(base, Segment{Point{0, 1}, Point{10, 1}}));
  CHECK(distance(base, Segment{Point{0, 1}, Point{10, 1}}).get() == 1.0);
  CHECK(distance(base, Segment{Point{3, 4}, Point{7, 2}}).get() == 2.0);
  CHECK(distance(s, t).get() == 0.0);

  // Symmetry.
  for (const Segment& u : {t, Segment{{5, 0}, {5, 5}}, Segment{{0, 1}, {10, 1}},
                           Segment{{3, 4}, {7, 2}}, Segment{{-1, -1}, {-1, -1}}}) {
    CHECK(intersects(s, u) == intersects(u, s));
    CHECK(distance(s, u).get() == Approx(distance(u, s).get()));
    CHECK(intersects(s, u) == intersects(Segment{s.b, s.a}, u));
  }
}

TEST_CASE("collinear segments share their overlap", "[R11][S14][plane]") {
  const Segment s{Point{0, 0}, Point{10, 0}};
  auto shared = intersection(s, Segment{Point{15, 0}, Point{5, 0}});
  REQUIRE(shared);
  CHECK(*shared == Segment{Point{5, 0}, Point{10, 0}});
  shared = intersection(s, Segment{Point{2, 0}, Point{3, 0}});
  REQUIRE(shared);
  CHECK(*shared == Segment{Point{2, 0}, Point{3, 0}});
  shared = intersection(Segment{Point{3, 0}, Point{2, 0}}, s);
  REQUIRE(shared);
  CHECK(*shared == Segment{Point{3, 0}, Point{2, 0}});  // oriented along the first
  shared = intersection(s, Segment{Point{-5, 0}, Point{20, 0}});
  REQUIRE(shared);
  CHECK(*shared == s);

  // End to end: a single point; with a gap within the tolerance too.
  shared = intersection(Segment{Point{0, 0}, Point{1, 0}}, Segment{Point{1, 0}, Point{2, 0}});
  REQUIRE(shared);
  CHECK(*shared == Segment{Point{1, 0}, Point{1, 0}});
  shared = intersection(Segment{Point{0, 0}, Point{1, 0}}, Segment{{1.0000005, 0}, {2, 0}});
  REQUIRE(shared);
  CHECK(*shared == Segment{Point{1, 0}, Point{1, 0}});
  shared = intersection(Segment{Point{0, 0}, Point{1, 0}}, Segment{{-2, 0}, {-0.0000005, 0}});
  REQUIRE(shared);
  CHECK(*shared == Segment{Point{0, 0}, Point{0, 0}});
  CHECK_FALSE(intersection(Segment{Point{0, 0}, Point{1, 0}}, Segment{{2, 0}, {3, 0}}));
  CHECK(distance(Segment{Point{0, 0}, Point{1, 0}}, Segment{{2, 0}, {3, 0}}).get() == 1.0);

  // Zero-length segments.
  shared = intersection(Segment{Point{4, 0}, Point{4, 0}}, s);
  REQUIRE(shared);
  CHECK(*shared == Segment{Point{4, 0}, Point{4, 0}});
  shared = intersection(s, Segment{Point{4, 0}, Point{4, 0}});
  REQUIRE(shared);
  CHECK(*shared == Segment{Point{4, 0}, Point{4, 0}});
  CHECK_FALSE(intersection(s, Segment{Point{4, 1}, Point{4, 1}}));
  CHECK(intersects(Segment{Point{4, 1}, Point{4, 1}}, Segment{Point{4, 1}, Point{4, 1}}));
}
