// Line of sight on the square grid (ruling I12): the centre-to-centre line, the areas it
// crosses, the corners it passes exactly through, and what blocks it.

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <utility>
#include <vector>

#include "engine/grid.h"
#include "printers.h"

using grognard::engine::GridPos;
using grognard::engine::line_of_sight;
using grognard::engine::SightLine;
using grognard::engine::trace_line;

namespace {

using Corner = std::pair<GridPos, GridPos>;

std::vector<GridPos> sorted(std::vector<GridPos> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Corners as a sorted list of unordered pairs.
std::vector<Corner> sorted(const std::vector<Corner>& v) {
  std::vector<Corner> out;
  for (const auto& [p, q] : v) out.push_back(p < q ? Corner{p, q} : Corner{q, p});
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<GridPos> crossed(GridPos a, GridPos b) {
  return sorted(trace_line(a, b).crossed);
}
std::vector<Corner> corners(GridPos a, GridPos b) {
  return sorted(trace_line(a, b).corners);
}

auto blocking(std::set<GridPos> areas) {
  return [areas = std::move(areas)](GridPos p) { return areas.count(p) > 0; };
}

// An independent tracer, for comparison. In doubled coordinates (area (x, y) spans
// [2x, 2x+2] x [2y, 2y+2]) the line is P(t) = A + t D for t in [0, 1]. It walks the parameters
// t = num / den at which P crosses a grid line, in order; the area holding the midpoint of each
// interval between crossings is the one the line is in there. A crossing of a vertical and a
// horizontal grid line at the same t is a grid corner.
struct Param {
  long num;
  long den;  // > 0
  bool operator<(const Param& o) const { return num * o.den < o.num * den; }
  bool operator==(const Param& o) const { return num * o.den == o.num * den; }
};

long floor_div(long a, long b) {  // b > 0
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

SightLine reference_trace(GridPos a, GridPos b) {
  const long ax = 2L * a.x + 1, ay = 2L * a.y + 1;
  const long dx = 2L * (b.x - a.x), dy = 2L * (b.y - a.y);
  std::vector<Param> ts;
  auto add_crossings = [&](long start, long d) {
    if (d == 0) return;
    const long lo = std::min(start, start + d), hi = std::max(start, start + d);
    for (long line = lo + 1; line < hi; ++line) {
      if (line % 2 != 0) continue;  // grid lines are even
      Param t{line - start, d};
      if (t.den < 0) t = Param{-t.num, -t.den};
      ts.push_back(t);
    }
  };
  add_crossings(ax, dx);
  add_crossings(ay, dy);
  std::sort(ts.begin(), ts.end());
  ts.erase(std::unique(ts.begin(), ts.end()), ts.end());

  std::vector<Param> bounds{Param{0, 1}};
  bounds.insert(bounds.end(), ts.begin(), ts.end());
  bounds.push_back(Param{1, 1});
  std::vector<GridPos> visited;
  for (std::size_t i = 0; i + 1 < bounds.size(); ++i) {
    // Midpoint m = (t_i + t_i+1) / 2 = num / den; the area holds floor(P(m) / 2).
    const Param& u = bounds[i];
    const Param& v = bounds[i + 1];
    const long num = u.num * v.den + v.num * u.den;
    const long den = 2 * u.den * v.den;
    const GridPos p{static_cast<int>(floor_div(ax * den + dx * num, 2 * den)),
                    static_cast<int>(floor_div(ay * den + dy * num, 2 * den))};
    visited.push_back(p);
  }
  SightLine out;
  for (std::size_t i = 1; i + 1 < visited.size(); ++i) out.crossed.push_back(visited[i]);
  for (std::size_t i = 0; i < ts.size(); ++i) {
    const GridPos before = visited[i], after = visited[i + 1];
    if (before.x != after.x && before.y != after.y) {
      out.corners.push_back({GridPos{before.x, after.y}, GridPos{after.x, before.y}});
    }
  }
  return out;
}

}  // namespace

TEST_CASE("a straight line crosses exactly the areas between", "[I12][los]") {
  CHECK(crossed({0, 0}, {5, 0}) == std::vector<GridPos>{{1, 0}, {2, 0}, {3, 0}, {4, 0}});
  CHECK(crossed({5, 0}, {0, 0}) == std::vector<GridPos>{{1, 0}, {2, 0}, {3, 0}, {4, 0}});
  CHECK(crossed({2, 1}, {2, 6}) == std::vector<GridPos>{{2, 2}, {2, 3}, {2, 4}, {2, 5}});
  CHECK(crossed({2, 6}, {2, 1}) == std::vector<GridPos>{{2, 2}, {2, 3}, {2, 4}, {2, 5}});
  CHECK(crossed({3, 7}, {3, 5}) == std::vector<GridPos>{{3, 6}});
  CHECK(corners({0, 0}, {5, 0}).empty());
  CHECK(corners({2, 1}, {2, 6}).empty());
}

TEST_CASE("a diagonal passes exactly through corners", "[I12][los]") {
  SECTION("(0,0) to (2,2)") {
    // Centres (0.5,0.5) and (2.5,2.5): the line goes through corners (1,1) and (2,2),
    // entering only (1,1) between; at corner (1,1) it only touches (1,0) and (0,1), at
    // corner (2,2) it only touches (2,1) and (1,2).
    const SightLine line = trace_line({0, 0}, {2, 2});
    CHECK(line.crossed == std::vector<GridPos>{{1, 1}});
    CHECK(sorted(line.corners) == std::vector<Corner>{{{0, 1}, {1, 0}}, {{1, 2}, {2, 1}}});
  }
  SECTION("(2,0) to (0,2), the other diagonal") {
    // Through corner (2,1), touching (1,0) and (2,1), and corner (1,2), touching (0,1), (1,2).
    const SightLine line = trace_line({2, 0}, {0, 2});
    CHECK(line.crossed == std::vector<GridPos>{{1, 1}});
    CHECK(sorted(line.corners) == std::vector<Corner>{{{0, 1}, {1, 2}}, {{1, 0}, {2, 1}}});
  }
  SECTION("(1,1) to (4,4)") {
    CHECK(crossed({1, 1}, {4, 4}) == std::vector<GridPos>{{2, 2}, {3, 3}});
    CHECK(corners({1, 1}, {4, 4}) ==
          std::vector<Corner>{{{1, 2}, {2, 1}}, {{2, 3}, {3, 2}}, {{3, 4}, {4, 3}}});
  }
  SECTION("diagonal neighbours: nothing crossed, one corner") {
    CHECK(crossed({3, 3}, {4, 4}).empty());
    CHECK(corners({3, 3}, {4, 4}) == std::vector<Corner>{{{3, 4}, {4, 3}}});
    CHECK(crossed({3, 3}, {2, 4}).empty());
    CHECK(corners({3, 3}, {2, 4}) == std::vector<Corner>{{{2, 3}, {3, 4}}});
  }
}

TEST_CASE("shallow lines cross the areas their path enters", "[I12][los]") {
  SECTION("(0,0) to (3,1) passes through corner (2,1)") {
    // y = 0.5 + (x - 0.5) / 3: in row 0 up to x = 2, where y = 1 exactly (a corner), then in
    // row 1. Crossed: (1,0) and (2,1); the corner only touches (2,0) and (1,1).
    CHECK(crossed({0, 0}, {3, 1}) == std::vector<GridPos>{{1, 0}, {2, 1}});
    CHECK(corners({0, 0}, {3, 1}) == std::vector<Corner>{{{1, 1}, {2, 0}}});
  }
  SECTION("(0,0) to (4,1) changes row mid-edge") {
    // y = 0.5 + (x - 0.5) / 4 reaches y = 1 at x = 2.5, the middle of area column 2.
    CHECK(crossed({0, 0}, {4, 1}) == std::vector<GridPos>{{1, 0}, {2, 0}, {2, 1}, {3, 1}});
    CHECK(corners({0, 0}, {4, 1}).empty());
  }
  SECTION("(0,0) to (1,2), steep") {
    // x = 0.5 + (y - 0.5) / 2: x = 0.75 at y = 1, x = 1 at y = 1.5, x = 1.25 at y = 2.
    CHECK(crossed({0, 0}, {1, 2}) == std::vector<GridPos>{{0, 1}, {1, 1}});
    CHECK(corners({0, 0}, {1, 2}).empty());
  }
  SECTION("(5,0) to (0,2), westward") {
    // Centres (5.5,0.5) to (0.5,2.5): y = 0.5 + (5.5 - x) * 2/5. Row 1 from x = 4.25,
    // row 2 from x = 1.75; no corner (y is never an integer at an integer x).
    // Crossed, listed by column: (1,1) (1,2) (2,1) (3,1) (4,0) (4,1).
    CHECK(crossed({5, 0}, {0, 2}) ==
          std::vector<GridPos>{{1, 1}, {1, 2}, {2, 1}, {3, 1}, {4, 0}, {4, 1}});
    CHECK(corners({5, 0}, {0, 2}).empty());
  }
}

TEST_CASE("adjacent and identical areas have nothing between them", "[I12][los]") {
  const GridPos p{4, 4};
  for (GridPos q : {GridPos{4, 3}, GridPos{5, 4}, GridPos{4, 5}, GridPos{3, 4}, p}) {
    const SightLine line = trace_line(p, q);
    CHECK(line.crossed.empty());
    CHECK(line.corners.empty());
    CHECK(line_of_sight(p, q, [](GridPos) { return true; }));
  }
}

TEST_CASE("a->b and b->a pass the same areas and corners", "[I12][los]") {
  for (int ay = 0; ay < 6; ++ay) {
    for (int ax = 0; ax < 6; ++ax) {
      for (int by = 0; by < 6; ++by) {
        for (int bx = 0; bx < 6; ++bx) {
          const GridPos a{ax, ay}, b{bx, by};
          INFO(grognard::engine::to_string(a) << " -> " << grognard::engine::to_string(b));
          CHECK(crossed(a, b) == crossed(b, a));
          CHECK(corners(a, b) == corners(b, a));
        }
      }
    }
  }
}

TEST_CASE("trace_line agrees with an independent walk along the line", "[I12][los]") {
  for (int ay = 0; ay < 7; ++ay) {
    for (int ax = 0; ax < 7; ++ax) {
      for (int by = 0; by < 7; ++by) {
        for (int bx = 0; bx < 7; ++bx) {
          const GridPos a{ax, ay}, b{bx, by};
          INFO(grognard::engine::to_string(a) << " -> " << grognard::engine::to_string(b));
          const SightLine want = reference_trace(a, b);
          const SightLine got = trace_line(a, b);
          CHECK(sorted(got.crossed) == sorted(want.crossed));
          CHECK(sorted(got.corners) == sorted(want.corners));
        }
      }
    }
  }
}

TEST_CASE("line of sight is blocked by a blocking area between", "[I12][los]") {
  CHECK(line_of_sight({0, 0}, {4, 0}, blocking({})));
  CHECK_FALSE(line_of_sight({0, 0}, {4, 0}, blocking({{2, 0}})));
  CHECK_FALSE(line_of_sight({4, 0}, {0, 0}, blocking({{3, 0}})));
  CHECK(line_of_sight({0, 0}, {4, 0}, blocking({{2, 1}, {2, -1}})));  // beside the line
  CHECK(line_of_sight({0, 0}, {4, 0}, blocking({{5, 0}, {-1, 0}})));  // beyond the ends
  // The ends never block: a target may stand in the first blocking area.
  CHECK(line_of_sight({0, 0}, {4, 0}, blocking({{0, 0}, {4, 0}})));
  CHECK_FALSE(line_of_sight({0, 0}, {4, 1}, blocking({{2, 1}})));
  CHECK_FALSE(line_of_sight({0, 0}, {4, 1}, blocking({{2, 0}})));
  CHECK(line_of_sight({0, 0}, {4, 1}, blocking({{1, 1}, {3, 0}})));
}

TEST_CASE("at an exact corner the line is blocked only when both areas block", "[I12][los]") {
  const GridPos a{0, 0}, b{2, 2};
  CHECK(line_of_sight(a, b, blocking({})));
  CHECK_FALSE(line_of_sight(a, b, blocking({{1, 1}})));  // crossed
  CHECK(line_of_sight(a, b, blocking({{1, 0}})));
  CHECK(line_of_sight(a, b, blocking({{0, 1}})));
  CHECK_FALSE(line_of_sight(a, b, blocking({{1, 0}, {0, 1}})));
  CHECK_FALSE(line_of_sight(b, a, blocking({{1, 0}, {0, 1}})));
  CHECK(line_of_sight(a, b, blocking({{2, 1}})));
  CHECK_FALSE(line_of_sight(a, b, blocking({{2, 1}, {1, 2}})));
  // One area at each corner is not a wall.
  CHECK(line_of_sight(a, b, blocking({{1, 0}, {1, 2}})));
  CHECK(line_of_sight(a, b, blocking({{0, 1}, {2, 1}})));
  // Diagonal neighbours see each other unless both areas at the shared corner block.
  CHECK(line_of_sight({3, 3}, {4, 4}, blocking({{4, 3}})));
  CHECK_FALSE(line_of_sight({3, 3}, {4, 4}, blocking({{4, 3}, {3, 4}})));
  // The shallow line through corner (2,1).
  CHECK(line_of_sight({0, 0}, {3, 1}, blocking({{2, 0}})));
  CHECK(line_of_sight({0, 0}, {3, 1}, blocking({{1, 1}})));
  CHECK_FALSE(line_of_sight({0, 0}, {3, 1}, blocking({{2, 0}, {1, 1}})));
  CHECK_FALSE(line_of_sight({3, 1}, {0, 0}, blocking({{2, 0}, {1, 1}})));
}

TEST_CASE("line of sight is the same both ways", "[I12][los]") {
  // A fixed scatter of blocking areas over a 7 x 7 table.
  const std::set<GridPos> walls{{1, 1}, {3, 0}, {2, 3}, {4, 4}, {5, 1}, {0, 5}, {3, 5}, {6, 3}};
  const auto blocks = blocking(walls);
  int open = 0, blocked = 0;
  for (int ay = 0; ay < 7; ++ay) {
    for (int ax = 0; ax < 7; ++ax) {
      for (int by = 0; by < 7; ++by) {
        for (int bx = 0; bx < 7; ++bx) {
          const GridPos a{ax, ay}, b{bx, by};
          const bool ab = line_of_sight(a, b, blocks);
          INFO(grognard::engine::to_string(a) << " -> " << grognard::engine::to_string(b));
          CHECK(ab == line_of_sight(b, a, blocks));
          (ab ? open : blocked) += 1;
        }
      }
    }
  }
  CHECK(open > 0);
  CHECK(blocked > 0);
}
