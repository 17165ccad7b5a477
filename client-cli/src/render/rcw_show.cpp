// RCW on a screen of a given size (the map fitted or zoomed, the status, the rest of the
// panel), where a unit or car stands (`zoom UNIT`), and `show UNIT`: everything the seat's view
// tells of one unit. A unit hidden from this seat (R10) is not in its view, so `show` knows
// nothing of it.
#include <cmath>

#include "render/rcw_ui.h"

namespace grognard::cli {

namespace {

using namespace rcw_text;

std::vector<std::string> unit_lines(const rcw::View& v, const rcw::UnitState& u) {
  std::string type = type_text(u.type());
  if (u.type() == rcw::TANK && u.gun()) type += " (gun)";
  std::vector<std::string> out{
      u.id() + " (" + u.name() + "): " + type + ", " + training_text(u.training()) + ", " +
          side_name(v, u.side()) + ", on the map " + std::string(1, letter_of(v, u.id())),
  };
  if (u.placed() && !u.destroyed()) {
    std::string at =
        "  at " + words::precise(u.pos().x(), u.pos().y()) + " (inches, x east, y south)";
    if (u.type() != rcw::TRAIN) at += ", facing " + facing_text(u.facing());
    out.push_back(at);
    out.push_back("  cover: " + cover_text(u.cover()) + "; footprint radius " + num(u.radius()) +
                  "\"");
  }
  const std::string state = state_marks(v, u);
  out.push_back("  state: " + (state.empty() ? std::string("ready") : state));
  if (u.points() > 0)
    out.push_back("  worth " + std::to_string(u.points()) + " points to the enemy");
  for (const auto& c : u.cars()) {
    out.push_back("  car " + c.id() + " (" + c.name() +
                  "): " + (c.armament() == rcw::CAR_ARTILLERY ? "artillery" : "armoured") +
                  " car at " + words::precise(c.pos().x(), c.pos().y()) +
                  (c.destroyed() ? ", DESTROYED"
                   : c.pinned()  ? ", pinned"
                                 : ""));
  }
  std::string near;
  for (const auto& o : v.units()) {
    if (&o == &u || !o.placed() || o.destroyed() || !u.placed() || u.destroyed()) continue;
    if (std::abs(o.pos().x() - u.pos().x()) <= 1 && std::abs(o.pos().y() - u.pos().y()) <= 1)
      near += (near.empty() ? "" : ", ") + o.id() + " at " + exact(o.pos().x(), o.pos().y());
  }
  if (!near.empty()) out.push_back("  within 1\": " + near);
  return out;
}

}  // namespace

Board RcwUi::board(const google::protobuf::Any& any, const Viewer& viewer, const Style& style,
                   const Frame& frame) const {
  const rcw::View v = view_of(any);
  MapPart m = draw_map(v, style, window_for(frame), false);
  return Board{std::move(m.map),
               std::move(m.cells),
               std::move(m.legend),
               status_lines(v, viewer, style),
               detail_lines(v, viewer, style),
               false};
}

std::optional<Focus> RcwUi::locate(const google::protobuf::Any& any, const std::string& id) const {
  const rcw::View v = view_of(any);
  if (const auto* u = find_unit(v, id); u && u->placed() && !u->destroyed())
    return Focus{u->pos().x(), u->pos().y(), zoom_radius()};
  if (const auto* c = find_car(v, id)) return Focus{c->pos().x(), c->pos().y(), zoom_radius()};
  return std::nullopt;
}

std::vector<std::string> RcwUi::show(const google::protobuf::Any& any, const Viewer& /*viewer*/,
                                     const std::string& id) const {
  const rcw::View v = view_of(any);
  const rcw::UnitState* train = nullptr;
  if (const auto* u = find_unit(v, id)) return unit_lines(v, *u);
  if (find_car(v, id, &train) && train) return unit_lines(v, *train);
  return {"no unit \"" + id + "\" in your view (a unit hidden from you is not in it, R10); the " +
          "panel lists those you see (panel)"};
}

}  // namespace grognard::cli
