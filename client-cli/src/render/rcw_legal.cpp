// RCW commands as the general would type them, and the server's list of legal commands summed
// up in words: where each unit may be placed, the pairs of actions each may declare, and what
// the active unit may do with its current action (moves, pivots, targets, assaults).
#include <algorithm>
#include <map>

#include "client/codec.h"
#include "render/rcw_ui.h"

namespace grognard::cli {

namespace rcw_text {

std::string command_text(const rcw::View& v, const rcw::Command& c) {
  (void)v;
  using C = rcw::Command;
  switch (c.kind_case()) {
    case C::kDeploy:
      return "deploy " + c.deploy().unit() + " " + point(c.deploy().pos()) + " " +
             num(c.deploy().facing());
    case C::kConfirmDeployment:
      return "confirm";
    case C::kActivate:
      return "activate " + c.activate().unit() + " " + action_word(c.activate().first()) + " " +
             action_word(c.activate().second());
    case C::kMove: {
      const auto& m = c.move();
      if (m.has_rail_at()) return "rail " + num(m.rail_at());
      if (m.waypoints().empty()) return "pivot " + num(m.facing());
      std::string out = "move";
      for (const auto& p : m.waypoints()) out += " " + point(p);
      return out + " face " + num(m.facing());
    }
    case C::kShoot: {
      const auto& s = c.shoot();
      if (!s.cars().empty()) {
        std::string out = "shoot";
        for (const auto& car : s.cars()) out += " " + car.car() + "=" + car.target();
        return out;
      }
      return "shoot " + s.target() + (s.observer().empty() ? "" : " via " + s.observer());
    }
    case C::kAssault:
      return "assault " + c.assault().target();
    case C::kSkipAction:
      return "skip";
    case C::kCarryOut:
      return "carry";
    case C::kEndTurn:
      return "end";
    case C::kConcede:
      return "concede";
    default:
      return "(an empty command)";
  }
}

}  // namespace rcw_text

namespace {

using namespace rcw_text;

// The words joined by `sep`, each once.
std::string list(const std::vector<std::string>& xs, const std::string& sep) {
  std::vector<std::string> said;
  std::string out;
  for (const auto& x : xs) {
    if (std::find(said.begin(), said.end(), x) != said.end()) continue;
    said.push_back(x);
    out += (out.empty() ? "" : sep) + x;
  }
  return out;
}

// What the current action of the active unit may be: "move to 12,14 / 10,16; pivot to 90 (E);
// shoot W2, W3 via R-FAO; assault W2; skip".
std::string orders_text(const rcw::View& v, const std::vector<rcw::Command>& orders) {
  std::vector<std::string> moves, pivots, rails, shots, assaults;
  bool skip = false, carry = false;
  for (const auto& c : orders) {
    if (c.has_move() && c.move().has_rail_at()) {
      rails.push_back(num(c.move().rail_at()));
    } else if (c.has_move() && c.move().waypoints().empty()) {
      pivots.push_back(facing_text(c.move().facing()));
    } else if (c.has_move()) {
      moves.push_back(point(*c.move().waypoints().rbegin()));
    } else if (c.has_shoot()) {
      shots.push_back(command_text(v, c).substr(6));
    } else if (c.has_assault()) {
      assaults.push_back(c.assault().target());
    } else if (c.has_skip_action()) {
      skip = true;
    } else if (c.has_carry_out()) {
      carry = true;
    }
  }
  std::vector<std::string> parts;
  if (!moves.empty()) parts.push_back("move to " + list(moves, " / ") + " (among others)");
  if (!pivots.empty()) parts.push_back("pivot to " + list(pivots, " / "));
  if (!rails.empty()) parts.push_back("rail to " + list(rails, " / ") + "\" along the line");
  if (!shots.empty()) parts.push_back("shoot " + list(shots, ", "));
  if (!assaults.empty()) parts.push_back("assault " + list(assaults, ", "));
  if (carry) parts.push_back("carry (the Limber or Rally)");
  if (skip) parts.push_back("skip");
  return list(parts, "; ");
}

}  // namespace

std::string RcwUi::describe_command(const google::protobuf::Any& any) const {
  const auto c = client::unpack<rcw::Command>(any);
  if (!c) return "(a command of another rule set)";
  return command_text(rcw::View(), *c);
}

std::string RcwUi::command_unit(const google::protobuf::Any& command,
                                const google::protobuf::Any& view) const {
  const auto c = client::unpack<rcw::Command>(command);
  if (!c) return "";
  if (c->has_deploy()) return c->deploy().unit();
  if (c->has_activate()) return c->activate().unit();
  if (c->has_move() || c->has_shoot() || c->has_assault() || c->has_skip_action() ||
      c->has_carry_out()) {
    const rcw::View v = view_of(view);
    const auto* active = active_unit(v);
    return active ? active->id() : v.active().unit();  // the current action's unit
  }
  return "";
}

std::vector<std::string> RcwUi::describe_legal(const v1::LegalCommands& legal,
                                               const google::protobuf::Any& view,
                                               const std::string& unit) const {
  const rcw::View v = view_of(view);
  std::map<std::string, std::vector<std::string>> places, pairs;
  std::vector<std::string> order;  // units in the order the server lists them
  std::vector<rcw::Command> orders;
  std::vector<std::string> seat;
  for (const auto& any : legal.commands()) {
    const auto c = client::unpack<rcw::Command>(any);
    if (!c) continue;
    std::string id;
    if (c->has_deploy()) {
      id = c->deploy().unit();
      places[id].push_back(point(c->deploy().pos()) + " " + words::compass(c->deploy().facing()));
    } else if (c->has_activate()) {
      id = c->activate().unit();
      pairs[id].push_back(action_word(c->activate().first()) + " " +
                          action_word(c->activate().second()));
    } else if (c->has_move() || c->has_shoot() || c->has_assault() || c->has_skip_action() ||
               c->has_carry_out()) {
      orders.push_back(*c);
    } else {
      seat.push_back(command_text(v, *c));
    }
    if (!id.empty() && std::find(order.begin(), order.end(), id) == order.end())
      order.push_back(id);
  }
  const auto* active = active_unit(v);
  const std::string active_id = active ? active->id() : v.active().unit();
  std::vector<std::string> lines;
  if (!orders.empty() && (unit.empty() || same_id(unit, active_id))) {
    lines.push_back("Now, " +
                    (active_id.empty() ? std::string("the active unit") : unit_name(v, active_id)) +
                    ": " + orders_text(v, orders));
  }
  for (const auto& id : order) {
    if (!unit.empty() && !same_id(unit, id)) continue;
    std::string l = std::string(1, letter_of(v, id)) + " " + unit_name(v, id) + ":";
    if (places.count(id)) l += " deploy at " + list(places[id], ", ");
    if (places.count(id) && pairs.count(id)) l += ";";
    if (pairs.count(id)) l += " activate with " + list(pairs[id], ", ");
    lines.push_back(l);
  }
  if (unit.empty() && !seat.empty()) lines.push_back("You may also: " + list(seat, ", "));
  if (lines.empty())
    lines.push_back(unit.empty() ? "nothing to do now" : unit + " may do nothing now");
  return lines;
}

}  // namespace grognard::cli
