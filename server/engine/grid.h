#pragma once
// Square-grid geometry (Itchy & Scratchy, rulings I1–I3, I12). Areas are (x, y) with x
// growing east and y growing south; row 0 is the northern edge of the table.

#include <compare>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace grognard::engine {

struct GridPos {
  int x = 0;
  int y = 0;
  friend auto operator<=>(const GridPos&, const GridPos&) = default;
  friend bool operator==(const GridPos&, const GridPos&) = default;
};

std::string to_string(GridPos p);  // "(3,4)"

// I1: a unit faces one of its four edges.
enum class Facing : std::uint8_t { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };

const char* to_string(Facing f);  // "N", "E", "S", "W"
std::optional<Facing> facing_from_string(std::string_view s);
Facing opposite(Facing f);

// The area across edge `f` of `p` (which may be off the grid).
GridPos step(GridPos p, Facing f);

// I1: movement and range count orthogonal steps.
int grid_distance(GridPos a, GridPos b);
// I1: adjacent means sharing an edge; areas touching only at a corner are not adjacent.
bool adjacent(GridPos a, GridPos b);

// The facing that looks from `from` to the adjacent area `to`. REQUIRES: adjacent(from, to).
Facing facing_towards(GridPos from, GridPos to);

// Offset of `to` as seen from `from` facing `f`: forward steps (negative = behind) and
// sideways steps (positive = to the right).
struct Offset {
  int forward = 0;
  int lateral = 0;
};
Offset relative(GridPos from, Facing f, GridPos to);

// I2: in the arc of attack when forward >= 1 and lateral^2 <= 3 * forward^2 (60° each side).
bool in_arc(GridPos from, Facing f, GridPos to);

// I3: where an adjacent area lies as seen by a unit at `at` facing `f`.
enum class Side : std::uint8_t { kFront, kFlank, kRear, kNotAdjacent };
Side side_of(GridPos at, Facing f, GridPos other);

struct GridSize {
  int width = 0;
  int height = 0;
  bool contains(GridPos p) const { return p.x >= 0 && p.y >= 0 && p.x < width && p.y < height; }
};

// I12: what the centre-to-centre line from `a` to `b` passes. `crossed` holds the areas whose
// interior the line enters strictly between a and b; `corners` holds, for each grid corner the
// line passes exactly through, the two areas that touch the line only at that corner.
struct SightLine {
  std::vector<GridPos> crossed;
  std::vector<std::pair<GridPos, GridPos>> corners;
};
SightLine trace_line(GridPos a, GridPos b);

// I12: the line is blocked by any crossed area that blocks, and at a corner only when both
// areas touching it there block.
bool line_of_sight(GridPos a, GridPos b, const std::function<bool(GridPos)>& blocks);

}  // namespace grognard::engine
