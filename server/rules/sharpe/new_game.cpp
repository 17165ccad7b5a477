// Scenario validation and the state before the first turn.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "rules/sharpe/clauses.h"
#include "rules/sharpe/internal.h"

namespace grognard::sharpe {

namespace {

using detail::error;
using engine::ErrorCode;

engine::Error bad(std::string message) {
  return error(ErrorCode::kInvalidArgument, clause::kScenario, std::move(message));
}

// S17: scenario bounds.
constexpr double kMaxTable = 480.0;
constexpr std::size_t kMaxFigures = 500;

bool on_table(const Scenario& sc, Point p) {
  return p.x >= 0 && p.y >= 0 && p.x <= sc.width && p.y <= sc.height;
}

engine::Status check_seats(const Scenario& sc) {
  std::set<std::string> ids;
  for (const Seat& s : sc.seats) {
    if (s.id.empty() || s.id == kRefereeSeat)
      return bad("a player seat needs an id other than \"referee\"");
    if (!ids.insert(s.id).second) return bad("duplicate seat \"" + s.id + "\"");
  }
  return engine::ok_status();
}

engine::Status check_group(const Scenario& sc, const ScenarioGroup& g, std::set<std::string>& ids) {
  bool seat_found = false;
  for (const Seat& s : sc.seats) seat_found = seat_found || s.id == g.seat;
  if (!seat_found) return bad("group \"" + g.id + "\" belongs to no player seat");
  if (g.base < 0 || g.base > 3) return bad("group \"" + g.id + "\": base value must be 0-3 (S1)");
  if (g.figures.empty() || g.hero >= g.figures.size()) {
    return bad("group \"" + g.id + "\" needs a hero among its figures");
  }
  for (const ScenarioFigure& f : g.figures) {
    if (f.id.get().empty() || !ids.insert(f.id.get()).second) {
      return bad("figure id \"" + f.id.get() + "\" is empty or used twice");
    }
    if (!on_table(sc, f.pos)) return bad("figure \"" + f.id.get() + "\" is off the table");
  }
  return engine::ok_status();
}

Figure make_figure(const ScenarioFigure& sf, std::size_t group) {
  Figure f;
  f.id = sf.id;
  f.name = sf.name.empty() ? sf.id.get() : sf.name;
  f.group = group;
  f.pos = sf.pos;
  f.weapons = sf.weapons;
  f.qualities = sf.qualities;
  return f;
}

// S14, S17: terrain a figure can stand in has an area: three corners at least, every point a
// number.
engine::Status check_terrain(const Scenario& sc) {
  auto area = [](const engine::Polygon& p) {
    if (p.vertices.size() < 3) return false;
    for (Point v : p.vertices) {
      if (!std::isfinite(v.x) || !std::isfinite(v.y)) return false;
    }
    return true;
  };
  for (const Building& b : sc.buildings) {
    if (!area(b.floor))
      return bad("building \"" + b.name + "\" needs a floor of 3 corners or more");
  }
  for (std::size_t i = 0; i < sc.cover.size(); ++i) {
    if (!area(sc.cover[i])) {
      return bad("cover area " + std::to_string(i + 1) + " needs 3 corners or more");
    }
  }
  for (const Gun& g : sc.guns) {
    if (!std::isfinite(g.aim.get())) return bad("gun \"" + g.id + "\" has no aim bearing");
  }
  return engine::ok_status();
}

}  // namespace

Result<State> new_game(const Scenario& sc) {
  if (sc.name.empty()) return bad("the scenario has no name");
  if (!(sc.width > 0 && sc.height > 0 && sc.width <= kMaxTable && sc.height <= kMaxTable)) {
    return bad("the table must be between 0 and 480 inches each way");
  }
  if (!(sc.base_diameter > 0 && sc.base_diameter <= 4)) return bad("bases must be 0-4 inches");
  if (auto st = check_seats(sc); !st) return st.error();
  if (auto st = check_terrain(sc); !st) return st.error();
  if (sc.groups.empty()) return bad("the scenario has no groups");
  State s;
  s.scenario_name = sc.name;
  s.width = sc.width;
  s.height = sc.height;
  s.base_diameter = sc.base_diameter;
  s.seats = sc.seats;
  std::set<std::string> group_ids, figure_ids;
  for (const ScenarioGroup& g : sc.groups) {
    if (g.id.empty() || !group_ids.insert(g.id).second) {
      return bad("group id \"" + g.id + "\" is empty or used twice");
    }
    if (auto st = check_group(sc, g, figure_ids); !st) return st.error();
    Group group{
        g.id,  g.seat, g.base, s.figures.size() + g.hero, static_cast<int>(g.figures.size()), 0,
        false, 0,      false};
    for (const ScenarioFigure& f : g.figures) s.figures.push_back(make_figure(f, s.groups.size()));
    s.groups.push_back(std::move(group));
  }
  if (s.figures.size() > kMaxFigures) return bad("at most 500 figures");
  for (const Gun& gun : sc.guns) {
    if (!s.group_index(gun.group)) return bad("gun \"" + gun.id + "\" is crewed by no group");
    if (!on_table(sc, gun.pos)) return bad("gun \"" + gun.id + "\" is off the table");
  }
  s.buildings = sc.buildings;
  s.walls = sc.walls;
  s.cover = sc.cover;
  s.guns = sc.guns;
  return s;
}

// S24: a gun's crew are the figures of the group the scenario names, and serve it within one
// base diameter. A scenario may mean them to walk to the gun, so this is a warning, not an
// error: fewer of them serve it at the start than can load it together (four, S9, or the whole
// group when it is smaller), so a reload takes longer than the scenario may mean.
std::vector<std::string> scenario_warnings(const State& s) {
  std::vector<std::string> out;
  for (const Gun& g : s.guns) {
    int crew = 0, serving = 0;
    std::string away;
    for (const Figure& f : s.figures) {
      if (!f.on_table() || s.groups[f.group].id != g.group) continue;
      ++crew;
      if (detail::serves(s, g, f)) {
        ++serving;
        continue;
      }
      char inches[32];
      std::snprintf(inches, sizeof inches, "%.2f", engine::distance(f.pos, g.pos).get());
      away += (away.empty() ? "" : ", ") + f.name + " (" + inches + "\")";
    }
    if (serving >= std::min(crew, 4)) continue;
    out.push_back("gun \"" + g.id + "\": only " + std::to_string(serving) +
                  " of its crew (group \"" + g.group + "\") serve it at the start; " + away +
                  " stand more than a base diameter from it (S24), so a reload of 16 functions, at "
                  "most 4 from each crew member an activation, takes longer (S9)");
  }
  return out;
}

}  // namespace grognard::sharpe
