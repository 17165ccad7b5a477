// Previews (docs/rules/rcw.md, "Previews"): where a move is ordered to end and what of its
// allowance it spends. Nothing here reads a unit the seat does not see (R20).
#include <algorithm>

#include "rules/rcw/flow.h"

namespace grognard::rcw {

namespace {

std::string num(double v) {
  return engine::hundredths(v);
}

// §4a, R12, R15: the order's end, facing and cost, from the mover's own place and the terrain.
// The facing is read as the player gave it, on the table as drawn (engine::mirrored_bearing).
std::vector<std::string> move_notes(const State& s, const MoveOrder& m) {
  if (!s.active || m.rail_at) return {};
  const Unit& u = s.units[s.active->unit];
  const Point end = m.waypoints.empty() ? u.pos : m.waypoints.back();
  const double cost = detail::move_cost(s, u, m.waypoints);
  return {u.name + " is ordered to " + num(end.x) + "," + num(end.y) + " facing " +
              num(engine::mirrored_bearing(m.facing).get()) + ": " + num(cost) + "\" of its " +
              num(stats(u.type).move) + "\" allowance (§4a, R12)",
          "a hidden enemy it comes within 3\" of stops it there (R17): the move's events are not "
          "previewed"};
}

// R14, R29: how a previewed command would end the game, without the points (R20).
std::string end_note(const State& s, const Command& c, const GameEnded& g) {
  const std::string counted = "the points are counted when it ends, with every unit revealed (R20)";
  if (std::holds_alternative<Concede>(c) && g.winner) {
    return "this concedes the game: " + detail::side_name(s, *g.winner) + " win (R14); " + counted;
  }
  return "this ends the game (" + g.reason + "); " + counted;
}

}  // namespace

engine::Advice advise(const State& s, const std::string& seat, const Command& c,
                      const std::vector<Event>& events) {
  engine::Advice out;
  if (const auto* m = std::get_if<MoveOrder>(&c)) {
    out.notes = move_notes(s, *m);
    return out;  // R17: shown stays 0
  }
  if (std::holds_alternative<ConfirmDeployment>(c)) return out;  // R19: shown stays 0
  const auto side = side_of_seat(seat);
  out.shown = events.size();
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (const auto* g = std::get_if<GameEnded>(&events[i])) {
      // R20, R29: the points, and with them the winner at the turn limit, count the objectives
      // that concealed units hold: a preview never shows them, only that the game would end.
      out.shown = std::min(out.shown, i);
      out.notes.push_back(end_note(s, c, *g));
      break;
    }
    const auto* r = std::get_if<UnitsRevealed>(&events[i]);
    if (r == nullptr) continue;
    for (const Unit& u : r->units) {
      if (!side || u.side != *side) out.shown = std::min(out.shown, i);
    }
  }
  return out;
}

}  // namespace grognard::rcw
