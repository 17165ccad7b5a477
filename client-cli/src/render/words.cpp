#include "render/words.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

namespace grognard::cli::words {

namespace {
constexpr double kPi = 3.14159265358979323846;
}

std::string num(double inches) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", inches);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s == "-0" ? "0" : s;
}

std::string fixed(double x, double y) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.1f,%.1f", x, y);
  return buf;
}

std::string precise(double x, double y) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f,%.2f", x, y);
  return buf;
}

std::string die(const v1::Roll& r) {
  return "d" + std::to_string(r.sides()) + " " + std::to_string(r.face());
}

std::string dice(const google::protobuf::RepeatedPtrField<v1::Roll>& rolls) {
  std::string out;
  for (const auto& r : rolls) out += (out.empty() ? "" : ", ") + die(r);
  return out;
}

std::string signed_number(int n) {
  return (n < 0 ? "-" : "+") + std::to_string(n < 0 ? -n : n);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool same_id(const std::string& a, const std::string& b) {
  return a.size() == b.size() && lower(a) == lower(b);
}

std::string join(const std::vector<std::string>& words, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < words.size() && i < to; ++i)
    out += (out.empty() ? "" : " ") + words[i];
  return out;
}

std::vector<std::string> map_then_panel(std::vector<std::string> map,
                                        std::vector<std::string> panel) {
  map.push_back("");
  for (auto& l : panel) {
    while (!l.empty() && l.back() == ' ') l.pop_back();
    map.push_back(std::move(l));
  }
  return map;
}

std::vector<std::string> wrap(const std::string& first, const std::string& text,
                              std::size_t width) {
  std::vector<std::string> out;
  std::string line = first;
  const std::string indent(first.size(), ' ');
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t sp = text.find(' ', i);
    const std::string word = text.substr(i, sp == std::string::npos ? std::string::npos : sp - i);
    i = sp == std::string::npos ? text.size() : sp + 1;
    if (word.empty()) continue;
    if (line.size() > indent.size() && line.size() + 1 + word.size() > width) {
      out.push_back(line);
      line = indent;
    }
    line += (line.size() > indent.size() ? " " : "") + word;
  }
  out.push_back(line);
  return out;
}

std::optional<double> number_of(const std::string& word) {
  std::string w = word;
  if (!w.empty() && w.back() == '"') w.pop_back();
  if (w.empty() || w.size() > 24) return std::nullopt;
  char* end = nullptr;
  const double d = std::strtod(w.c_str(), &end);
  if (end != w.c_str() + w.size() || !std::isfinite(d)) return std::nullopt;
  return d;
}

std::optional<Xy> xy_of(const std::string& word) {
  std::string w = word;
  if (w.size() >= 2 && w.front() == '(' && w.back() == ')') w = w.substr(1, w.size() - 2);
  const auto comma = w.find(',');
  if (comma == std::string::npos) return std::nullopt;
  const auto x = number_of(w.substr(0, comma)), y = number_of(w.substr(comma + 1));
  if (!x || !y) return std::nullopt;
  return Xy{*x, *y};
}

Xy aim_vector(double degrees) {
  const double r = degrees * kPi / 180.0;
  return Xy{std::sin(r), -std::cos(r)};  // y grows south on the table: north is toward y = 0
}

double bearing_to(Xy from, Xy to) {
  const double dx = to.x - from.x, dy = to.y - from.y;
  if (dx == 0.0 && dy == 0.0) return 0.0;
  double b = std::atan2(dx, -dy) * 180.0 / kPi;
  if (b < 0) b += 360.0;
  return b;
}

namespace {
const char* const kPoints[] = {"N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
                               "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"};
}

std::string compass(double degrees) {
  double d = std::fmod(degrees, 360.0);
  if (d < 0) d += 360.0;
  const int eighth = static_cast<int>(std::floor((d + 22.5) / 45.0)) % 8;
  return kPoints[eighth * 2];
}

std::optional<double> bearing_of(const std::string& word) {
  std::string w = word;
  for (char& c : w) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (int i = 0; i < 16; ++i) {
    if (w == kPoints[i]) return 22.5 * i;
  }
  const auto n = number_of(w);
  if (!n || *n < -360 || *n > 720) return std::nullopt;
  double d = std::fmod(*n, 360.0);
  if (d < 0) d += 360.0;
  return d;
}

Waypoints waypoints_of(const std::vector<std::string>& words, std::size_t from, Xy start,
                       const std::function<std::optional<Xy>(const std::string&)>& place) {
  Waypoints out;
  Xy at = start;
  const auto fail = [&](const std::string& why) {
    out.points.clear();
    out.error = why;
    return out;
  };
  for (std::size_t i = from; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (const auto p = xy_of(w)) {
      at = *p;
    } else if (const auto a = w.find('@'); a != std::string::npos) {
      const auto d = number_of(w.substr(0, a));
      const auto b = bearing_of(w.substr(a + 1));
      if (!d || *d <= 0 || !b) {
        return fail("\"" + w + "\" is not a distance on a bearing (e.g. 3@NE or 2.5@135)");
      }
      const Xy v = aim_vector(*b);
      at = Xy{at.x + v.x * *d, at.y + v.y * *d};
    } else if (lower(w) == "toward") {
      if (i + 1 >= words.size()) return fail("toward what? e.g. toward voltigeur-2 3");
      const std::string& target = words[++i];
      auto to = xy_of(target);
      if (!to) to = place(target);
      if (!to) return fail("no \"" + target + "\" to move toward (a figure, or X,Y)");
      const double len = std::hypot(to->x - at.x, to->y - at.y);
      const auto n = i + 1 < words.size() ? number_of(words[i + 1]) : std::nullopt;
      if (n) {
        ++i;
        if (*n <= 0) return fail("move toward " + target + " by more than nothing");
      }
      const double step = n && len > 0 ? std::min(*n, len) / len : 1.0;
      at = Xy{at.x + (to->x - at.x) * step, at.y + (to->y - at.y) * step};
    } else {
      return fail(
          "\"" + w +
          "\" is not a point X,Y in inches, a distance on a bearing N@B, or toward TARGET [N]");
    }
    out.points.push_back(at);
  }
  return out;
}

}  // namespace grognard::cli::words
