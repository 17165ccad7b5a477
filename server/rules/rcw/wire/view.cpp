// sight_of, to_view and view_of (codec.h): what one viewer may see (R20). Which units a viewer
// sees is decided by the rules alone (rcw::sees, rcw::redact, rcw::seen_by); this file only
// writes down what they leave him.
#include "rules/rcw/internal.h"
#include "rules/rcw/wire/codec.h"

namespace grognard::rcw::wire {

Sight sight_of(const State& state, const engine::Viewer& viewer) {
  Sight out;
  if (viewer.role == engine::Role::kGeneral) out.side = side_of_seat(viewer.seat);
  out.all = viewer.game_over || state.phase == Phase::kOver;
  return out;
}

pb::View to_view(const State& s, const engine::Viewer& viewer) {
  const Sight sight = sight_of(s, viewer);
  const State seen = seen_by(s, sight);
  pb::View out;
  out.set_scenario_name(s.scenario_name);
  out.set_description(s.description);
  out.set_width(s.width);
  out.set_height(s.height);
  for (const SideInfo& side : seen.sides) set_side(out.add_sides(), side);  // R54
  out.set_first_side(s.first_side);
  out.set_turns(s.turns);
  out.set_victory(s.victory);
  for (const TerrainPiece& t : s.terrain) set_terrain(out.add_terrain(), t);
  for (const Line& l : s.roads) set_line(out.add_roads(), l);
  for (const Line& l : s.rails) set_line(out.add_rails(), l);
  for (const Zone& z : s.zones) set_zone(out.add_zones(), z);
  for (const Objective& o : s.objectives) set_objective(out.add_objectives(), o);
  out.set_phase(pb_enum<pb::Phase>(s.phase));
  out.set_turn(s.turn);
  out.set_side(s.side);
  if (sight.side) out.set_viewer_side(*sight.side);
  for (const Unit& u : seen.units) {
    pb::UnitState* pu = out.add_units();
    set_unit(pu, u);
    pu->set_mark(u.mark);
    // R12, R32: the class it counts as where it stands.
    if (u.on_table()) pu->set_cover(pb_enum<pb::Cover>(detail::cover_of(seen, u)));
  }
  // The open activation, only to a viewer who sees its unit (R20).
  if (s.active && s.active->unit < s.units.size() && sees(s, sight, s.units[s.active->unit])) {
    const Activation& a = *s.active;
    pb::ActivationView* pa = out.mutable_active();
    pa->set_unit(s.units[a.unit].id.get());
    pa->set_first(pb_enum<pb::ActionKind>(a.actions[0]));
    pa->set_second(pb_enum<pb::ActionKind>(a.actions[1]));
    pa->set_next(a.next);
    pa->set_command_thrown(a.command_thrown);
    pa->set_command_failed(a.command_failed);
    pa->set_rally_failed(a.rally_failed);
  }
  for (bool c : s.confirmed) out.add_confirmed(c);
  for (int p : s.destroyed_points) out.add_points(p);
  out.set_over(s.phase == Phase::kOver);
  out.set_result(s.result);
  out.set_end_reason(s.end_reason);
  if (s.winner) out.set_winner(*s.winner);
  return out;
}

pb::Event view_of(const State& before, const Event& event, const engine::Viewer& viewer) {
  const std::optional<Event> seen = redact(before, event, sight_of(before, viewer));
  if (!seen) {
    pb::Event out;
    out.mutable_hidden();  // R20: the placeholder keeps the sequence contiguous
    return out;
  }
  return to_pb(*seen);
}

}  // namespace grognard::rcw::wire
