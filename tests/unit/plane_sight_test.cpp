// Terrain and line of sight on the plane: polygons (R11 blocking terrain, R12 distance inside
// terrain), walls with doors and windows (S14) and the sight-line test (R11, S14), with R18's
// tolerance at every boundary.

#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>
#include <optional>
#include <vector>

#include "engine/sight.h"

using grognard::engine::blocks;
using grognard::engine::Circle;
using grognard::engine::contains;
using grognard::engine::edges;
using grognard::engine::Inches;
using grognard::engine::intersects;
using grognard::engine::length;
using grognard::engine::length_inside;
using grognard::engine::on_boundary;
using grognard::engine::Opening;
using grognard::engine::opening_segments;
using grognard::engine::OpeningKind;
using grognard::engine::openings_crossed;
using grognard::engine::Point;
using grognard::engine::Polygon;
using grognard::engine::Segment;
using grognard::engine::sight_block;
using grognard::engine::sight_blocked;
using grognard::engine::SightBlock;
using grognard::engine::SightObstacles;
using grognard::engine::SightOptions;
using grognard::engine::solid_segments;
using grognard::engine::Wall;

namespace {

Inches in(double v) {
  return Inches{v};
}

// A 4" square with its corner at the origin, anticlockwise.
const Polygon kSquare{{{0, 0}, {4, 0}, {4, 4}, {0, 4}}};
// The same square clockwise.
const Polygon kSquareCw{{{0, 0}, {0, 4}, {4, 4}, {4, 0}}};
// An L: the 4" square without its upper-right 3" square.
const Polygon kEll{{{0, 0}, {4, 0}, {4, 1}, {1, 1}, {1, 4}, {0, 4}}};

double inside(const Polygon& p, Point a, Point b) {
  return length_inside(p, Segment{a, b}).get();
}

}  // namespace

TEST_CASE("a polygon holds its boundary", "[R11][R12][plane]") {
  for (const Polygon* p : {&kSquare, &kSquareCw}) {
    CHECK(contains(*p, Point{2, 2}));
    CHECK(contains(*p, Point{4, 2}));  // on an edge
    CHECK(contains(*p, Point{4, 4}));  // on a corner
    CHECK(contains(*p, Point{0, 0}));
    CHECK(contains(*p, Point{4.0000005, 2}));
    CHECK_FALSE(contains(*p, Point{4.00001, 2}));
    CHECK_FALSE(contains(*p, Point{5, 5}));
    CHECK_FALSE(contains(*p, Point{-1, 2}));
    CHECK(on_boundary(*p, Point{2, 0}));
    CHECK_FALSE(on_boundary(*p, Point{2, 2}));
  }
  CHECK(contains(kEll, Point{0.5, 3}));
  CHECK(contains(kEll, Point{3, 0.5}));
  CHECK(contains(kEll, Point{1, 1}));  // the inner corner
  CHECK_FALSE(contains(kEll, Point{2, 2}));
  CHECK_FALSE(contains(kEll, Point{1.00001, 1.00001}));
  CHECK(edges(kSquare).size() == 4);
  CHECK(edges(kSquare).back() == Segment{Point{0, 4}, Point{0, 0}});
  CHECK_FALSE(contains(Polygon{}, Point{0, 0}));
}

TEST_CASE("a segment meets a polygon when it crosses, touches or lies inside", "[R11][plane]") {
  CHECK(intersects(kSquare, Segment{Point{1, 1}, Point{2, 3}}));   // inside
  CHECK(intersects(kSquare, Segment{Point{-1, 2}, Point{5, 2}}));  // across
  CHECK(intersects(kSquare, Segment{Point{3, 5}, Point{5, 3}}));   // touches a corner
  CHECK(intersects(kSquare, Segment{Point{-2, 0}, Point{6, 0}}));  // along an edge
  CHECK_FALSE(intersects(kSquare, Segment{Point{3, 5.00001}, Point{5.00001, 3}}));
  CHECK_FALSE(intersects(kSquare, Segment{Point{5, 5}, Point{6, 6}}));
  CHECK_FALSE(intersects(kEll, Segment{Point{2, 2}, Point{3, 3}}));  // in the notch
  CHECK(intersects(kEll, Segment{Point{2, 2}, Point{0.5, 2}}));
}

