// What stands beside the Itchy & Scratchy grid: the turn, the sides with their losses, the
// roster (each unit's line begins with its map mark), objectives and victory conditions; and
// `show UNIT`, everything the view tells of one unit, and where a unit stands (`zoom UNIT`).
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "render/inch_map.h"
#include "render/itchy_ui.h"

namespace grognard::cli {

namespace {

using namespace itchy_text;
using Marks = std::map<std::string, std::string>;

}  // namespace

std::string itchy_text::phase_line(const itchy::View& v) {
  const std::string turn =
      "Turn " + std::to_string(v.turn()) + " of " + std::to_string(v.turn_limit());
  switch (v.phase()) {
    case itchy::PHASE_NOT_STARTED:
      return "Waiting for both generals to join";
    case itchy::PHASE_CHOOSE_ORDER:
      return turn + " - " + side_name(v, v.initiative_winner()) + " won the initiative";
    case itchy::PHASE_ACTIVATION:
      return turn + " - " + side_name(v, v.acting_side()) + " to act" +
             (v.active_unit().empty() ? "" : ", active unit " + v.active_unit());
    default:
      break;
  }
  std::string out = "Game over: ";
  out += v.draw() ? "a draw" : side_name(v, v.winner()) + " win";
  if (!v.end_reason().empty()) out += " (" + v.end_reason() + ")";
  return out;
}

namespace {

std::string unit_line(const itchy::View& v, const std::string& mark, const itchy::UnitView& u) {
  std::string state;
  if (u.removed())
    state = "destroyed";
  else if (u.id() == v.active_unit())
    state = "ACTIVE";
  else if (u.activated())
    state = "done";
  if (!u.removed() && u.moved()) state += " moved";
  if (!u.removed() && u.attacked()) state += " fired";
  return "  " + mark + " " + pad_to(u.id(), 6) + " " + pad_to(type_abbrev(u.type()), 5) +
         pad_to(std::to_string(u.sp()) + "/" + std::to_string(u.start_sp()) + "SP", 7) +
         pad_to(u.removed() ? "" : pos(u.pos()) + arrow(u.facing()), 9) + state;
}

// One victory condition in words (I23), e.g. "holding The wells of Abu Hamra".
std::string condition_words(const itchy::VictoryCondition& c) {
  std::string names;
  for (const auto& n : c.objectives()) names += (names.empty() ? "" : ", ") + n;
  std::string out;
  switch (c.test()) {
    case itchy::NO_UNITS_LEFT:
      out = "a side with no units left loses";
      break;
    case itchy::SIDE_EXHAUSTED:
      out = "a side exhausted alone loses";
      break;
    case itchy::OBJECTIVES_HELD:
      out = names.empty() ? "more objective points held" : "holding " + names;
      break;
    case itchy::ENEMY_SP_DESTROYED:
      out = "more enemy SP destroyed";
      break;
    case itchy::SCORE:
      out = "higher score (enemy SP destroyed + " + (names.empty() ? "objectives" : names) + ")";
      break;
    case itchy::TURN_LIMIT:
      return c.side() + " hold out to the last turn";
    default:
      return "?";
  }
  if (c.at_least() > 0) out += ", at least " + std::to_string(c.at_least());
  return c.side().empty() ? out : c.side() + " only: " + out;
}

}  // namespace

std::vector<std::string> itchy_text::roster_lines(const itchy::View& v, const Marks& marks,
                                                  const Viewer& viewer, const Style& s) {
  std::vector<std::string> lines;
  for (int side = 0; side < v.sides_size(); ++side) {
    const auto& sv = v.sides(side);
    std::string head = side_name(v, side) + (side == viewer.side ? " (you)" : "") + "  losses " +
                       std::to_string(sv.losses()) + " of EP " +
                       std::to_string(sv.exhaustion_point()) +
                       (sv.exhausted() ? "  EXHAUSTED" : "");
    lines.push_back(s.paint(head, Paint{side_colour(side), Colour::kDefault, true}));
    for (const auto& u : v.units()) {
      if (u.side() == side) lines.push_back(unit_line(v, marks.at(u.id()), u));
    }
    lines.push_back("");
  }
  for (const auto& o : v.victory().objectives()) {
    lines.push_back("@ " + o.name() + " " + pos(o.pos()) + " " + std::to_string(o.points()) +
                    " pts");
  }
  if (v.victory().conditions_size() > 0) lines.push_back("Victory, the first that names a winner:");
  for (int i = 0; i < v.victory().conditions_size(); ++i) {
    lines.push_back("  " + std::to_string(i + 1) + " " +
                    condition_words(v.victory().conditions(i)));
  }
  return lines;
}

namespace {

std::string weapon_text(itchy::Weapon w) {
  if (w == itchy::WEAPON_UNSPECIFIED) return "none (it does not attack)";
  std::string out = itchy::Weapon_Name(w);
  for (char& c : out) c = c == '_' ? ' ' : static_cast<char>(std::tolower(c));
  return out;
}

std::vector<std::string> unit_show(const itchy::View& v, const Marks& marks,
                                   const itchy::UnitView& u) {
  std::vector<std::string> out{u.id() + (u.name().empty() ? "" : " (" + u.name() + ")") + ": " +
                               type_abbrev(u.type()) + " of " + side_name(v, u.side()) +
                               (u.native() ? ", native troops" : "") + ", on the map " +
                               marks.at(u.id())};
  if (u.removed()) {
    out.push_back("  destroyed");
    return out;
  }
  out.push_back("  at " + pos(u.pos()) + " facing " + letter(u.facing()) + "; strength " +
                std::to_string(u.sp()) + " of " + std::to_string(u.start_sp()) + " SP" +
                (u.sp() < u.start_sp() ? " (worn: marked !)" : ""));
  std::string state = u.id() == v.active_unit() ? "active" : u.activated() ? "done this turn" : "";
  if (u.moved())
    state += (state.empty() ? "" : ", ") + std::string("moved ") + std::to_string(u.areas_moved()) +
             " areas";
  if (u.attacked()) state += (state.empty() ? "" : ", ") + std::string("attacked");
  out.push_back("  this turn: " + (state.empty() ? std::string("not yet activated") : state));
  out.push_back("  weapon: " + weapon_text(u.weapon()) + " (dice by range: help attack)");
  std::string with;
  for (const auto& o : v.units()) {
    if (&o != &u && !o.removed() && o.pos().x() == u.pos().x() && o.pos().y() == u.pos().y())
      with += (with.empty() ? "" : ", ") + o.id() + " (" + type_abbrev(o.type()) + ")";
  }
  if (!with.empty()) out.push_back("  in the same area: " + with);
  return out;
}

}  // namespace

std::optional<Focus> ItchyUi::locate(const google::protobuf::Any& any,
                                     const std::string& id) const {
  const itchy::View v = view_of(any);
  const auto* u = find_unit(v, id);
  if (!u || u->removed()) return std::nullopt;
  return Focus{static_cast<double>(u->pos().x()), static_cast<double>(u->pos().y()), zoom_radius()};
}

std::vector<std::string> ItchyUi::show(const google::protobuf::Any& any, const Viewer& /*viewer*/,
                                       const std::string& id) const {
  const itchy::View v = view_of(any);
  if (const auto* u = find_unit(v, id)) return unit_show(v, itchy_marks(v), *u);
  return {"no unit \"" + id + "\"; the panel lists them (panel)"};
}

}  // namespace grognard::cli
