#pragma once
// Terrain on the plane and line of sight across it: area terrain as polygons (R11, R12, S14
// cover areas), building walls with doors and windows (S14), and the sight-line test that
// combines them with units' footprints (R11). Conventions and tolerance as in plane.h (R18).

#include <cstddef>
#include <optional>
#include <vector>

#include "engine/plane.h"

namespace grognard::engine {

// A simple polygon (its edges do not cross), vertices in order, either direction; the last
// vertex joins the first. The polygon is closed: its boundary belongs to it.
struct Polygon {
  std::vector<Point> vertices;
};

// The edges, last to first included. A polygon of fewer than two vertices has none.
std::vector<Segment> edges(const Polygon& poly);

// `p` is no more than kTolerance from an edge.
bool on_boundary(const Polygon& poly, Point p);
// `p` is inside or on the boundary (within the tolerance).
bool contains(const Polygon& poly, Point p);
// The segment meets the polygon: it crosses or touches the boundary or lies inside.
bool intersects(const Polygon& poly, const Segment& s);

// R11, R12: the length of `s` that lies in the polygon, boundary included (a segment running
// along an edge counts as inside). Exact up to rounding.
Inches length_inside(const Polygon& poly, const Segment& s);

// S14: a building wall is a polyline with openings. An opening is the stretch of the wall from
// `from` to `to`, measured in inches along the path from its first point; the jambs (the ends of
// an opening) are wall. Openings may overlap; they are merged.
enum class OpeningKind : unsigned char { kDoor, kWindow };

struct Opening {
  Inches from;
  Inches to;
  OpeningKind kind = OpeningKind::kDoor;
};

struct Wall {
  std::vector<Point> path;
  std::vector<Opening> openings;
};

// The total length of the wall's path.
Inches length(const Wall& wall);
// The solid parts of the wall, as segments (a part that turns a corner gives one per edge).
std::vector<Segment> solid_segments(const Wall& wall);
// The segments of opening number `index`, clipped to the path.
std::vector<Segment> opening_segments(const Wall& wall, std::size_t index);

// S14: the segment touches a solid part of the wall (so sight or movement along it is barred).
bool blocks(const Wall& wall, const Segment& s);
// S14: the openings (by index) that the segment passes through, for the movement table.
std::vector<std::size_t> openings_crossed(const Wall& wall, const Segment& s);

// What may stand between two points (R11, S14).
struct SightObstacles {
  std::vector<Polygon> areas;      // blocking area terrain: hills, woods, villages
  std::vector<Circle> footprints;  // other units' footprints; not the firer's or target's own
  std::vector<Wall> walls;         // building walls; their openings let sight through
};

struct SightOptions {
  // R11: an area that holds either end of the line blocks only where the line runs more than
  // this far inside it (in total). Unset: such an area blocks like any other.
  std::optional<Inches> own_area_allowance;
};

// The first obstacle found that blocks a line, by kind and index into SightObstacles.
struct SightBlock {
  enum class Kind : unsigned char { kArea, kFootprint, kWall };
  Kind kind = Kind::kArea;
  std::size_t index = 0;
  friend constexpr bool operator==(const SightBlock&, const SightBlock&) = default;
};

// R11, S14: what blocks the line from `from` to `to`, if anything. An area blocks when the line
// meets it (touching included); with own_area_allowance, an area holding `from` or `to` blocks
// only when the length of the line inside it is beyond the allowance. A footprint blocks when
// the line comes within its radius of the centre; a wall when the line touches a solid part.
// Areas are checked first, then footprints, then walls.
std::optional<SightBlock> sight_block(Point from, Point to, const SightObstacles& obstacles,
                                      const SightOptions& options = {});
bool sight_blocked(Point from, Point to, const SightObstacles& obstacles,
                   const SightOptions& options = {});

}  // namespace grognard::engine
