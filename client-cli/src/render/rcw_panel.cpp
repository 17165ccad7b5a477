// The text under the RCW map: the scenario, turn and phase, the side to act, deployment
// confirmations, the open activation (its two actions, which is next, the command throw),
// points and objectives; then each side's units, one line a unit (its map letter, id, name,
// type, training, exact position, facing, cover, state marks) with a train's cars under it;
// then the viewer's briefing and the victory conditions.
#include <algorithm>

#include "render/rcw_ui.h"

namespace grognard::cli {

namespace {

using namespace rcw_text;

std::string phase_text(const rcw::View& v) {
  switch (v.phase()) {
    case rcw::NOT_STARTED:
      return "waiting for both generals";
    case rcw::DEPLOY:
      return "deployment";
    case rcw::PLAY:
      return side_name(v, v.side()) + " to act";
    case rcw::OVER:
      return "game over";
    default:
      return "";
  }
}

std::string activation_text(const rcw::View& v) {
  const auto& a = v.active();
  std::string out =
      "Active: " + std::string(1, letter_of(v, a.unit())) + " " + unit_name(v, a.unit()) + ": ";
  const rcw::ActionKind acts[2] = {a.first(), a.second()};
  for (int i = 0; i < 2; ++i) {
    out += (i ? ", then " : "") + action_word(acts[i]);
    if (a.next() > i) out += " (done)";
    if (a.next() == i) out += " (next)";
  }
  if (a.command_failed())
    out += "; the command throw failed";
  else if (a.command_thrown())
    out += "; the command throw passed";
  if (a.rally_failed()) out += "; the rally failed";
  return out;
}

std::vector<std::string> status(const rcw::View& v, const Viewer& viewer, const Style& s) {
  std::vector<std::string> out;
  std::string head = v.scenario_name() + "  ";
  if (v.turn() > 0) head += "turn " + std::to_string(v.turn()) + " of ";
  head += std::to_string(v.turns()) + (v.turn() > 0 ? ": " : " turns: ") + phase_text(v);
  if (v.has_viewer_side()) head += "   you: " + side_name(v, v.viewer_side());
  if (viewer.seat.empty() && !v.has_viewer_side()) head += "   you: observer";
  out.push_back(head);
  if (v.phase() == rcw::DEPLOY) {
    std::string d = "Deployment (R19):";
    for (int side = 0; side < 2; ++side) {
      const bool done = side < v.confirmed_size() && v.confirmed(side);
      d += std::string(side ? "," : "") + " " + side_name(v, side) +
           (done ? " confirmed" : " placing");
    }
    out.push_back(d + "; each side places its units in secret inside its zone");
  }
  if (v.has_active() && !v.active().unit().empty()) out.push_back(activation_text(v));
  if (v.over()) {
    std::string end = "Game over: " + (v.result().empty() ? std::string("no result") : v.result());
    if (!v.end_reason().empty()) end += " - " + v.end_reason();
    out.push_back(s.paint(end, Paint{Colour::kDefault, Colour::kDefault, true}));
  }
  return out;
}

std::vector<std::string> points(const rcw::View& v) {
  std::vector<std::string> out;
  std::string points = "Points for enemy units destroyed:";
  for (int side = 0; side < 2; ++side) {
    points += std::string(side ? "," : "") + " " + side_name(v, side) + " " +
              std::to_string(side < v.points_size() ? v.points(side) : 0);
  }
  out.push_back(points);
  for (const auto& o : v.objectives()) {
    out.push_back("Objective @ " + o.name() + " at " + point(o.pos()) + ": " +
                  std::to_string(o.has_points() ? o.points() : 1) +
                  " points to the side holding it at the end (a unit within " +
                  num(o.has_radius() ? o.radius() : 3) + "\", no enemy)");
  }
  return out;
}

}  // namespace

std::string rcw_text::state_marks(const rcw::View& v, const rcw::UnitState& u) {
  std::vector<std::string> m;
  if (!u.placed()) m.push_back("not placed");
  if (u.destroyed()) return "DESTROYED";
  if (u.pinned()) m.push_back("pinned");
  if (u.limbered()) m.push_back(u.type() == rcw::ARTILLERY ? "limbered" : "packed");
  if (u.dug_in()) m.push_back("dug in");
  if (u.concealed()) m.push_back("hidden from the enemy");
  // §9, R49: in view, but no target until it moves or fires or an enemy comes within 3".
  if (u.unspotted()) m.push_back("unspotted");
  if (u.activated()) m.push_back("activated");
  if (u.type() == rcw::TRAIN && u.placed()) {
    const int rail = static_cast<int>(u.rail());
    m.push_back("on " + (rail < v.rails_size() ? v.rails(rail).name() : std::string("its line")) +
                " at " + num(u.rail_at()) + "\"" + (u.reversed() ? ", reversed" : ""));
  }
  std::string out;
  for (const auto& x : m) out += (out.empty() ? "" : ", ") + x;
  return out;
}

namespace {

struct Columns {
  std::size_t id = 6, name = 18;
  static constexpr std::size_t kType = 13, kTraining = 10, kPos = 11, kFacing = 10, kCover = 11;
};

std::string cut(const std::string& s, std::size_t width) {
  return s.size() >= width ? s.substr(0, width - 2) + "~" : s;
}

std::string unit_line(const rcw::View& v, const rcw::UnitState& u, const Columns& c, bool active) {
  const bool here = u.placed() && !u.destroyed();
  std::string type = type_text(u.type());
  if (u.type() == rcw::TANK && u.gun()) type += " (gun)";
  return std::string(active ? " >" : "  ") + letter_of(v, u.id()) + " " + pad_to(u.id(), c.id) +
         pad_to(cut(u.name(), c.name), c.name) + pad_to(type, Columns::kType) +
         pad_to(training_text(u.training()), Columns::kTraining) +
         pad_to(here ? exact(u.pos().x(), u.pos().y()) : "-", Columns::kPos) +
         pad_to(here && u.type() != rcw::TRAIN ? facing_text(u.facing()) : "-", Columns::kFacing) +
         pad_to(here ? cover_text(u.cover()) : "-", Columns::kCover) + state_marks(v, u);
}

std::string car_line(const rcw::CarState& car, const Columns& c) {
  std::string m = car.destroyed() ? "DESTROYED" : car.pinned() ? "pinned" : "";
  return "    " + pad_to(car.id(), c.id) + pad_to(cut(car.name(), c.name), c.name) +
         pad_to(car.armament() == rcw::CAR_ARTILLERY ? "artillery car" : "armoured car",
                Columns::kType) +
         pad_to("", Columns::kTraining) +
         pad_to(exact(car.pos().x(), car.pos().y()), Columns::kPos) + pad_to("", Columns::kFacing) +
         pad_to("", Columns::kCover) + m;
}

std::vector<std::string> table(const rcw::View& v, const Style& s) {
  Columns c;
  for (const auto& u : v.units()) {
    c.id = std::max(c.id, u.id().size() + 1);
    for (const auto& car : u.cars()) c.id = std::max(c.id, car.id().size() + 1);
    c.name = std::max(c.name, std::min<std::size_t>(u.name().size() + 2, 26));
  }
  std::vector<std::string> out{
      "    " + pad_to("id", c.id) + pad_to("name", c.name) + pad_to("type", Columns::kType) +
      pad_to("training", Columns::kTraining) + pad_to("x,y", Columns::kPos) +
      pad_to("facing", Columns::kFacing) + pad_to("cover", Columns::kCover) + "state"};
  const auto* active = active_unit(v);
  for (int side = 0; side < 2; ++side) {
    std::string head = side_name(v, side) + " (side " + std::to_string(side) + ")";
    if (v.phase() == rcw::PLAY && v.side() == side) head += "  <- to act";
    out.push_back(s.paint(head, Paint{side_colour(side), Colour::kDefault, true}));
    bool any = false;
    for (const auto& u : v.units()) {
      if (u.side() != side) continue;
      any = true;
      out.push_back(unit_line(v, u, c, &u == active));
      for (const auto& car : u.cars()) out.push_back(car_line(car, c));
    }
    if (!any) out.push_back("    (none in sight)");
  }
  return out;
}

}  // namespace

std::vector<std::string> rcw_text::status_lines(const rcw::View& v, const Viewer& viewer,
                                                const Style& style) {
  return status(v, viewer, style);
}

std::vector<std::string> rcw_text::detail_lines(const rcw::View& v, const Viewer& /*viewer*/,
                                                const Style& style) {
  std::vector<std::string> out = points(v);
  out.push_back("");
  for (auto& l : table(v, style)) out.push_back(std::move(l));
  if (v.has_viewer_side() && v.viewer_side() < v.sides_size() &&
      !v.sides(v.viewer_side()).briefing().empty()) {
    out.push_back("");
    for (auto& l : words::wrap("Your briefing: ", v.sides(v.viewer_side()).briefing()))
      out.push_back(std::move(l));
  }
  if (!v.victory().empty()) {
    for (auto& l : words::wrap("Victory: ", v.victory())) out.push_back(std::move(l));
  }
  return out;
}

std::vector<std::string> rcw_text::panel_lines(const rcw::View& v, const Viewer& viewer,
                                               const Style& style) {
  std::vector<std::string> out = status(v, viewer, style);
  for (auto& l : detail_lines(v, viewer, style)) out.push_back(std::move(l));
  return out;
}

std::vector<std::string> RcwUi::render(const google::protobuf::Any& any, const Viewer& viewer,
                                       const Style& style) const {
  const rcw::View v = view_of(any);
  return words::map_then_panel(map_lines(v, style), panel_lines(v, viewer, style));
}

}  // namespace grognard::cli
