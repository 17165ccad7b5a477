#pragma once
// Words and numbers shared by the rule sets' renderers: inches to one decimal, dice, modifiers,
// compass bearings, ids compared without regard to case, and the pieces of a typed line
// (numbers, points "X,Y", bearings in degrees or by compass point).

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <google/protobuf/repeated_ptr_field.h>

#include "grognard/v1/dice.pb.h"

namespace grognard::cli::words {

// A point on a table in inches (x east, y south).
struct Xy {
  double x = 0;
  double y = 0;
};

// Inches to one decimal without a trailing ".0": "12", "12.5".
std::string num(double inches);
// Both coordinates to one decimal: "12.5,20.0".
std::string fixed(double x, double y);
// Both coordinates to two decimals, "12.53,20.00": enough to aim a move by.
std::string precise(double x, double y);
// "d6 3".
std::string die(const v1::Roll& r);
// "d6 3, d6 5".
std::string dice(const google::protobuf::RepeatedPtrField<v1::Roll>& rolls);
// "+1", "-2", "+0".
std::string signed_number(int n);
std::string lower(std::string s);
// Case-insensitive equality of ids.
bool same_id(const std::string& a, const std::string& b);
// Words from `from` (up to `to`) joined by single spaces.
std::string join(const std::vector<std::string>& words, std::size_t from, std::size_t to = ~0u);
// `text` cut into lines of at most `width` columns; the first starts with `first`, the others
// with as many spaces.
std::vector<std::string> wrap(const std::string& first, const std::string& text,
                              std::size_t width = 100);
// A table-top screen: the map's lines, a blank line, then the panel's, trailing spaces cut.
std::vector<std::string> map_then_panel(std::vector<std::string> map,
                                        std::vector<std::string> panel);

// "12.5" (a trailing '"' allowed); nullopt unless the whole word is a finite number.
std::optional<double> number_of(const std::string& word);
// "12.5,40" or "(12.5,40)".
std::optional<Xy> xy_of(const std::string& word);

// The waypoints of a move as typed after its mover, `words[from]` to the end, each from the
// one before (the first from `start`, where the mover stands): a point "X,Y"; a distance on a
// bearing "N@B" ("3@NE", "2.5@135": N inches that way); or "toward T [N]", N inches toward T
// (a point, or an id that `place` finds), or all the way to it. `error` says what a word is not.
struct Waypoints {
  std::vector<Xy> points;
  std::string error;
};
Waypoints waypoints_of(const std::vector<std::string>& words, std::size_t from, Xy start,
                       const std::function<std::optional<Xy>(const std::string&)>& place);

// Compass bearings (0 north, toward y = 0; 90 east; clockwise), as the wire gives facings and
// aims: the unit vector along `degrees` in table coordinates, and the bearing from one point to
// another in [0, 360).
Xy aim_vector(double degrees);
double bearing_to(Xy from, Xy to);
// The nearest of the eight compass points: "N", "NE", … "NW".
std::string compass(double degrees);
// A bearing typed as degrees ("135") or a compass point ("SE", "nne"); in [0, 360).
std::optional<double> bearing_of(const std::string& word);

}  // namespace grognard::cli::words
