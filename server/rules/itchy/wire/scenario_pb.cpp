#include "rules/itchy/wire/scenario_pb.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/text_format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "rules/adapter/textproto.h"
#include "rules/itchy/clauses.h"
#include "rules/itchy/rules.h"
#include "rules/itchy/wire/enums.h"
#include "rules/itchy/wire/scenario_parts.h"

namespace grognard::itchy::wire {

namespace {

namespace gp = ::google::protobuf;
using detail::nested;
using detail::scenario_error;
using detail::where;
using engine::Error;
using engine::ErrorCode;
using engine::Result;

constexpr std::size_t kMaxTextBytes = std::size_t{1} << 24;

std::string line_col(int line, int column) {  // 0-based in, 1-based out
  return "line " + std::to_string(line + 1) + ":" + std::to_string(column + 1) + ": ";
}

// The parser's wording (google/protobuf/text_format.cc) for the two messages reworded below.
constexpr std::string_view kUnknownEnum = "Unknown enumeration value of \"";

// The text after `prefix` up to the next double quote, when `message` starts with `prefix`.
std::optional<std::string> quoted_after(const std::string& message, std::string_view prefix) {
  if (message.rfind(prefix, 0) != 0) return std::nullopt;
  const std::size_t end = message.find('"', prefix.size());
  if (end == std::string::npos) return std::nullopt;
  return message.substr(prefix.size(), end - prefix.size());
}

// The name in `message` that the parser did not know (an enum value or a field), if any.
std::optional<std::string> unknown_name(const std::string& message) {
  if (auto v = quoted_after(message, kUnknownEnum)) return v;
  const std::string marker = "has no field named \"";
  const std::size_t at = message.find(marker);
  if (at == std::string::npos) return std::nullopt;
  const std::size_t begin = at + marker.size();
  const std::size_t end = message.find('"', begin);
  if (end == std::string::npos) return std::nullopt;
  return message.substr(begin, end - begin);
}

// Rewords the parser's messages for the two mistakes scenario authors make most.
std::string readable(const std::string& message) {
  const auto name = unknown_name(message);
  if (!name) return message;
  if (message.rfind(kUnknownEnum, 0) == 0) {
    std::string kind = "value";
    if (message.find("for field \"type\"") != std::string::npos) kind = "unit type";
    if (message.find("for field \"weapon\"") != std::string::npos) kind = "weapon";
    if (message.find("for field \"facing\"") != std::string::npos) kind = "facing";
    if (message.find("for field \"terrain\"") != std::string::npos) kind = "terrain type";
    if (message.find("for field \"test\"") != std::string::npos) kind = "victory test";
    return "unknown " + kind + " \"" + *name + "\"";
  }
  const auto type = quoted_after(message, "Message type \"");
  const std::string short_type = type ? type->substr(type->rfind('.') + 1) : "a message";
  return "unknown field \"" + *name + "\" in " + short_type;
}

// Byte offset of the parser's (line, column), both 0-based; a tab advances the column to the
// next multiple of 8 (google::protobuf::io::ColumnNumber).
std::size_t offset_of(std::string_view text, int line, int column) {
  std::size_t at = 0;
  for (int l = 0; l < line && at < text.size(); ++at) {
    if (text[at] == '\n') ++l;
  }
  for (int c = 0; c < column && at < text.size() && text[at] != '\n'; ++at) {
    c = text[at] == '\t' ? (c / 8 + 1) * 8 : c + 1;
  }
  return at;
}

// (line, column), 0-based, of byte `at`.
std::pair<int, int> line_col_of(std::string_view text, std::size_t at) {
  const std::string_view before = text.substr(0, at);
  const auto line = std::count(before.begin(), before.end(), '\n');
  const std::size_t line_start =
      before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
  return {static_cast<int>(line), static_cast<int>(at - line_start)};
}

// Keeps the first error the parser reports, with its position. The parser reports an unknown
// name where the token after it begins; the position given is that of the name itself.
class FirstError final : public gp::io::ErrorCollector {
 public:
  explicit FirstError(std::string_view text) : text_(text) {}
  void AddError(int line, gp::io::ColumnNumber column, const std::string& message) override {
    if (error_) return;
    if (auto name = unknown_name(message); name && !name->empty()) {
      const std::size_t found = text_.rfind(*name, offset_of(text_, line, column));
      if (found != std::string_view::npos) std::tie(line, column) = line_col_of(text_, found);
    }
    error_ = line_col(line, column) + readable(message);
  }
  const std::optional<std::string>& error() const { return error_; }

