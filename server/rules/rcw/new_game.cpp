// Scenario validation and the state before deployment (R13, R14, R19).
#include <cmath>
#include <set>

#include "rules/rcw/flow.h"

namespace grognard::rcw {

namespace {

using detail::error;
using engine::ErrorCode;

engine::Error bad(std::string message) {
  return error(ErrorCode::kInvalidArgument, clause::kScenario, std::move(message));
}

constexpr double kMaxTable = 480.0;
constexpr int kMaxTurns = 1000;
constexpr std::size_t kMaxUnits = 500;

bool finite(Point p) {
  return std::isfinite(p.x) && std::isfinite(p.y);
}

bool on_table(const Scenario& sc, Point p) {
  return finite(p) && p.x >= -engine::kTolerance && p.y >= -engine::kTolerance &&
         p.x <= sc.width + engine::kTolerance && p.y <= sc.height + engine::kTolerance;
}

bool area(const Polygon& p) {
  if (p.vertices.size() < 3) return false;
  for (Point v : p.vertices) {
    if (!finite(v)) return false;
  }
  return true;
}

engine::Status check_places(const Scenario& sc) {
  for (const TerrainPiece& t : sc.terrain) {
    if (!area(t.area)) return bad("terrain \"" + t.name + "\" needs 3 corners or more");
  }
  std::set<std::string> rails;
  for (const Line& l : sc.rails) {
    if (l.name.empty() || !rails.insert(l.name).second) {
      return bad("rail line \"" + l.name + "\" is unnamed or named twice");
    }
    if (l.path.size() < 2) return bad("rail line \"" + l.name + "\" needs 2 points or more");
    for (Point p : l.path) {
      if (!finite(p)) return bad("rail line \"" + l.name + "\" has a point that is no number");
    }
  }
  for (const Line& l : sc.roads) {
    for (Point p : l.path) {
      if (!finite(p)) return bad("road \"" + l.name + "\" has a point that is no number");
    }
  }
  for (const Zone& z : sc.zones) {
    if (z.side != 0 && z.side != 1) return bad("zone \"" + z.name + "\": side must be 0 or 1");
    if (!area(z.area)) return bad("zone \"" + z.name + "\" needs 3 corners or more");
    // R19: zones lie on the table (the legal deployments are looked for across a zone).
    for (Point v : z.area.vertices) {
      if (!on_table(sc, v)) return bad("zone \"" + z.name + "\" reaches off the table (R19)");
    }
  }
  for (const Objective& o : sc.objectives) {
    if (!on_table(sc, o.pos)) return bad("objective \"" + o.name + "\" is off the table");
    if (!(o.radius > 0 && std::isfinite(o.radius)))
      return bad("objective \"" + o.name + "\" needs a positive radius");
    if (o.points < 0) return bad("objective \"" + o.name + "\" has negative points");
  }
  return engine::ok_status();
}

bool has_zone(const Scenario& sc, int side) {
  for (const Zone& z : sc.zones) {
    if (z.side == side) return true;
  }
  return false;
}

engine::Status check_unit(const Scenario& sc, const ScenarioUnit& u, std::set<std::string>& ids) {
  const std::string name = "unit \"" + u.id.get() + "\"";
  if (u.id.get().empty() || !ids.insert(u.id.get()).second) {
    return bad(name + ": the id is empty or used twice");
  }
  if (u.side != 0 && u.side != 1) return bad(name + ": side must be 0 or 1");
  if (static_cast<int>(u.type) > static_cast<int>(UnitType::kTrain))
    return bad(name + ": unknown type");
  if (!(u.radius >= 0 && u.radius <= 12)) return bad(name + ": radius must be 0-12 inches");
  if (u.points < 0) return bad(name + ": negative points");
  if (!std::isfinite(u.facing.get())) return bad(name + ": the facing is no number");
  if (u.limbered && !limbers(u.type)) {
    return bad(name + ": only artillery limbers and only MGs and mortars pack (R9)");
  }
  if (u.dug_in && !may_dig_in(u.type)) {
    return bad(name + ": only infantry, MGs and mortars dig in (§8, R12)");
  }
  if (u.gun && u.type != UnitType::kTank) return bad(name + ": only a tank carries a gun (§6)");
  if (u.type == UnitType::kTrain) {
    // R13: a train runs on rails: its cars and its place on a line of the scenario.
    if (u.cars.empty()) return bad(name + ": a train needs cars (R13)");
    for (const ScenarioCar& c : u.cars) {
      if (c.id.get().empty() || !ids.insert(c.id.get()).second) {
        return bad(name + ": car id \"" + c.id.get() + "\" is empty or used twice");
      }
    }
    bool found = false;
    for (const Line& l : sc.rails) found = found || l.name == u.rail;
    if (!found) return bad(name + ": no rail line \"" + u.rail + "\" (R13)");
    if (!std::isfinite(u.rail_at)) return bad(name + ": rail_at is no number");
    return engine::ok_status();
  }
  if (!u.cars.empty()) return bad(name + ": only a train has cars (R13)");
  if (u.pos) {
    if (!on_table(sc, *u.pos)) return bad(name + " is off the table");
  } else if (!has_zone(sc, u.side)) {
    // R19: a unit without a place is deployed by its side, inside a zone of its own.
    return bad(name + " is to be deployed, but side " + std::to_string(u.side) +
               " has no deployment zone (R19)");
  }
  return engine::ok_status();
}

Unit make_unit(const ScenarioUnit& su, const Scenario& sc) {
  Unit u;
  u.id = su.id;
  u.name = su.name.empty() ? su.id.get() : su.name;
  u.side = su.side;
  u.type = su.type;
  u.training = su.training;
  u.gun = su.gun;
  u.radius = su.radius > 0 ? su.radius : default_radius(su.type);
  u.points = su.points;
  u.facing = su.facing;
  u.limbered = su.limbered;
  u.dug_in = su.dug_in;
  // R19: a unit with a place (and every train) is fixed and public; the rest are deployed in
  // secret and concealed until deployment ends.
  u.fixed = su.pos.has_value() || su.type == UnitType::kTrain;
  u.placed = u.fixed;
  u.concealed = !u.fixed;
  if (su.pos) u.pos = *su.pos;
  for (const ScenarioCar& c : su.cars) {
    Car car;
    car.id = c.id;
    car.name = c.name.empty() ? c.id.get() : c.name;
    car.armament = c.armament;
    u.cars.push_back(std::move(car));
  }
  for (std::size_t i = 0; i < sc.rails.size(); ++i) {
    if (sc.rails[i].name == su.rail) u.rail = i;
  }
  u.rail_at = su.rail_at;
  u.reversed = su.reversed;
  return u;
}

// §12, R12, R30 for the units the scenario places: wheeled units stay out of woods and swamp,
// and artillery does not stand unlimbered in a village.
engine::Status check_placed(const State& s) {
  for (const Unit& u : s.units) {
    const std::string name = "unit \"" + u.id.get() + "\"";
    if (u.type == UnitType::kTrain) {
      if (!detail::train_fits(s, u, u.rail_at)) {
        return bad(name + ": every car must stand on its line at rail_at (R13)");
      }
      continue;
    }
    if (!u.fixed) continue;
    if (wheeled(u.type) && (detail::in_terrain(s, u.pos, TerrainKind::kWoods) ||
                            detail::in_terrain(s, u.pos, TerrainKind::kSwamp))) {
      return bad(name + ": a wheeled unit may not stand in woods or swamp (§12, R12)");
    }
    if (u.type == UnitType::kArtillery && !u.limbered &&
        detail::in_terrain(s, u.pos, TerrainKind::kVillage)) {
      return bad(name + ": artillery may not deploy in a village (§12)");
    }
  }
  return engine::ok_status();
}

// §9, R19 (amended), R49: a fixed unit in woods or a village is public but unspotted. Not a
// train: it runs on rails, which terrain does not affect (§12).
void mark_unspotted(State& s) {
  for (Unit& u : s.units) {
    u.unspotted = u.fixed && u.type != UnitType::kTrain &&
                  (detail::in_terrain(s, u.pos, TerrainKind::kWoods) ||
                   detail::in_terrain(s, u.pos, TerrainKind::kVillage));
  }
}

}  // namespace

Result<State> new_game(const Scenario& sc) {
  if (!(sc.width > 0 && sc.height > 0 && sc.width <= kMaxTable && sc.height <= kMaxTable)) {
    return bad("the table must be more than 0 and at most 480 inches each way");
  }
  if (sc.first_side != 0 && sc.first_side != 1) return bad("first_side must be 0 or 1 (R14)");
  if (sc.turns <= 0 || sc.turns > kMaxTurns) return bad("turns must be 1-1000 (R14)");
  if (sc.victory.empty()) return bad("the scenario must state its victory conditions (R14)");
  if (sc.units.size() > kMaxUnits) return bad("at most 500 units");
  if (auto st = check_places(sc); !st) return st.error();
  std::set<std::string> ids;
  bool sides[kSides] = {false, false};
  for (const ScenarioUnit& u : sc.units) {
    if (auto st = check_unit(sc, u, ids); !st) return st.error();
    sides[u.side] = true;
  }
  if (!sides[0] || !sides[1]) return bad("each side needs at least one unit (R29)");
  State s;
  s.scenario_name = sc.name;
  s.description = sc.description;
  s.width = sc.width;
  s.height = sc.height;
  s.sides[0] = sc.sides[0];
  s.sides[1] = sc.sides[1];
  s.first_side = sc.first_side;
  s.turns = sc.turns;
  s.terrain = sc.terrain;
  s.roads = sc.roads;
  s.rails = sc.rails;
  s.zones = sc.zones;
  s.objectives = sc.objectives;
  s.victory = sc.victory;
  s.side = sc.first_side;
  std::uint32_t marks[kSides] = {0, 0};
  for (const ScenarioUnit& su : sc.units) {
    s.units.push_back(make_unit(su, sc));
    s.units.back().mark = marks[su.side]++;
  }
  for (Unit& u : s.units) {
    if (u.type == UnitType::kTrain && detail::train_fits(s, u, u.rail_at)) {
      detail::place_train(s, u);  // R13
    }
  }
  if (auto st = check_placed(s); !st) return st.error();
  mark_unspotted(s);
  return s;
}

}  // namespace grognard::rcw
