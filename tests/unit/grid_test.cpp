// Square-grid geometry of Itchy & Scratchy: rulings I1 (grid, adjacency, facing), I2 (arc of
// attack) and I3 (front, flank, rear).

#include <array>
#include <catch2/catch.hpp>
#include <vector>

#include "engine/grid.h"
#include "printers.h"

using grognard::engine::adjacent;
using grognard::engine::Facing;
using grognard::engine::facing_towards;
using grognard::engine::grid_distance;
using grognard::engine::GridPos;
using grognard::engine::GridSize;
using grognard::engine::in_arc;
using grognard::engine::Offset;
using grognard::engine::opposite;
using grognard::engine::relative;
using grognard::engine::Side;
using grognard::engine::side_of;
using grognard::engine::step;

namespace {

constexpr std::array<Facing, 4> kFacings{Facing::kNorth, Facing::kEast, Facing::kSouth,
                                         Facing::kWest};

// The unit vector of a facing, written out here rather than taken from step().
GridPos ahead(Facing f) {
  switch (f) {
    case Facing::kNorth:
      return {0, -1};
    case Facing::kEast:
      return {1, 0};
    case Facing::kSouth:
      return {0, 1};
    case Facing::kWest:
      return {-1, 0};
  }
  return {};
}

// The unit vector to the right of a unit facing `f`.
GridPos right_of(Facing f) {
  const GridPos v = ahead(f);
  return {-v.y, v.x};  // a quarter turn clockwise with y growing south
}

// The area `forward` steps ahead and `lateral` steps to the right of `from` facing `f`.
GridPos offset_area(GridPos from, Facing f, int forward, int lateral) {
  const GridPos v = ahead(f), r = right_of(f);
  return {from.x + forward * v.x + lateral * r.x, from.y + forward * v.y + lateral * r.y};
}

}  // namespace

TEST_CASE("step crosses one edge and opposite reverses it", "[I1][grid]") {
  const GridPos p{3, 4};
  CHECK(step(p, Facing::kNorth) == GridPos{3, 3});
  CHECK(step(p, Facing::kEast) == GridPos{4, 4});
  CHECK(step(p, Facing::kSouth) == GridPos{3, 5});
  CHECK(step(p, Facing::kWest) == GridPos{2, 4});
  CHECK(step(GridPos{0, 0}, Facing::kNorth) == GridPos{0, -1});  // off the grid is allowed
  CHECK(step(GridPos{0, 0}, Facing::kWest) == GridPos{-1, 0});

  CHECK(opposite(Facing::kNorth) == Facing::kSouth);
  CHECK(opposite(Facing::kEast) == Facing::kWest);
  CHECK(opposite(Facing::kSouth) == Facing::kNorth);
  CHECK(opposite(Facing::kWest) == Facing::kEast);

  for (Facing f : kFacings) {
    CHECK(opposite(opposite(f)) == f);
    CHECK(step(step(p, f), opposite(f)) == p);
    CHECK(step(p, f) == GridPos{p.x + ahead(f).x, p.y + ahead(f).y});
  }
}

TEST_CASE("facings and areas have names", "[I1][grid]") {
  using grognard::engine::facing_from_string;
  using grognard::engine::to_string;
  CHECK(std::string(to_string(Facing::kNorth)) == "N");
  CHECK(std::string(to_string(Facing::kEast)) == "E");
  CHECK(std::string(to_string(Facing::kSouth)) == "S");
  CHECK(std::string(to_string(Facing::kWest)) == "W");
  for (Facing f : kFacings) CHECK(facing_from_string(to_string(f)) == f);
  CHECK(facing_from_string("north") == Facing::kNorth);
  CHECK(facing_from_string("w") == Facing::kWest);
  CHECK_FALSE(facing_from_string("NE").has_value());
  CHECK_FALSE(facing_from_string("").has_value());
  CHECK(to_string(GridPos{3, 4}) == "(3,4)");
  CHECK(to_string(GridPos{-1, 0}) == "(-1,0)");
}

TEST_CASE("facing_towards names the edge shared with an adjacent area", "[I1][grid]") {
  const GridPos p{5, 5};
  CHECK(facing_towards(p, GridPos{5, 4}) == Facing::kNorth);
  CHECK(facing_towards(p, GridPos{6, 5}) == Facing::kEast);
  CHECK(facing_towards(p, GridPos{5, 6}) == Facing::kSouth);
  CHECK(facing_towards(p, GridPos{4, 5}) == Facing::kWest);
  for (Facing f : kFacings) {
    CHECK(facing_towards(p, step(p, f)) == f);
    CHECK(facing_towards(step(p, f), p) == opposite(f));
  }
}

