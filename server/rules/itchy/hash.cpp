// The state hash: SHA-256 over a canonical encoding in fixed field order.
#include "engine/canonical.h"
#include "rules/itchy/rules.h"

namespace grognard::itchy {

engine::StateHash hash(const State& s) {
  engine::CanonicalWriter w;
  w.tag("itchy/1").str(s.scenario_name).i32(s.size.width).i32(s.size.height);
  w.tag("terrain");
  for (Terrain t : s.terrain) w.u8(static_cast<std::uint8_t>(t));
  w.tag("sides");
  for (const SideState& side : s.sides) {
    w.str(side.name).i32(side.start_sp).i32(side.exhaustion_point).i32(side.losses);
    w.boolean(side.exhausted);
  }
  w.tag("units").u32(static_cast<std::uint32_t>(s.units.size()));
  for (const Unit& u : s.units) {
    w.str(u.id.get()).str(u.name).i32(u.side).u8(static_cast<std::uint8_t>(u.type));
    w.u8(static_cast<std::uint8_t>(u.weapon)).boolean(u.native).i32(u.start_sp).i32(u.sp);
    w.i32(u.pos.x).i32(u.pos.y).u8(static_cast<std::uint8_t>(u.facing));
    w.boolean(u.removed).boolean(u.activated).boolean(u.moved).i32(u.areas_moved);
    w.boolean(u.attacked);
  }
  w.tag("victory")
      .str(s.victory.description)
      .u32(static_cast<std::uint32_t>(s.victory.objectives.size()));
  for (const Objective& o : s.victory.objectives)
    w.str(o.name).i32(o.pos.x).i32(o.pos.y).i32(o.points);
  w.u32(static_cast<std::uint32_t>(s.victory.conditions.size()));
  for (const VictoryCondition& c : s.victory.conditions) {
    w.u8(static_cast<std::uint8_t>(c.test)).u32(static_cast<std::uint32_t>(c.objectives.size()));
    for (const std::string& name : c.objectives) w.str(name);
    w.i32(c.side).i32(c.at_least);
  }
  w.tag("turn").i32(s.turn_limit).i32(s.turn).u8(static_cast<std::uint8_t>(s.phase));
  w.i32(s.initiative_winner).i32(s.first_side).i32(s.acting_side).i32(s.half);
  w.boolean(s.active.has_value()).i32(s.active ? static_cast<std::int32_t>(*s.active) : -1);
  w.tag("end").boolean(s.winner.has_value()).i32(s.winner.value_or(-1)).str(s.end_reason);
  w.i32(s.score[0]).i32(s.score[1]);
  return engine::sha256(w.bytes());
}

}  // namespace grognard::itchy