TEST_CASE("length of a segment inside a polygon", "[R11][R12][plane]") {
  CHECK(inside(kSquare, {-1, 2}, {5, 2}) == Approx(4.0));
  CHECK(inside(kSquare, {2, 2}, {10, 2}) == Approx(2.0));
  CHECK(inside(kSquare, {1, -1}, {1, 5}) == Approx(4.0));
  CHECK(inside(kSquare, {-1, -1}, {5, 5}) == Approx(4 * std::sqrt(2.0)));
  CHECK(inside(kSquare, {1, 1}, {3, 3}) == Approx(2 * std::sqrt(2.0)));  // wholly inside
  CHECK(inside(kSquare, {5, 5}, {6, 6}) == 0.0);
  CHECK(inside(kSquare, {3, 5}, {5, 3}) == Approx(0.0).margin(1e-9));  // a corner only
  CHECK(inside(kSquare, {-2, 0}, {6, 0}) == Approx(4.0));              // along an edge counts
  CHECK(inside(kSquare, {0, 0}, {4, 0}) == Approx(4.0));
  CHECK(inside(kSquare, {2, 2}, {2, 2}) == 0.0);  // zero length
  CHECK(inside(kEll, {-1, 0.5}, {5, 0.5}) == Approx(4.0));
  CHECK(inside(kEll, {-1, 3}, {5, 3}) == Approx(1.0));
  CHECK(inside(kEll, {3, -1}, {3, 5}) == Approx(1.0));
  // Out of the L, across the notch and back in: two pieces.
  CHECK(inside(kEll, {0.5, 3.5}, {3.5, 0.5}) == Approx(std::sqrt(0.5) + std::sqrt(0.5)));
  CHECK(inside(kSquareCw, {-1, 2}, {5, 2}) == Approx(4.0));
  // Either way along the segment.
  for (const Segment& s : {Segment{{-1, 2}, {5, 2}}, Segment{{0.5, 3.5}, {3.5, 0.5}},
                           Segment{{-1, 3}, {5, 3}}, Segment{{-2, -1}, {3, 5}}}) {
    CHECK(length_inside(kEll, s).get() == Approx(length_inside(kEll, {s.b, s.a}).get()));
  }
}

TEST_CASE("a wall is solid except at its openings, jambs are wall", "[S14][plane]") {
  const Wall wall{{{0, 0}, {10, 0}}, {Opening{in(4), in(6), OpeningKind::kDoor}}};
  const auto solid = solid_segments(wall);
  REQUIRE(solid.size() == 2);
  CHECK(solid[0] == Segment{Point{0, 0}, Point{4, 0}});
  CHECK(solid[1] == Segment{Point{6, 0}, Point{10, 0}});
  CHECK_FALSE(blocks(wall, Segment{Point{5, -2}, Point{5, 2}}));  // through the door
  CHECK(blocks(wall, Segment{Point{2, -2}, Point{2, 2}}));
  CHECK(blocks(wall, Segment{Point{4, -2}, Point{4, 2}}));  // the jamb
  CHECK(blocks(wall, Segment{Point{4.0000005, -2}, Point{4.0000005, 2}}));
  CHECK_FALSE(blocks(wall, Segment{Point{4.00001, -2}, Point{4.00001, 2}}));
  CHECK_FALSE(blocks(wall, Segment{Point{2, 1}, Point{8, 1}}));  // alongside
  CHECK(blocks(wall, Segment{Point{2, 0}, Point{8, 0}}));        // along it
  CHECK(openings_crossed(wall, Segment{Point{5, -2}, Point{5, 2}}) == std::vector<std::size_t>{0});
  CHECK(openings_crossed(wall, Segment{Point{2, -2}, Point{2, 2}}).empty());
}

