// The state hash: SHA-256 over a canonical encoding in fixed field order. Lengths and angles
// are written as integers of 1/1024 (inch, degree) so that the encoding does not depend on the
// float format. And the public hash, over what every viewer may see (R20).
#include <cmath>

#include "engine/canonical.h"
#include "rules/rcw/rules.h"

namespace grognard::rcw {

namespace {

using engine::CanonicalWriter;

std::int32_t fixed(double v) {
  return static_cast<std::int32_t>(std::llround(v * 1024.0));
}

std::uint32_t count(std::size_t n) {
  return static_cast<std::uint32_t>(n);
}

void point(CanonicalWriter& w, Point p) {
  w.i32(fixed(p.x)).i32(fixed(p.y));
}

void points(CanonicalWriter& w, const std::vector<Point>& ps) {
  w.u32(count(ps.size()));
  for (Point p : ps) point(w, p);
}

void unit(CanonicalWriter& w, const Unit& u) {
  w.str(u.id.get()).str(u.name).i32(u.side).u8(static_cast<std::uint8_t>(u.type));
  w.u8(static_cast<std::uint8_t>(u.training)).boolean(u.gun).i32(fixed(u.radius)).i32(u.points);
  point(w, u.pos);
  w.i32(fixed(u.facing.get())).boolean(u.fixed).boolean(u.placed).boolean(u.limbered);
  w.boolean(u.dug_in).boolean(u.pinned).boolean(u.destroyed).boolean(u.concealed);
  w.boolean(u.unspotted).boolean(u.activated).u32(count(u.cars.size()));
  for (const Car& c : u.cars) {
    w.str(c.id.get()).str(c.name).u8(static_cast<std::uint8_t>(c.armament));
    point(w, c.pos);
    w.boolean(c.pinned).boolean(c.destroyed);
  }
  w.u32(count(u.rail)).i32(fixed(u.rail_at)).boolean(u.reversed);
}

void lines(CanonicalWriter& w, const std::vector<Line>& ls) {
  w.u32(count(ls.size()));
  for (const Line& l : ls) {
    w.str(l.name);
    points(w, l.path);
  }
}

void table(CanonicalWriter& w, const State& s) {
  w.tag("terrain").u32(count(s.terrain.size()));
  for (const TerrainPiece& t : s.terrain) {
    w.str(t.name).u8(static_cast<std::uint8_t>(t.kind));
    points(w, t.area.vertices);
  }
  w.tag("roads");
  lines(w, s.roads);
  w.tag("rails");
  lines(w, s.rails);
  w.tag("zones").u32(count(s.zones.size()));
  for (const Zone& z : s.zones) {
    w.i32(z.side).str(z.name);
    points(w, z.area.vertices);
  }
  w.tag("objectives").u32(count(s.objectives.size()));
  for (const Objective& o : s.objectives) {
    w.str(o.name);
    point(w, o.pos);
    w.i32(fixed(o.radius)).i32(o.points);
  }
}

}  // namespace

engine::StateHash full_hash(const State& s) {
  CanonicalWriter w;
  w.tag("rcw/1").str(s.scenario_name).str(s.description).i32(fixed(s.width));
  w.i32(fixed(s.height));
  w.tag("sides");
  for (const SideInfo& side : s.sides) w.str(side.name).str(side.briefing);
  w.i32(s.first_side).i32(s.turns).str(s.victory);
  w.tag("units").u32(count(s.units.size()));
  for (const Unit& u : s.units) unit(w, u);
  table(w, s);
  w.tag("turn").u8(static_cast<std::uint8_t>(s.phase)).boolean(s.confirmed[0]);
  w.boolean(s.confirmed[1]).i32(s.turn).i32(s.side).boolean(s.active.has_value());
  if (s.active) {
    const Activation& a = *s.active;
    w.u32(count(a.unit)).u8(static_cast<std::uint8_t>(a.actions[0]));
    w.u8(static_cast<std::uint8_t>(a.actions[1])).i32(a.next).boolean(a.command_thrown);
    w.boolean(a.command_failed).boolean(a.rally_failed);
  }
  w.tag("end").i32(s.destroyed_points[0]).i32(s.destroyed_points[1]).str(s.result);
  w.str(s.end_reason).i32(s.winner ? *s.winner : -1);
  return engine::sha256(w.bytes());
}

engine::StateHash public_hash(const State& state) {
  // R20: every viewer receives this hash after each event. Over a concealed unit it would let
  // anyone test guesses of its place, so it covers what both sides see (all, once over).
  return full_hash(seen_by(state, Sight{std::nullopt, state.phase == Phase::kOver}));
}

}  // namespace grognard::rcw
