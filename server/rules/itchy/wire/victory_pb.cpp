// The scenario's objectives and victory conditions (I16, I23) from the textproto. The shape is
// checked here (a test named, a side that exists); what the conditions refer to and take is
// checked by itchy::new_game.
#include <string>
#include <utility>

#include "rules/itchy/wire/scenario_parts.h"

namespace grognard::itchy::wire::detail {

namespace {

using engine::Result;

Result<Objective> convert_objective(const pb::Objective& o, int index, const std::string& at) {
  const std::string label = o.name().empty() ? "objective " + std::to_string(index + 1)
                                             : "objective \"" + o.name() + "\"";
  if (!o.has_pos()) return scenario_error(at + label + " has no position (pos)");
  if (o.points() < 0) return scenario_error(at + label + " is worth negative points");
  Objective out;
  out.name = o.name();
  out.pos = GridPos{o.pos().x(), o.pos().y()};
  if (o.points() != 0) out.points = o.points();  // absent: the native default (1 point)
  return out;
}

Result<VictoryCondition> convert_condition(const pb::Scenario& s, const pb::VictoryCondition& c,
                                           int index, const std::string& at) {
  const std::string label = "victory condition " + std::to_string(index + 1);
  if (c.test() == pb::VICTORY_TEST_UNSPECIFIED) {
    return scenario_error(at + label +
                          " has no test (NO_UNITS_LEFT, SIDE_EXHAUSTED, OBJECTIVES_HELD, "
                          "ENEMY_SP_DESTROYED, SCORE or TURN_LIMIT)");
  }
  const auto test = from_pb(c.test());
  if (!test) return scenario_error(at + label + " has unknown test " + std::to_string(c.test()));
  VictoryCondition out;
  out.test = *test;
  out.objectives.assign(c.objectives().begin(), c.objectives().end());
  out.at_least = c.at_least();
  if (!c.side().empty()) {
    for (int i = 0; i < s.sides_size(); ++i) {
      if (s.sides(i).name() == c.side()) out.side = i;
    }
    if (out.side < 0) {
      return scenario_error(at + label + " names side \"" + c.side() + "\"; the sides are \"" +
                            s.sides(0).name() + "\" and \"" + s.sides(1).name() + "\"");
    }
  }
  return out;
}

}  // namespace

Result<Victory> convert_victory(const pb::Scenario& s, const gp::TextFormat::ParseInfoTree* tree) {
  if (!s.has_victory()) {
    return scenario_error("the scenario has no victory conditions (victory { ... }, I16)");
  }
  const auto* vtree = nested(tree, "victory", pb::Scenario::descriptor(), -1);
  const pb::Victory& v = s.victory();
  Victory out;
  out.description = v.description();
  for (int i = 0; i < v.objectives_size(); ++i) {
    auto o = convert_objective(v.objectives(i), i,
                               where(vtree, "objectives", pb::Victory::descriptor(), i));
    if (!o) return o.error();
    out.objectives.push_back(std::move(o).value());
  }
  for (int i = 0; i < v.conditions_size(); ++i) {
    auto c = convert_condition(s, v.conditions(i), i,
                               where(vtree, "conditions", pb::Victory::descriptor(), i));
    if (!c) return c.error();
    out.conditions.push_back(std::move(c).value());
  }
  return out;
}

}  // namespace grognard::itchy::wire::detail
