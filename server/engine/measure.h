#pragma once
// Measuring before acting (docs/protocol.md, "Measuring"): what a rule set answers when a
// seat or an observer asks for the distance, the range bands, the line of sight and the cover
// between two things it can see, and the parsing of the points such a request may name.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/grid.h"
#include "engine/plane.h"
#include "engine/result.h"

namespace grognard::engine {

struct Measurement {
  std::string distance;             // as people read it: "17.6\"", "4 squares"
  double value = 0;                 // in the rule set's unit (inches or squares)
  std::string line_of_sight;        // "clear", or "blocked by …"
  std::string cover;                // the cover `to` has from `from`; empty: none
  std::vector<std::string> ranges;  // each weapon of `from`: "rifle: long range (reaches 24\")"
};

// "x,y" with numbers in inches ("12.5,30", spaces allowed around the comma); nullopt when the
// text is not two such numbers.
std::optional<Point> parse_point(std::string_view text);
// "c,r": a grid area by its column and row, whole numbers; nullopt when it is not.
std::optional<GridPos> parse_area(std::string_view text);

// The one answer for a name that is nothing the viewer can see (an unknown id, a unit hidden
// from him, a figure off the table): the same words for each, so that nothing leaks.
// `points` says how a point is written in the rule set ("x,y" in inches, or "c,r"), `what`
// what it counts ("whole areas of the grid"; empty: nothing said).
Error nothing_named(std::string_view name, std::string_view points, std::string_view what = "");

}  // namespace grognard::engine
