#include "rules/sharpe/wire/scenario_pb.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include <optional>
#include <string>
#include <utility>

#include "rules/sharpe/clauses.h"
#include "rules/sharpe/rules.h"
#include "rules/sharpe/wire/convert.h"

namespace grognard::sharpe::wire {
namespace {

namespace gp = ::google::protobuf;
using engine::Error;
using engine::ErrorCode;

constexpr std::size_t kMaxTextBytes = std::size_t{1} << 24;

Error scenario_error(std::string message) {
  return Error{ErrorCode::kInvalidArgument, clause::kScenario, std::move(message)};
}

std::string line_col(int line, int column) {  // 0-based in, 1-based out
  return "line " + std::to_string(line + 1) + ":" + std::to_string(column + 1) + ": ";
}

// Keeps the first error the parser reports, with its position.
class FirstError final : public gp::io::ErrorCollector {
 public:
  void AddError(int line, gp::io::ColumnNumber column, const std::string& message) override {
    if (!error_) error_ = line_col(line, column) + message;
  }
  const std::optional<std::string>& error() const { return error_; }

 private:
  std::optional<std::string> error_;
};

// "line L:C: " for element `index` of field `name` of the message `tree` describes, or "".
std::string where(const gp::TextFormat::ParseInfoTree* tree, const gp::Descriptor* type,
                  const char* name, int index) {
  if (tree == nullptr) return "";
  const auto loc = tree->GetLocation(type->FindFieldByName(name), index);
  return loc.line < 0 ? "" : line_col(loc.line, loc.column);
}

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
  for (const pb::Polygon& p : s.cover()) out.cover.push_back(polygon_from(p));
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
  if (textproto.size() > kMaxTextBytes) return scenario_error("the scenario text is too long");
  pb::Scenario msg;
  FirstError errors;
  gp::TextFormat::ParseInfoTree tree;
  gp::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  parser.WriteLocationsTo(&tree);
  if (!parser.ParseFromString(std::string(textproto), &msg)) {
    return scenario_error(errors.error().value_or("the scenario text could not be read"));
  }
  return convert(msg, &tree);
}

Result<State> load_scenario(std::string_view textproto) {
  auto scenario = parse_scenario(textproto);
  if (!scenario) return scenario.error();
  return sharpe::new_game(*scenario);
}

}  // namespace grognard::sharpe::wire