 private:
  std::string_view text_;
  std::optional<std::string> error_;
};

}  // namespace

namespace detail {

engine::Error scenario_error(std::string message) {
  return engine::Error{engine::ErrorCode::kInvalidArgument, clause::kScenario, std::move(message)};
}

std::string where(const gp::TextFormat::ParseInfoTree* tree, const char* field_name,
                  const gp::Descriptor* type, int index) {
  if (tree == nullptr) return "";
  const gp::FieldDescriptor* field = type->FindFieldByName(field_name);
  const auto loc = tree->GetLocation(field, index);
  return loc.line < 0 ? "" : line_col(loc.line, loc.column);
}

const gp::TextFormat::ParseInfoTree* nested(const gp::TextFormat::ParseInfoTree* tree,
                                            const char* field_name, const gp::Descriptor* type,
                                            int index) {
  if (tree == nullptr) return nullptr;
  return tree->GetTreeForNested(type->FindFieldByName(field_name), index);
}

}  // namespace detail

namespace {

std::string unit_label(const pb::ScenarioUnit& u, int index, const std::string& side) {
  if (!u.id().empty()) return "unit \"" + u.id() + "\"";
  return "unit " + std::to_string(index + 1) + " of side \"" + side + "\"";
}

Result<ScenarioUnit> convert_unit(const pb::ScenarioUnit& u, const std::string& label,
                                  const std::string& at) {
  if (u.id().empty()) return scenario_error(at + label + " has no id");
  if (u.type() == pb::UNIT_TYPE_UNSPECIFIED) return scenario_error(at + label + " has no type");
  const auto type = from_pb(u.type());
  if (!type) {
    return scenario_error(at + label + " has unknown unit type " + std::to_string(u.type()));
  }
  const auto weapon = from_pb(u.weapon());
  if (!weapon) {
    return scenario_error(at + label + " has unknown weapon " + std::to_string(u.weapon()));
  }
  if (!u.has_pos()) return scenario_error(at + label + " has no position (pos)");
  if (u.facing() == pb::FACING_UNSPECIFIED) {
    return scenario_error(at + label + " has no facing");
  }
  const auto facing = from_pb(u.facing());
  if (!facing) {
    return scenario_error(at + label + " has unknown facing " + std::to_string(u.facing()));
  }
  ScenarioUnit out;
  out.id = UnitId(u.id());
  out.name = u.name();
  out.type = *type;
  out.weapon = *weapon;
  out.native = u.native();
  out.sp = u.sp();
  out.pos = GridPos{u.pos().x(), u.pos().y()};
  out.facing = *facing;
  return out;
}

Result<ScenarioSide> convert_side(const pb::ScenarioSide& s, int side_index,
                                  const gp::TextFormat::ParseInfoTree* tree) {
  ScenarioSide out;
  out.name = s.name();
  const std::string side_name = s.name().empty() ? std::to_string(side_index) : s.name();
  for (int i = 0; i < s.units_size(); ++i) {
    const std::string at = where(tree, "units", pb::ScenarioSide::descriptor(), i);
    auto unit = convert_unit(s.units(i), unit_label(s.units(i), i, side_name), at);
    if (!unit) return unit.error();
    out.units.push_back(std::move(unit).value());
  }
  return out;
}

// Later patches override earlier ones; the result lists every area that is not open, once,
// in row-major order.
Result<std::vector<TerrainArea>> expand_terrain(const pb::Scenario& s,
                                                const gp::TextFormat::ParseInfoTree* tree) {
  std::vector<Terrain> grid(static_cast<std::size_t>(s.width() * s.height()), Terrain::kOpen);
  for (int i = 0; i < s.terrain_size(); ++i) {
    const pb::TerrainPatch& patch = s.terrain(i);
    const std::string at = where(tree, "terrain", pb::Scenario::descriptor(), i);
    const std::string label = "terrain patch " + std::to_string(i + 1);
    const auto terrain = from_pb(patch.terrain());
    if (!terrain) return scenario_error(at + label + " has an unknown terrain type");
    if (!patch.has_from()) return scenario_error(at + label + " has no `from` area");
    const pb::Pos& to = patch.has_to() ? patch.to() : patch.from();
    const int x0 = std::min(patch.from().x(), to.x()), x1 = std::max(patch.from().x(), to.x());
    const int y0 = std::min(patch.from().y(), to.y()), y1 = std::max(patch.from().y(), to.y());
    const GridSize size{s.width(), s.height()};
    if (!size.contains({x0, y0}) || !size.contains({x1, y1})) {
      const GridPos off = size.contains({x0, y0}) ? GridPos{x1, y1} : GridPos{x0, y0};
      return scenario_error(at + label + " (" + std::string(to_string(*terrain)) + ") reaches " +
                            engine::to_string(off) + ", off the " + std::to_string(s.width()) +
                            "x" + std::to_string(s.height()) + " grid");
    }
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) grid[static_cast<std::size_t>(y * s.width() + x)] = *terrain;
    }
  }
  std::vector<TerrainArea> out;
  for (int y = 0; y < s.height(); ++y) {
    for (int x = 0; x < s.width(); ++x) {
      const Terrain t = grid[static_cast<std::size_t>(y * s.width() + x)];
      if (t != Terrain::kOpen) out.push_back(TerrainArea{GridPos{x, y}, t});
    }
  }
  return out;
}

}  // namespace

