// Movement on the plane and the canister cone: R4 (moving into contact), R8 (falling back),
// R17 (stopping within 3" of a hidden enemy), S9 (canister bands) and R18's tolerance in each.

#include <catch2/catch.hpp>
#include <cmath>
#include <optional>
#include <vector>

#include "engine/plane.h"

using grognard::engine::canister_band;
using grognard::engine::CanisterBand;
using grognard::engine::Circle;
using grognard::engine::contact_position;
using grognard::engine::Degrees;
using grognard::engine::direction;
using grognard::engine::distance;
using grognard::engine::first_contact;
using grognard::engine::first_within;
using grognard::engine::in_canister_cone;
using grognard::engine::Inches;
using grognard::engine::move_away;
using grognard::engine::Point;
using grognard::engine::same_place;
using grognard::engine::Segment;
using grognard::engine::touching;

namespace {

Inches in(double v) {
  return Inches{v};
}

Point offset(Point p, double bearing, double d) {
  return p + direction(Degrees{bearing}) * d;
}

}  // namespace

TEST_CASE("a move stops where it first comes within reach", "[R17][plane]") {
  const Segment path{Point{0, 0}, Point{10, 0}};
  // Passing 2" from the hidden unit: it stops sqrt(5) short of the closest approach.
  auto stop = first_within(path, Point{5, 2}, in(3.0));
  REQUIRE(stop);
  CHECK(same_place(*stop, Point{5 - std::sqrt(5.0), 0}));
  CHECK(distance(*stop, Point{5, 2}).get() == Approx(3.0));
  // Passing 4" away: never within 3".
  CHECK_FALSE(first_within(path, Point{5, 4}, in(3.0)));
  // Passing exactly 3" away, and within the tolerance of it: it stops at the closest approach.
  stop = first_within(path, Point{5, 3}, in(3.0));
  REQUIRE(stop);
  CHECK(*stop == Point{5, 0});
  stop = first_within(path, Point{5, -3.0000001}, in(3.0));
  REQUIRE(stop);
  CHECK(same_place(*stop, Point{5, 0}));
  CHECK_FALSE(first_within(path, Point{5, 3.00001}, in(3.0)));
  // Already within 3" at the start: it does not move at all.
  stop = first_within(path, Point{1, 1}, in(3.0));
  REQUIRE(stop);
  CHECK(*stop == Point{0, 0});
  stop = first_within(path, Point{-3, 0}, in(3.0));
  REQUIRE(stop);
  CHECK(*stop == Point{0, 0});
  CHECK_FALSE(first_within(path, Point{-3.00001, 0}, in(3.0)));  // moving away
  // Reaching 3" only at the end of the move, or only past it.
  stop = first_within(path, Point{12, 0}, in(3.0));
  REQUIRE(stop);
  CHECK(same_place(*stop, Point{9, 0}));
  stop = first_within(path, Point{13, 0}, in(3.0));
  REQUIRE(stop);
  CHECK(same_place(*stop, Point{10, 0}));
  stop = first_within(path, Point{13.0000005, 0}, in(3.0));
  REQUIRE(stop);
  CHECK(same_place(*stop, Point{10, 0}));
  CHECK_FALSE(first_within(path, Point{13.00001, 0}, in(3.0)));
  // Straight through the hidden unit's position.
  stop = first_within(path, Point{6, 0}, in(3.0));
  REQUIRE(stop);
  CHECK(same_place(*stop, Point{3, 0}));
}

TEST_CASE("a move's stop does not depend on its direction on the table", "[R17][plane]") {
  const Point start{2, -3};
  for (double b = 0.0; b < 360.0; b += 30.0) {
    INFO("bearing " << b);
    const Segment path{start, offset(start, b, 10)};
    const Point hidden = offset(offset(start, b, 5), b + 90, 2);
    const auto stop = first_within(path, hidden, in(3.0));
    REQUIRE(stop);
    CHECK(same_place(*stop, offset(start, b, 5 - std::sqrt(5.0))));
    CHECK_FALSE(first_within(path, offset(offset(start, b, 5), b - 90, 3.00001), in(3.0)));
  }
}

TEST_CASE("a zero-length move stops only if it starts within reach", "[R17][plane]") {
  const Segment still{Point{1, 1}, Point{1, 1}};
  REQUIRE(first_within(still, Point{4, 1}, in(3.0)));
  CHECK(*first_within(still, Point{4, 1}, in(3.0)) == Point{1, 1});
  CHECK_FALSE(first_within(still, Point{4.00001, 1}, in(3.0)));
}

TEST_CASE("a moving footprint first touches another", "[R4][S5][plane]") {
  const Segment path{Point{0, 0}, Point{10, 0}};
  const Circle other{Point{6, 1}, in(1.0)};
  auto at = first_contact(path, in(1.0), other);
  REQUIRE(at);
  CHECK(same_place(*at, Point{6 - std::sqrt(3.0), 0}));
  CHECK(touching(Circle{*at, in(1.0)}, other));
  CHECK_FALSE(first_contact(path, in(1.0), Circle{Point{6, 2}, in(0.99999)}));
  at = first_contact(path, in(1.0), Circle{Point{6, 2}, in(1.0)});  // a graze
  REQUIRE(at);
  CHECK(*at == Point{6, 0});
}