TEST_CASE("openings across a corner, overlapping and at the ends", "[S14][plane]") {
  // A wall turning north at (10,0); a window 2" either side of the corner.
  const Wall corner{{{0, 0}, {10, 0}, {10, 10}}, {Opening{in(8), in(12), OpeningKind::kWindow}}};
  const auto solid = solid_segments(corner);
  REQUIRE(solid.size() == 2);
  CHECK(solid[0] == Segment{Point{0, 0}, Point{8, 0}});
  CHECK(solid[1] == Segment{Point{10, 2}, Point{10, 10}});
  const auto gap = opening_segments(corner, 0);
  REQUIRE(gap.size() == 2);
  CHECK(gap[0] == Segment{Point{8, 0}, Point{10, 0}});
  CHECK(gap[1] == Segment{Point{10, 0}, Point{10, 2}});
  CHECK(opening_segments(corner, 1).empty());
  CHECK_FALSE(blocks(corner, Segment{Point{9, -1}, Point{9, 1}}));
  CHECK_FALSE(blocks(corner, Segment{Point{11, 1}, Point{9, 1}}));
  CHECK_FALSE(blocks(corner, Segment{Point{11, -1}, Point{9, 1}}));  // across the corner
  CHECK(blocks(corner, Segment{Point{12, 5}, Point{8, 5}}));
  CHECK(openings_crossed(corner, Segment{Point{11, 1}, Point{9, 1}}) ==
        std::vector<std::size_t>{0});

  const Wall overlapping{{{0, 0}, {10, 0}},
                         {Opening{in(2), in(4), OpeningKind::kDoor},
                          Opening{in(6), in(3), OpeningKind::kWindow}}};  // ends either way
  const auto merged = solid_segments(overlapping);
  REQUIRE(merged.size() == 2);
  CHECK(merged[0] == Segment{Point{0, 0}, Point{2, 0}});
  CHECK(merged[1] == Segment{Point{6, 0}, Point{10, 0}});

  // Two openings leave a short pier between them.
  const Wall pier{
      {{0, 0}, {10, 0}},
      {Opening{in(1), in(1.5), OpeningKind::kWindow}, Opening{in(2), in(3), OpeningKind::kDoor}}};
  const auto pieces = solid_segments(pier);
  REQUIRE(pieces.size() == 3);
  CHECK(pieces[1] == Segment{Point{1.5, 0}, Point{2, 0}});
  CHECK(blocks(pier, Segment{Point{1.75, -1}, Point{1.75, 1}}));
  CHECK(openings_crossed(pier, Segment{Point{0.5, 1}, Point{4.5, -1}}) ==
        std::vector<std::size_t>{1});

  const Wall open_start{{{0, 0}, {10, 0}}, {Opening{in(0), in(2), OpeningKind::kDoor}}};
  REQUIRE(solid_segments(open_start).size() == 1);
  CHECK(solid_segments(open_start)[0] == Segment{Point{2, 0}, Point{10, 0}});
  const Wall all_open{{{0, 0}, {10, 0}}, {Opening{in(0), in(10), OpeningKind::kDoor}}};
  CHECK(solid_segments(all_open).empty());
  const Wall plain{{{0, 0}, {10, 0}, {10, 5}}, {}};
  CHECK(solid_segments(plain).size() == 2);
  CHECK(length(plain).get() == 15.0);
}

TEST_CASE("line of sight is blocked by terrain it meets", "[R11][plane]") {
  SightObstacles world;
  CHECK_FALSE(sight_blocked(Point{0, 0}, Point{10, 0}, world));
  world.areas.push_back(Polygon{{{4, -1}, {6, -1}, {6, 1}, {4, 1}}});  // a wood
  CHECK(sight_blocked(Point{0, 0}, Point{10, 0}, world));
  CHECK(sight_blocked(Point{10, 0}, Point{0, 0}, world));
  CHECK_FALSE(sight_blocked(Point{0, 5}, Point{10, 5}, world));
  CHECK(sight_blocked(Point{0, 1}, Point{10, 1}, world));  // along its edge
  CHECK(sight_blocked(Point{0, 1.0000005}, Point{10, 1.0000005}, world));
  CHECK_FALSE(sight_blocked(Point{0, 1.00001}, Point{10, 1.00001}, world));
  CHECK_FALSE(sight_blocked(Point{0, 0}, Point{3.99999, 0}, world));  // stops short
  CHECK(sight_block(Point{0, 0}, Point{10, 0}, world) == SightBlock{SightBlock::Kind::kArea, 0});
}

