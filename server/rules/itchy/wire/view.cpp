// to_view (declared in codec.h): the whole state on the wire.
#include <utility>

#include "rules/itchy/wire/codec.h"
#include "rules/itchy/wire/enums.h"

namespace grognard::itchy::wire {
namespace {

void set_pos(pb::Pos* out, GridPos p) {
  out->set_x(p.x);
  out->set_y(p.y);
}

void fill_unit(pb::UnitView* out, const Unit& u) {
  out->set_id(u.id.get());
  out->set_name(u.name);
  out->set_side(u.side);
  out->set_type(to_pb(u.type));
  out->set_weapon(to_pb(u.weapon));
  out->set_start_sp(u.start_sp);
  out->set_sp(u.sp);
  set_pos(out->mutable_pos(), u.pos);
  out->set_facing(to_pb(u.facing));
  out->set_removed(u.removed);
  out->set_activated(u.activated);
  out->set_moved(u.moved);
  out->set_areas_moved(u.areas_moved);
  out->set_attacked(u.attacked);
  out->set_native(u.native);
}

void fill_side(pb::SideView* out, const SideState& s) {
  out->set_name(s.name);
  out->set_start_sp(s.start_sp);
  out->set_exhaustion_point(s.exhaustion_point);
  out->set_losses(s.losses);
  out->set_exhausted(s.exhausted);
}

}  // namespace

pb::View to_view(const State& state) {
  pb::View out;
  to_view(state, out);
  return out;
}

void to_view(const State& state, pb::View& out) {
  out.set_scenario_name(state.scenario_name);
  out.set_width(state.size.width);
  out.set_height(state.size.height);
  for (Terrain t : state.terrain) out.add_terrain(to_pb(t));
  for (const SideState& s : state.sides) fill_side(out.add_sides(), s);
  for (const Unit& u : state.units) fill_unit(out.add_units(), u);
  pb::Victory* victory = out.mutable_victory();
  victory->set_description(state.victory.description);
  for (const Objective& o : state.victory.objectives) {
    pb::Objective* po = victory->add_objectives();
    po->set_name(o.name);
    set_pos(po->mutable_pos(), o.pos);
    po->set_points(o.points);
  }
  for (const VictoryCondition& c : state.victory.conditions) {  // I23: those in force
    pb::VictoryCondition* pc = victory->add_conditions();
    pc->set_test(to_pb(c.test));
    for (const std::string& name : c.objectives) pc->add_objectives(name);
    if (c.side >= 0) pc->set_side(state.sides[static_cast<std::size_t>(c.side)].name);
    pc->set_at_least(c.at_least);
  }
  out.set_turn_limit(state.turn_limit);
  out.set_turn(state.turn);
  out.set_phase(to_pb(state.phase));
  out.set_initiative_winner(state.initiative_winner);
  out.set_first_side(state.first_side);
  out.set_acting_side(state.acting_side);
  if (state.active && *state.active < state.units.size()) {
    out.set_active_unit(state.units[*state.active].id.get());
  }
  const bool over = state.phase == Phase::kOver;
  out.set_over(over);
  out.set_draw(over && !state.winner.has_value());
  out.set_winner(state.winner.value_or(-1));  // -1: no winner (yet)
  out.set_end_reason(state.end_reason);
  for (int s : state.score) out.add_score(s);
}

}  // namespace grognard::itchy::wire