TEST_CASE("grid distance counts orthogonal steps", "[I1][grid]") {
  CHECK(grid_distance(GridPos{2, 2}, GridPos{2, 2}) == 0);
  CHECK(grid_distance(GridPos{0, 0}, GridPos{1, 1}) == 2);
  CHECK(grid_distance(GridPos{2, 3}, GridPos{5, 1}) == 5);
  CHECK(grid_distance(GridPos{5, 1}, GridPos{2, 3}) == 5);
  CHECK(grid_distance(GridPos{0, 0}, GridPos{0, 9}) == 9);
  CHECK(grid_distance(GridPos{-2, 1}, GridPos{3, -4}) == 10);
}

TEST_CASE("adjacent means sharing an edge, never only a corner", "[I1][grid]") {
  const GridPos p{4, 4};
  int neighbours = 0;
  for (int y = 0; y <= 8; ++y) {
    for (int x = 0; x <= 8; ++x) {
      if (adjacent(p, GridPos{x, y})) ++neighbours;
    }
  }
  CHECK(neighbours == 4);
  for (Facing f : kFacings) {
    CHECK(adjacent(p, step(p, f)));
    CHECK(adjacent(step(p, f), p));
  }
  CHECK_FALSE(adjacent(p, p));
  CHECK_FALSE(adjacent(p, GridPos{5, 5}));  // corner only
  CHECK_FALSE(adjacent(p, GridPos{3, 5}));  // corner only
  CHECK_FALSE(adjacent(p, GridPos{5, 3}));  // corner only
  CHECK_FALSE(adjacent(p, GridPos{3, 3}));  // corner only
  CHECK_FALSE(adjacent(p, GridPos{6, 4}));  // two steps
}

TEST_CASE("GridSize contains the areas of the table", "[I1][grid]") {
  const GridSize size{8, 6};
  CHECK(size.contains(GridPos{0, 0}));
  CHECK(size.contains(GridPos{7, 5}));
  CHECK_FALSE(size.contains(GridPos{8, 5}));
  CHECK_FALSE(size.contains(GridPos{7, 6}));
  CHECK_FALSE(size.contains(GridPos{-1, 0}));
  CHECK_FALSE(size.contains(GridPos{0, -1}));
}

TEST_CASE("relative gives forward and rightward steps for each facing", "[I2][I3][grid]") {
  const GridPos from{5, 5};
  const GridPos to{7, 2};  // 2 east, 3 north
  auto check = [&](Facing f, int forward, int lateral) {
    const Offset o = relative(from, f, to);
    INFO("facing " << grognard::engine::to_string(f));
    CHECK(o.forward == forward);
    CHECK(o.lateral == lateral);
  };
  check(Facing::kNorth, 3, 2);    // ahead is north, right is east
  check(Facing::kEast, 2, -3);    // ahead is east, right is south
  check(Facing::kSouth, -3, -2);  // ahead is south, right is west
  check(Facing::kWest, -2, 3);    // ahead is west, right is north

  for (Facing f : kFacings) {
    const Offset front = relative(from, f, step(from, f));
    CHECK(front.forward == 1);
    CHECK(front.lateral == 0);
    const Offset behind = relative(from, f, step(from, opposite(f)));
    CHECK(behind.forward == -1);
    CHECK(behind.lateral == 0);
    const Offset self = relative(from, f, from);
    CHECK(self.forward == 0);
    CHECK(self.lateral == 0);
    for (int forward = -4; forward <= 4; ++forward) {
      for (int lateral = -4; lateral <= 4; ++lateral) {
        const Offset o = relative(from, f, offset_area(from, f, forward, lateral));
        CHECK(o.forward == forward);
        CHECK(o.lateral == lateral);
      }
    }
  }
}

TEST_CASE("the arc at ranges 1-9 holds 1, 3, 3, 5, 7, 7, 9, 11, 11 areas", "[I2][grid]") {
  const std::array<int, 10> expected{0, 1, 3, 3, 5, 7, 7, 9, 11, 11};
  const GridPos from{0, 0};
  for (Facing f : kFacings) {
    INFO("facing " << grognard::engine::to_string(f));
    std::array<int, 10> counts{};
    for (int y = -12; y <= 12; ++y) {
      for (int x = -12; x <= 12; ++x) {
        const GridPos to{x, y};
        const int k = grid_distance(from, to);
        if (k <= 9 && in_arc(from, f, to)) ++counts[static_cast<std::size_t>(k)];
      }
    }
    CHECK(counts == expected);
  }
}

TEST_CASE("the arc reaches 60 degrees each side and nothing behind or level", "[I2][grid]") {
  const GridPos from{10, 10};
  for (Facing f : kFacings) {
    INFO("facing " << grognard::engine::to_string(f));
    auto arc = [&](int forward, int lateral) {
      return in_arc(from, f, offset_area(from, f, forward, lateral));
    };
    CHECK(arc(1, 0));
    CHECK(arc(1, 1));
    CHECK(arc(1, -1));
    CHECK_FALSE(arc(1, 2));
    CHECK_FALSE(arc(1, -2));
    CHECK(arc(2, 3));
    CHECK_FALSE(arc(2, -4));
    CHECK(arc(3, 5));
    CHECK(arc(3, -5));
    CHECK_FALSE(arc(3, 6));
    CHECK_FALSE(arc(3, -6));
    CHECK(arc(4, 6));
    CHECK_FALSE(arc(4, -7));
    CHECK(arc(9, 0));
    for (int lateral = -6; lateral <= 6; ++lateral) {
      CHECK_FALSE(arc(0, lateral));   // level, including the attacker's own area
      CHECK_FALSE(arc(-1, lateral));  // behind
      CHECK_FALSE(arc(-3, lateral));
    }
    // The arc is exactly l^2 <= 3 f^2 with f >= 1.
    for (int forward = -5; forward <= 5; ++forward) {
      for (int lateral = -9; lateral <= 9; ++lateral) {
        const bool want = forward >= 1 && lateral * lateral <= 3 * forward * forward;
        CHECK(arc(forward, lateral) == want);
      }
    }
  }
}