TEST_CASE("an assault moves straight at the target until the footprints touch", "[R4][plane]") {
  const Circle target{Point{10, 0}, in(1.0)};
  CHECK(same_place(contact_position(Point{0, 0}, in(1.0), target), Point{8, 0}));
  CHECK(contact_position(Point{8, 0}, in(1.0), target) == Point{8, 0});    // already touching
  CHECK(contact_position(Point{9, 0}, in(1.0), target) == Point{9, 0});    // overlapping
  CHECK(contact_position(Point{10, 0}, in(1.0), target) == Point{10, 0});  // coincident
  const Point from{0, 0};
  const Circle diagonal{Point{6, 8}, in(0.5)};
  const Point stop = contact_position(from, in(0.5), diagonal);
  CHECK(same_place(stop, Point{5.4, 7.2}));
  CHECK(distance(stop, diagonal.centre).get() == Approx(1.0));
  CHECK(touching(Circle{stop, in(0.5)}, diagonal));
}

TEST_CASE("falling back moves directly away", "[R4][plane]") {
  CHECK(same_place(move_away(Point{3, 4}, Point{0, 0}, in(5.0)), Point{6, 8}));
  CHECK(same_place(move_away(Point{0, 0}, Point{0, 2}, in(3.0)), Point{0, -3}));
  CHECK(same_place(move_away(Point{1, 1}, Point{1, 1}, in(3.0), Degrees{90}), Point{4, 1}));
  CHECK(move_away(Point{1, 1}, Point{5, 1}, in(0.0)) == Point{1, 1});
}

TEST_CASE("canister: bands along the aim line, width centred on it", "[S9][plane]") {
  // An illustrative table: up to 5" 2" wide, up to 10" 4" wide, up to 30" 8" wide.
  const std::vector<CanisterBand> bands{{in(5), in(2)}, {in(10), in(4)}, {in(30), in(8)}};
  const Point muzzle{0, 0};
  const Degrees north{0};
  using Band = std::optional<std::size_t>;
  CHECK(canister_band(muzzle, north, bands, Point{0, 0.5}) == Band{0});  // under 1"
  CHECK(canister_band(muzzle, north, bands, Point{0, 0}) == Band{0});    // at the muzzle
  CHECK(canister_band(muzzle, north, bands, Point{0, 3}) == Band{0});
  CHECK(canister_band(muzzle, north, bands, Point{0, 5}) == Band{0});  // edge: lower band
  CHECK(canister_band(muzzle, north, bands, Point{0, 5.0000001}) == Band{0});
  CHECK(canister_band(muzzle, north, bands, Point{0, 5.00001}) == Band{1});
  CHECK(canister_band(muzzle, north, bands, Point{0, 10}) == Band{1});
  CHECK(canister_band(muzzle, north, bands, Point{0, 30}) == Band{2});
  CHECK(canister_band(muzzle, north, bands, Point{0, 30.0000005}) == Band{2});
  CHECK_FALSE(canister_band(muzzle, north, bands, Point{0, 30.00001}));  // no canister past 30"
  CHECK_FALSE(canister_band(muzzle, north, bands, Point{0, -0.5}));      // behind the muzzle

  // Width: half each side, edges inclusive; a point on a band edge uses the lower band's width.
  CHECK(in_canister_cone(muzzle, north, bands, Point{1, 5}));
  CHECK(in_canister_cone(muzzle, north, bands, Point{-1.0000005, 5}));
  CHECK_FALSE(in_canister_cone(muzzle, north, bands, Point{1.00001, 5}));
  CHECK_FALSE(in_canister_cone(muzzle, north, bands, Point{1.5, 5}));
  CHECK(in_canister_cone(muzzle, north, bands, Point{1.5, 5.5}));
  CHECK(in_canister_cone(muzzle, north, bands, Point{-2, 10}));
  CHECK_FALSE(in_canister_cone(muzzle, north, bands, Point{-2.00001, 10}));
  CHECK(in_canister_cone(muzzle, north, bands, Point{4, 29}));
  CHECK_FALSE(in_canister_cone(muzzle, north, bands, Point{4.1, 29}));

  // Aimed east, the same figures turned a quarter.
  const Degrees east{90};
  CHECK(canister_band(muzzle, east, bands, Point{5, 0.9}) == Band{0});
  CHECK_FALSE(canister_band(muzzle, east, bands, Point{0.9, 5}));
  // Any aim: a point 7" along and 1.9" to the side is in the second band.
  for (double b = 0.0; b < 360.0; b += 37.0) {
    INFO("aim " << b);
    const Point p = offset(offset(Point{2, 3}, b, 7), b + 90, 1.9);
    CHECK(canister_band(Point{2, 3}, Degrees{b}, bands, p) == Band{1});
    const Point q = offset(offset(Point{2, 3}, b, 7), b - 90, 2.1);
    CHECK_FALSE(in_canister_cone(Point{2, 3}, Degrees{b}, bands, q));
  }
  CHECK_FALSE(in_canister_cone(muzzle, north, {}, Point{0, 1}));  // no table, no cone
}