Result<Scenario> parse_scenario(std::string_view textproto) {
  pb::Scenario msg;
  FirstError errors(textproto);
  gp::TextFormat::ParseInfoTree tree;
  gp::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  parser.WriteLocationsTo(&tree);
  if (textproto.size() > kMaxTextBytes) return scenario_error("the scenario text is too large");
  gp::io::ArrayInputStream stream(textproto.data(), static_cast<int>(textproto.size()));
  if (!parser.Parse(&stream, &msg)) {
    return scenario_error(errors.error().value_or("the scenario text does not parse"));
  }
  if (auto bad = adapter::not_utf8(msg)) return scenario_error(*bad);

  // I22: one bound for the grid, asked before the terrain is laid out on it.
  if (auto e = grid_size_error(GridSize{msg.width(), msg.height()})) return *e;
  if (msg.sides_size() != 2) {
    return scenario_error("a scenario has exactly two sides; this one has " +
                          std::to_string(msg.sides_size()));
  }

  Scenario out;
  out.name = msg.name();
  out.description = msg.description();
  out.size = GridSize{msg.width(), msg.height()};
  out.turn_limit = msg.turn_limit();
  for (int i = 0; i < 2; ++i) {
    auto side =
        convert_side(msg.sides(i), i, nested(&tree, "sides", pb::Scenario::descriptor(), i));
    if (!side) return side.error();
    out.sides[static_cast<std::size_t>(i)] = std::move(side).value();
  }
  auto terrain = expand_terrain(msg, &tree);
  if (!terrain) return terrain.error();
  out.terrain = std::move(terrain).value();
  auto victory = detail::convert_victory(msg, &tree);
  if (!victory) return victory.error();
  out.victory = std::move(victory).value();
  return out;
}

Result<State> load_scenario(std::string_view textproto) {
  auto scenario = parse_scenario(textproto);
  if (!scenario) return scenario.error();
  return new_game(*scenario);
}

}  // namespace grognard::itchy::wire