TEST_CASE("arc of a unit facing north, by area", "[I2][grid]") {
  const GridPos from{5, 5};
  CHECK(in_arc(from, Facing::kNorth, GridPos{5, 4}));
  CHECK(in_arc(from, Facing::kNorth, GridPos{4, 4}));
  CHECK(in_arc(from, Facing::kNorth, GridPos{6, 4}));
  CHECK_FALSE(in_arc(from, Facing::kNorth, GridPos{7, 4}));
  CHECK_FALSE(in_arc(from, Facing::kNorth, GridPos{6, 5}));
  CHECK_FALSE(in_arc(from, Facing::kNorth, GridPos{5, 6}));
  CHECK(in_arc(from, Facing::kNorth, GridPos{0, 2}));  // (3, -5)
  CHECK_FALSE(in_arc(from, Facing::kSouth, GridPos{0, 2}));
  CHECK(in_arc(from, Facing::kWest, GridPos{0, 2}));  // (5, 3)
  CHECK_FALSE(in_arc(from, Facing::kEast, GridPos{0, 2}));
}

TEST_CASE("front, flank and rear of a unit for each facing", "[I3][grid]") {
  const GridPos at{4, 4};
  SECTION("by hand") {
    CHECK(side_of(at, Facing::kNorth, GridPos{4, 3}) == Side::kFront);
    CHECK(side_of(at, Facing::kNorth, GridPos{4, 5}) == Side::kRear);
    CHECK(side_of(at, Facing::kNorth, GridPos{3, 4}) == Side::kFlank);
    CHECK(side_of(at, Facing::kNorth, GridPos{5, 4}) == Side::kFlank);
    CHECK(side_of(at, Facing::kEast, GridPos{5, 4}) == Side::kFront);
    CHECK(side_of(at, Facing::kEast, GridPos{3, 4}) == Side::kRear);
    CHECK(side_of(at, Facing::kEast, GridPos{4, 3}) == Side::kFlank);
    CHECK(side_of(at, Facing::kEast, GridPos{4, 5}) == Side::kFlank);
    CHECK(side_of(at, Facing::kSouth, GridPos{4, 5}) == Side::kFront);
    CHECK(side_of(at, Facing::kSouth, GridPos{4, 3}) == Side::kRear);
    CHECK(side_of(at, Facing::kSouth, GridPos{3, 4}) == Side::kFlank);
    CHECK(side_of(at, Facing::kSouth, GridPos{5, 4}) == Side::kFlank);
    CHECK(side_of(at, Facing::kWest, GridPos{3, 4}) == Side::kFront);
    CHECK(side_of(at, Facing::kWest, GridPos{5, 4}) == Side::kRear);
    CHECK(side_of(at, Facing::kWest, GridPos{4, 3}) == Side::kFlank);
    CHECK(side_of(at, Facing::kWest, GridPos{4, 5}) == Side::kFlank);
  }
  SECTION("every facing, every neighbour") {
    for (Facing f : kFacings) {
      INFO("facing " << grognard::engine::to_string(f));
      CHECK(side_of(at, f, step(at, f)) == Side::kFront);
      CHECK(side_of(at, f, step(at, opposite(f))) == Side::kRear);
      CHECK(side_of(at, f, offset_area(at, f, 0, 1)) == Side::kFlank);
      CHECK(side_of(at, f, offset_area(at, f, 0, -1)) == Side::kFlank);
    }
  }
  SECTION("areas that are not adjacent have no side") {
    for (Facing f : kFacings) {
      INFO("facing " << grognard::engine::to_string(f));
      CHECK(side_of(at, f, at) == Side::kNotAdjacent);
      CHECK(side_of(at, f, offset_area(at, f, 1, 1)) == Side::kNotAdjacent);    // corner
      CHECK(side_of(at, f, offset_area(at, f, -1, -1)) == Side::kNotAdjacent);  // corner
      CHECK(side_of(at, f, offset_area(at, f, 2, 0)) == Side::kNotAdjacent);
      CHECK(side_of(at, f, offset_area(at, f, -2, 0)) == Side::kNotAdjacent);
      CHECK(side_of(at, f, offset_area(at, f, 0, 2)) == Side::kNotAdjacent);
    }
  }
}
