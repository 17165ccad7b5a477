#include "engine/grid.h"

#include <algorithm>
#include <cstdlib>

namespace grognard::engine {

std::string to_string(GridPos p) {
  return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

const char* to_string(Facing f) {
  switch (f) {
    case Facing::kNorth:
      return "N";
    case Facing::kEast:
      return "E";
    case Facing::kSouth:
      return "S";
    case Facing::kWest:
      return "W";
  }
  return "?";
}

std::optional<Facing> facing_from_string(std::string_view s) {
  if (s == "N" || s == "n" || s == "north") return Facing::kNorth;
  if (s == "E" || s == "e" || s == "east") return Facing::kEast;
  if (s == "S" || s == "s" || s == "south") return Facing::kSouth;
  if (s == "W" || s == "w" || s == "west") return Facing::kWest;
  return std::nullopt;
}

Facing opposite(Facing f) {
  return static_cast<Facing>((static_cast<int>(f) + 2) % 4);
}

GridPos step(GridPos p, Facing f) {
  switch (f) {
    case Facing::kNorth:
      return {p.x, p.y - 1};
    case Facing::kEast:
      return {p.x + 1, p.y};
    case Facing::kSouth:
      return {p.x, p.y + 1};
    case Facing::kWest:
      return {p.x - 1, p.y};
  }
  return p;
}

int grid_distance(GridPos a, GridPos b) {
  return std::abs(a.x - b.x) + std::abs(a.y - b.y);
}

bool adjacent(GridPos a, GridPos b) {
  return grid_distance(a, b) == 1;
}

Facing facing_towards(GridPos from, GridPos to) {
  if (to.y < from.y) return Facing::kNorth;
  if (to.x > from.x) return Facing::kEast;
  if (to.y > from.y) return Facing::kSouth;
  return Facing::kWest;
}

Offset relative(GridPos from, Facing f, GridPos to) {
  const int dx = to.x - from.x;
  const int dy = to.y - from.y;
  switch (f) {
    case Facing::kNorth:
      return {-dy, dx};
    case Facing::kEast:
      return {dx, dy};
    case Facing::kSouth:
      return {dy, -dx};
    case Facing::kWest:
      return {-dx, -dy};
  }
  return {};
}

bool in_arc(GridPos from, Facing f, GridPos to) {
  const Offset o = relative(from, f, to);
  return o.forward >= 1 && o.lateral * o.lateral <= 3 * o.forward * o.forward;
}

Side side_of(GridPos at, Facing f, GridPos other) {
  if (!adjacent(at, other)) return Side::kNotAdjacent;
  const Offset o = relative(at, f, other);
  if (o.forward == 1) return Side::kFront;
  if (o.forward == -1) return Side::kRear;
  return Side::kFlank;
}

// Work in doubled coordinates so that area centres are odd integers and corners even:
// centre of (x, y) is (2x+1, 2y+1); the line runs from A = centre(a) to B = centre(b).
SightLine trace_line(GridPos a, GridPos b) {
  SightLine out;
  const long ax = 2L * a.x + 1, ay = 2L * a.y + 1;
  const long dx = 2L * (b.x - a.x), dy = 2L * (b.y - a.y);
  // Side of point (px, py) relative to the line: sign of cross(B - A, P - A).
  auto side = [&](long px, long py) {
    const long c = dx * (py - ay) - dy * (px - ax);
    return (c > 0) - (c < 0);
  };
  const int x0 = std::min(a.x, b.x), x1 = std::max(a.x, b.x);
  const int y0 = std::min(a.y, b.y), y1 = std::max(a.y, b.y);
  // Areas inside the bounding box whose interior the line enters (corners strictly on both
  // sides). Within the box the infinite line and the segment cross the same areas.
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      const GridPos p{x, y};
      if (p == a || p == b) continue;
      bool pos = false, neg = false;
      for (int cy = 0; cy <= 1; ++cy) {
        for (int cx = 0; cx <= 1; ++cx) {
          const int s = side(2L * (x + cx), 2L * (y + cy));
          pos |= s > 0;
          neg |= s < 0;
        }
      }
      if (pos && neg) out.crossed.push_back(p);
    }
  }
  // Grid corners strictly between the endpoints that lie exactly on the line. Corner (cx, cy)
  // touches areas (cx-1, cy-1), (cx, cy-1), (cx-1, cy), (cx, cy); the line passes through two
  // diagonal ones and only touches the other two.
  if (dx != 0 && dy != 0) {
    for (int cy = y0 + 1; cy <= y1; ++cy) {
      for (int cx = x0 + 1; cx <= x1; ++cx) {
        if (side(2L * cx, 2L * cy) != 0) continue;
        if ((dx > 0) == (dy > 0)) {
          out.corners.push_back({GridPos{cx, cy - 1}, GridPos{cx - 1, cy}});
        } else {
          out.corners.push_back({GridPos{cx - 1, cy - 1}, GridPos{cx, cy}});
        }
      }
    }
  }
  return out;
}

bool line_of_sight(GridPos a, GridPos b, const std::function<bool(GridPos)>& blocks) {
  const SightLine line = trace_line(a, b);
  for (const GridPos& p : line.crossed) {
    if (blocks(p)) return false;
  }
  for (const auto& [p, q] : line.corners) {
    if (blocks(p) && blocks(q)) return false;
  }
  return true;
}

}  // namespace grognard::engine
