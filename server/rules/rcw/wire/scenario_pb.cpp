#include "rules/rcw/wire/scenario_pb.h"

#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include "rules/adapter/textproto.h"
#include "rules/rcw/clauses.h"
#include "rules/rcw/rules.h"
#include "rules/rcw/wire/convert.h"

namespace grognard::rcw::wire {
namespace {

namespace gp = ::google::protobuf;
using engine::Error;
using engine::ErrorCode;
using Tree = gp::TextFormat::ParseInfoTree;

Error scenario_error(std::string message) {
  return Error{ErrorCode::kInvalidArgument, clause::kScenario, std::move(message)};
}

// "line L:C: " for element `index` of field `name` of the scenario, or "".
std::string where(const Tree* tree, const char* name, int index) {
  return adapter::where(tree, pb::Scenario::descriptor(), name, index);
}

Result<int> side_of(int side, const std::string& what) {
  if (side < 0 || side >= kSides) {
    return invalid(what + " has side " + std::to_string(side) + "; the sides are 0 and 1");
  }
  return side;
}

Result<ScenarioUnit> convert_unit(const pb::Unit& u, int index) {
  if (u.id().empty()) return invalid("unit " + std::to_string(index + 1) + " has no id");
  const std::string label = "unit \"" + u.id() + "\"";
  ScenarioUnit out;
  out.id = UnitId(u.id());
  out.name = u.name().empty() ? u.id() : u.name();
  auto side = side_of(u.side(), label);
  if (!side) return side.error();
  out.side = *side;
  if (u.type() == pb::UNIT_TYPE_UNSPECIFIED) return invalid(label + " has no type");
  auto type = native_enum<UnitType>(u.type(), kUnitTypes, label + " type");
  if (!type) return type.error();
  out.type = *type;
  if (u.training() != pb::TRAINING_UNSPECIFIED) {
    auto training = native_enum<Training>(u.training(), kTrainings, label + " training");
    if (!training) return training.error();
    out.training = *training;
  }
  if (u.has_position()) {
    const pb::Position& p = u.position();
    if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || !std::isfinite(p.facing())) {
      return invalid(label + "'s position is not a number");
    }
    out.pos = Point{p.x(), p.y()};
    out.facing = engine_bearing(p.facing());
  }
  out.limbered = u.limbered();
  out.dug_in = u.dug_in();
  out.gun = u.gun();
  out.radius = u.radius();
  if (u.has_points()) out.points = u.points();
  for (int i = 0; i < u.cars_size(); ++i) {
    const pb::Car& c = u.cars(i);
    if (c.id().empty()) return invalid(label + "'s car " + std::to_string(i + 1) + " has no id");
    auto armament =
        native_enum<CarArmament>(c.armament(), kArmaments, "car \"" + c.id() + "\" armament");
    if (!armament) return invalid(label + ": " + armament.error().message);
    out.cars.push_back(
        ScenarioCar{UnitId(c.id()), c.name().empty() ? c.id() : c.name(), *armament});
  }
  out.rail = u.rail();
  out.rail_at = u.rail_at();
  out.reversed = u.reversed();
  return out;
}

// The scenario's header: sides, first side, turn limit and victory conditions (R14).
std::optional<Error> convert_header(const pb::Scenario& s, const Tree* tree, Scenario& out) {
  out.name = s.name();
  out.description = s.description();
  if (s.width() != 0.0) out.width = s.width();
  if (s.height() != 0.0) out.height = s.height();
  if (s.sides_size() != kSides) {
    return scenario_error("the scenario needs two sides, not " + std::to_string(s.sides_size()));
  }
  for (int i = 0; i < kSides; ++i) {
    if (s.sides(i).name().empty()) {
      return scenario_error(where(tree, "sides", i) + "side " + std::to_string(i) + " has no name");
    }
    out.sides[i] = SideInfo{s.sides(i).name(), s.sides(i).briefing()};
  }
  auto first = side_of(s.first_side(), "first_side");
  if (!first) return scenario_error(first.error().message);
  out.first_side = *first;
  if (s.turns() <= 0) return scenario_error("the scenario gives no turn limit (turns, R14)");
  out.turns = s.turns();
  if (s.victory().empty()) {
    return scenario_error("the scenario gives no victory conditions (victory, R14)");
  }
  out.victory = s.victory();
  return std::nullopt;
}

Result<Scenario> convert(const pb::Scenario& s, const Tree* tree) {
  Scenario out;
  if (auto e = convert_header(s, tree, out)) return *e;
  for (int i = 0; i < s.units_size(); ++i) {
    auto u = convert_unit(s.units(i), i);
    if (!u) return scenario_error(where(tree, "units", i) + u.error().message);
    out.units.push_back(std::move(u).value());
  }
  for (int i = 0; i < s.terrain_size(); ++i) {
    auto t = terrain_from(s.terrain(i));
    if (!t) {
      return scenario_error(where(tree, "terrain", i) + "terrain \"" + s.terrain(i).name() +
                            "\": " + t.error().message);
    }
    out.terrain.push_back(std::move(t).value());
  }
  for (const pb::Line& l : s.roads()) out.roads.push_back(line_from(l));
  for (const pb::Line& l : s.rails()) out.rails.push_back(line_from(l));
  for (int i = 0; i < s.zones_size(); ++i) {
    const pb::Zone& z = s.zones(i);
    auto side = side_of(z.side(), "zone \"" + z.name() + "\"");
    if (!side) return scenario_error(where(tree, "zones", i) + side.error().message);
    out.zones.push_back(Zone{*side, z.name(), polygon_from(z.area())});
  }
  for (const pb::Objective& o : s.objectives()) {
    Objective obj{o.name(), point_from(o.pos()), 3.0, 1};
    if (o.has_radius()) obj.radius = o.radius();
    if (o.has_points()) obj.points = o.points();
    out.objectives.push_back(std::move(obj));
  }
  return out;
}

}  // namespace

Result<Scenario> parse_scenario(std::string_view textproto) {
  pb::Scenario msg;
  Tree tree;
  if (auto error = adapter::parse_text(textproto, msg, tree)) return scenario_error(*error);
  return convert(msg, &tree);
}

Result<State> load_scenario(std::string_view textproto) {
  auto scenario = parse_scenario(textproto);
  if (!scenario) return scenario.error();
  return rcw::new_game(*scenario);
}

}  // namespace grognard::rcw::wire
