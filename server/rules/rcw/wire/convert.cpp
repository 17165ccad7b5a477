#include "rules/rcw/wire/convert.h"

#include <utility>

namespace grognard::rcw::wire {

std::optional<UnitId> maybe_id(const std::string& id) {
  if (id.empty()) return std::nullopt;
  return UnitId(id);
}

void set_terrain(pb::TerrainPiece* out, const TerrainPiece& t) {
  out->set_name(t.name);
  out->set_kind(pb_enum<pb::TerrainKind>(t.kind));
  set_polygon(out->mutable_area(), t.area);
}

Result<TerrainPiece> terrain_from(const pb::TerrainPiece& t) {
  auto kind = native_enum<TerrainKind>(t.kind(), kTerrainKinds, "terrain kind");
  if (!kind) return kind.error();
  return TerrainPiece{t.name(), *kind, polygon_from(t.area())};
}

void set_line(pb::Line* out, const Line& l) {
  out->set_name(l.name);
  for (Point p : l.path) set_point(out->add_path(), p);
}

Line line_from(const pb::Line& l) {
  Line out{l.name(), {}};
  for (const grognard::v1::Point& p : l.path()) out.path.push_back(point_from(p));
  return out;
}

void set_zone(pb::Zone* out, const Zone& z) {
  out->set_side(z.side);
  out->set_name(z.name);
  set_polygon(out->mutable_area(), z.area);
}

void set_objective(pb::Objective* out, const Objective& o) {
  out->set_name(o.name);
  set_point(out->mutable_pos(), o.pos);
  out->set_radius(o.radius);
  out->set_points(o.points);
}

void set_side(pb::Side* out, const SideInfo& s) {
  out->set_name(s.name);
  out->set_briefing(s.briefing);
}

void set_unit(pb::UnitState* out, const Unit& u) {
  out->set_id(u.id.get());
  out->set_name(u.name);
  out->set_side(u.side);
  out->set_type(pb_enum<pb::UnitType>(u.type));
  out->set_training(pb_enum<pb::Training>(u.training));
  out->set_gun(u.gun);
  out->set_radius(u.radius);
  out->set_points(u.points);
  set_point(out->mutable_pos(), u.pos);
  out->set_facing(wire_bearing(u.facing));
  out->set_fixed(u.fixed);
  out->set_placed(u.placed);
  out->set_limbered(u.limbered);
  out->set_dug_in(u.dug_in);
  out->set_pinned(u.pinned);
  out->set_destroyed(u.destroyed);
  out->set_concealed(u.concealed);
  out->set_unspotted(u.unspotted);
  out->set_activated(u.activated);
  for (const Car& c : u.cars) {
    pb::CarState* pc = out->add_cars();
    pc->set_id(c.id.get());
    pc->set_name(c.name);
    pc->set_armament(pb_enum<pb::CarArmament>(c.armament));
    set_point(pc->mutable_pos(), c.pos);
    pc->set_pinned(c.pinned);
    pc->set_destroyed(c.destroyed);
  }
  out->set_rail(static_cast<std::uint32_t>(u.rail));
  out->set_rail_at(u.rail_at);
  out->set_reversed(u.reversed);
}

Result<Unit> unit_from(const pb::UnitState& u) {
  if (u.id().empty()) return invalid("a unit has no id");
  const std::string label = "unit \"" + u.id() + "\"";
  auto type = native_enum<UnitType>(u.type(), kUnitTypes, label + " type");
  if (!type) return type.error();
  auto training = native_enum<Training>(u.training(), kTrainings, label + " training");
  if (!training) return training.error();
  if (u.side() < 0 || u.side() >= kSides) return invalid(label + " has no side 0 or 1");
  Unit out;
  out.id = UnitId(u.id());
  out.name = u.name();
  out.side = u.side();
  out.type = *type;
  out.training = *training;
  out.gun = u.gun();
  out.radius = u.radius();
  out.points = u.points();
  out.pos = point_from(u.pos());
  out.facing = engine_bearing(u.facing());
  out.fixed = u.fixed();
  out.placed = u.placed();
  out.limbered = u.limbered();
  out.dug_in = u.dug_in();
  out.pinned = u.pinned();
  out.destroyed = u.destroyed();
  out.concealed = u.concealed();
  out.unspotted = u.unspotted();
  out.activated = u.activated();
  for (const pb::CarState& c : u.cars()) {
    if (c.id().empty()) return invalid(label + " has a car with no id");
    auto armament =
        native_enum<CarArmament>(c.armament(), kArmaments, "car \"" + c.id() + "\" armament");
    if (!armament) return armament.error();
    out.cars.push_back(
        Car{UnitId(c.id()), c.name(), *armament, point_from(c.pos()), c.pinned(), c.destroyed()});
  }
  out.rail = u.rail();
  out.rail_at = u.rail_at();
  out.reversed = u.reversed();
  return out;
}

void set_save(pb::Save* out, const Save& s) {
  set_roll(out->mutable_roll(), s.roll);
  set_parts(out->mutable_parts(), s.parts);
  out->set_total(s.total);
  out->set_saved(s.saved);
}

Save Reader::save(const pb::Save& s) {
  return Save{roll(s.roll()), parts_from(s.parts()), s.total(), s.saved()};
}

std::vector<Save> Reader::saves(const google::protobuf::RepeatedPtrField<pb::Save>& ss) {
  std::vector<Save> out;
  for (const pb::Save& s : ss) out.push_back(save(s));
  return out;
}

}  // namespace grognard::rcw::wire
