#include "rules/sharpe/wire/scenario_pb.h"

#include <optional>
#include <string>
#include <utility>

#include "rules/adapter/textproto.h"
#include "rules/sharpe/clauses.h"
#include "rules/sharpe/rules.h"
#include "rules/sharpe/wire/convert.h"

namespace grognard::sharpe::wire {
namespace {

namespace gp = ::google::protobuf;
using engine::Error;
using engine::ErrorCode;

Error scenario_error(std::string message) {
  return Error{ErrorCode::kInvalidArgument, clause::kScenario, std::move(message)};
}

using adapter::where;  // "line L:C: " for a field's element, or ""

const gp::TextFormat::ParseInfoTree* nested(const gp::TextFormat::ParseInfoTree* tree,
                                            const gp::Descriptor* type, const char* name,
                                            int index) {
  if (tree == nullptr) return nullptr;
  return tree->GetTreeForNested(type->FindFieldByName(name), index);
}

Result<ScenarioGroup> convert_group(const pb::Group& g, const std::string& at,
                                    const gp::TextFormat::ParseInfoTree* tree) {
  const std::string label = g.id().empty() ? std::string("a group") : "group \"" + g.id() + "\"";
  if (g.id().empty()) return scenario_error(at + "a group has no id");
  if (g.figures().empty()) return scenario_error(at + label + " has no figures");
  ScenarioGroup out{g.id(), g.seat(), g.base(), 0, {}};
  for (int i = 0; i < g.figures_size(); ++i) {
    const pb::Figure& f = g.figures(i);
    const std::string fat = where(tree, pb::Group::descriptor(), "figures", i);
    if (f.id().empty()) {
      return scenario_error(fat + "figure " + std::to_string(i + 1) + " of " + label +
                            " has no id");
    }
    if (!f.has_pos()) return scenario_error(fat + "figure \"" + f.id() + "\" has no position");
    auto figure = figure_from(f);
    if (!figure) return scenario_error(fat + figure.error().message);
    if (f.id() == g.hero()) out.hero = static_cast<std::size_t>(i);
    out.figures.push_back(std::move(figure).value());
  }
  if (!g.hero().empty() && out.figures[out.hero].id.get() != g.hero()) {
    return scenario_error(at + label + "'s hero \"" + g.hero() + "\" is not one of its figures");
  }
  return out;
}

Result<Scenario> convert(const pb::Scenario& s, const gp::TextFormat::ParseInfoTree* tree) {
  Scenario out;
  out.name = s.name();
  out.description = s.description();
  if (s.width() != 0.0) out.width = s.width();
  if (s.height() != 0.0) out.height = s.height();
  if (s.base_diameter() != 0.0) out.base_diameter = s.base_diameter();
  if (s.seats().empty()) return scenario_error("the scenario has no player seats");
  for (const pb::Seat& seat : s.seats()) {
    out.seats.push_back(Seat{seat.id(), seat.name(), seat.briefing()});
  }
  for (int i = 0; i < s.groups_size(); ++i) {
    const std::string at = where(tree, pb::Scenario::descriptor(), "groups", i);
    auto g = convert_group(s.groups(i), at, nested(tree, pb::Scenario::descriptor(), "groups", i));
    if (!g) return g.error();
    out.groups.push_back(std::move(g).value());
  }
  for (int i = 0; i < s.buildings_size(); ++i) {
    auto b = building_from(s.buildings(i));
    const std::string at = where(tree, pb::Scenario::descriptor(), "buildings", i);
    if (!b) return scenario_error(at + b.error().message);
    out.buildings.push_back(std::move(b).value());
  }
  for (int i = 0; i < s.walls_size(); ++i) {
    auto w = wall_from(s.walls(i));
    const std::string at = where(tree, pb::Scenario::descriptor(), "walls", i);
    if (!w) return scenario_error(at + "wall: " + w.error().message);
    out.walls.push_back(std::move(w).value());
  }
  for (const grognard::v1::Polygon& p : s.cover()) out.cover.push_back(polygon_from(p));
  for (int i = 0; i < s.guns_size(); ++i) {
    auto g = gun_from(s.guns(i));
    const std::string at = where(tree, pb::Scenario::descriptor(), "guns", i);
    if (!g) return scenario_error(at + g.error().message);
    out.guns.push_back(std::move(g).value());
  }
  return out;
}

}  // namespace

Result<Scenario> parse_scenario(std::string_view textproto) {
  pb::Scenario msg;
  gp::TextFormat::ParseInfoTree tree;
  if (auto error = adapter::parse_text(textproto, msg, tree)) return scenario_error(*error);
  return convert(msg, &tree);
}

Result<State> load_scenario(std::string_view textproto) {
  auto scenario = parse_scenario(textproto);
  if (!scenario) return scenario.error();
  return sharpe::new_game(*scenario);
}

}  // namespace grognard::sharpe::wire
