#include "engine/measure.h"

#include <charconv>
#include <cmath>

namespace grognard::engine {

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::optional<double> number(std::string_view s) {
  s = trimmed(s);
  if (s.empty()) return std::nullopt;
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<std::pair<double, double>> pair_of(std::string_view text) {
  const auto comma = text.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  const auto x = number(text.substr(0, comma));
  const auto y = number(text.substr(comma + 1));
  if (!x || !y) return std::nullopt;
  return std::pair{*x, *y};
}

}  // namespace

std::optional<Point> parse_point(std::string_view text) {
  const auto p = pair_of(text);
  if (!p) return std::nullopt;
  return Point{p->first, p->second};
}

std::optional<GridPos> parse_area(std::string_view text) {
  const auto p = pair_of(text);
  if (!p || std::abs(p->first) > 1e6 || std::abs(p->second) > 1e6) return std::nullopt;
  if (p->first != std::floor(p->first) || p->second != std::floor(p->second)) return std::nullopt;
  return GridPos{static_cast<int>(p->first), static_cast<int>(p->second)};
}

Error nothing_named(std::string_view name, std::string_view points, std::string_view what) {
  return Error{ErrorCode::kNotFound, "",
               "nothing called \"" + std::string(name) +
                   "\" that you can see on the table: name a unit or figure, or a point \"" +
                   std::string(points) + "\"" +
                   (what.empty() ? "" : " (" + std::string(what) + ")")};
}

}  // namespace grognard::engine