TEST_CASE("the firer's or target's own terrain blocks only beyond 2 inches", "[R11][plane]") {
  SightObstacles world;
  world.areas.push_back(Polygon{{{0, -1}, {3, -1}, {3, 1}, {0, 1}}});  // a wood, 3" deep
  const SightOptions r11{in(2.0)};
  const Point target{10, 0};
  // Without the allowance, standing in the wood blocks.
  CHECK(sight_blocked(Point{1, 0}, target, world));
  CHECK(sight_blocked(Point{0.5, 0}, target, world, r11));      // 2.5" inside
  CHECK_FALSE(sight_blocked(Point{1, 0}, target, world, r11));  // exactly 2"
  CHECK_FALSE(sight_blocked(Point{0.9999995, 0}, target, world, r11));
  CHECK(sight_blocked(Point{0.99999, 0}, target, world, r11));
  CHECK_FALSE(sight_blocked(Point{2.5, 0.5}, target, world, r11));
  // The same for the target standing in it (symmetry).
  CHECK(sight_blocked(target, Point{0.5, 0}, world, r11));
  CHECK_FALSE(sight_blocked(target, Point{1, 0}, world, r11));
  // Both in the same piece: the whole line is inside it.
  CHECK_FALSE(sight_blocked(Point{0.5, 0}, Point{2.5, 0}, world, r11));
  CHECK(sight_blocked(Point{0.25, 0}, Point{2.75, 0}, world, r11));
  // Another piece between them blocks whatever the allowance.
  world.areas.push_back(Polygon{{{6, -1}, {7, -1}, {7, 1}, {6, 1}}});
  CHECK(sight_block(Point{2, 0}, target, world, r11) == SightBlock{SightBlock::Kind::kArea, 1});
  CHECK_FALSE(sight_blocked(Point{2, 0}, Point{5, 0}, world, r11));
}

TEST_CASE("other units' footprints block line of fire", "[R11][plane]") {
  SightObstacles world;
  world.footprints.push_back(Circle{Point{5, 0}, in(1.0)});
  CHECK(sight_blocked(Point{0, 0}, Point{10, 0}, world));
  CHECK(sight_block(Point{0, 0}, Point{10, 0}, world) ==
        SightBlock{SightBlock::Kind::kFootprint, 0});
  CHECK(sight_blocked(Point{0, 1}, Point{10, 1}, world));  // tangent
  CHECK(sight_blocked(Point{0, -1.0000005}, Point{10, -1.0000005}, world));
  CHECK_FALSE(sight_blocked(Point{0, 1.00001}, Point{10, 1.00001}, world));
  CHECK_FALSE(sight_blocked(Point{0, 0}, Point{3.99999, 0}, world));   // in front of it
  CHECK_FALSE(sight_blocked(Point{6.00001, 0}, Point{10, 0}, world));  // behind the firer
  CHECK(sight_blocked(Point{10, 0}, Point{0, 0}, world));
}

TEST_CASE("walls block sight except through doors and windows", "[S14][plane]") {
  SightObstacles world;
  world.walls.push_back(Wall{
      {{0, 5}, {10, 5}, {10, 15}},
      {Opening{in(4), in(5), OpeningKind::kDoor}, Opening{in(14), in(16), OpeningKind::kWindow}}});
  CHECK_FALSE(sight_blocked(Point{4.5, 0}, Point{4.5, 10}, world));  // through the door
  CHECK(sight_blocked(Point{2, 0}, Point{2, 10}, world));
  CHECK(sight_block(Point{2, 0}, Point{2, 10}, world) == SightBlock{SightBlock::Kind::kWall, 0});
  CHECK_FALSE(sight_blocked(Point{15, 10}, Point{5, 10}, world));  // through the window
  CHECK(sight_blocked(Point{15, 13}, Point{5, 13}, world));
  CHECK_FALSE(sight_blocked(Point{0, 0}, Point{10, 0}, world));  // never reaches the wall
  // All round: figures have no facing, and figures do not block (none are passed in).
  CHECK(sight_blocked(Point{4.5, 10}, Point{2, 0}, world) ==
        sight_blocked(Point{2, 0}, Point{4.5, 10}, world));
}
