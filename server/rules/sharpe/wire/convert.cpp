#include "rules/sharpe/wire/convert.h"

#include <utility>

namespace grognard::sharpe::wire {

void set_wall(pb::Wall* out, const engine::Wall& w) {
  for (Point p : w.path) set_point(out->add_path(), p);
  for (const engine::Opening& o : w.openings) {
    pb::Opening* po = out->add_openings();
    po->set_from(o.from.get());
    po->set_to(o.to.get());
    po->set_kind(pb_enum<pb::OpeningKind>(o.kind));
  }
}

Result<engine::Wall> wall_from(const pb::Wall& w) {
  engine::Wall out;
  for (const grognard::v1::Point& p : w.path()) out.path.push_back(point_from(p));
  for (const pb::Opening& o : w.openings()) {
    auto kind = native_enum<engine::OpeningKind>(o.kind(), 2, "opening kind");
    if (!kind) return kind.error();
    out.openings.push_back(engine::Opening{Inches(o.from()), Inches(o.to()), *kind});
  }
  return out;
}

void set_building(pb::Building* out, const Building& b) {
  out->set_name(b.name);
  set_polygon(out->mutable_floor(), b.floor);
  for (const engine::Wall& w : b.walls) set_wall(out->add_walls(), w);
}

Result<Building> building_from(const pb::Building& b) {
  Building out;
  out.name = b.name();
  out.floor = polygon_from(b.floor());
  for (const pb::Wall& w : b.walls()) {
    auto wall = wall_from(w);
    if (!wall) return invalid("building \"" + b.name() + "\": " + wall.error().message);
    out.walls.push_back(std::move(wall).value());
  }
  return out;
}

void set_gun(pb::Gun* out, const Gun& g) {
  out->set_id(g.id);
  out->set_type(pb_enum<pb::GunType>(g.type));
  set_point(out->mutable_pos(), g.pos);
  out->set_aim(wire_bearing(g.aim));
  out->set_group(g.group);
  out->set_unloaded(!g.loaded);
  out->set_load_spent(g.load_spent);
}

Result<Gun> gun_from(const pb::Gun& g) {
  auto type = native_enum<GunType>(g.type(), 2, "gun \"" + g.id() + "\" type");
  if (!type) return type.error();
  if (g.load_spent() < 0 || g.load_spent() >= base_cost(Action::kLoadCannon)) {
    return invalid("gun \"" + g.id() + "\" load_spent must be 0-15");
  }
  Gun out;
  out.id = g.id();
  out.type = *type;
  out.pos = point_from(g.pos());
  out.aim = engine_bearing(g.aim());
  out.group = g.group();
  out.loaded = !g.unloaded();
  out.load_spent = g.unloaded() ? g.load_spent() : 0;
  return out;
}

void set_weapon(pb::Weapon* out, const Weapon& w) {
  out->set_kind(pb_enum<pb::WeaponKind>(w.kind));
  out->set_unloaded(!w.loaded);
  out->set_out_of_action(w.out_of_action);
  out->set_load_spent(w.load_spent);
}

Result<Weapon> weapon_from(const pb::Weapon& w) {
  auto kind = native_enum<WeaponKind>(w.kind(), 6, "weapon kind");
  if (!kind) return kind.error();
  return Weapon{*kind, !w.unloaded(), w.out_of_action(), w.load_spent()};
}

void set_qualities(pb::Qualities* out, const Qualities& q) {
  out->set_officer(q.officer);
  out->set_elite(q.elite);
  out->set_mounted(q.mounted);
}

Qualities qualities_from(const pb::Qualities& q) {
  return Qualities{q.officer(), q.elite(), q.mounted()};
}

void set_figure(pb::Figure* out, const ScenarioFigure& f) {
  out->set_id(f.id.get());
  out->set_name(f.name);
  set_point(out->mutable_pos(), f.pos);
  for (const Weapon& w : f.weapons) set_weapon(out->add_weapons(), w);
  set_qualities(out->mutable_qualities(), f.qualities);
}

Result<ScenarioFigure> figure_from(const pb::Figure& f) {
  ScenarioFigure out;
  out.id = FigureId(f.id());
  out.name = f.name();
  out.pos = point_from(f.pos());
  for (const pb::Weapon& w : f.weapons()) {
    auto weapon = weapon_from(w);
    if (!weapon) return invalid("figure \"" + f.id() + "\": " + weapon.error().message);
    out.weapons.push_back(*weapon);
  }
  out.qualities = qualities_from(f.qualities());
  return out;
}

void set_event_card(pb::EventCard* out, const EventCard& c) {
  out->set_name(c.name);
  out->set_effect(pb_enum<pb::CardEffect>(c.effect));
  out->set_amount(c.amount);
}

Result<EventCard> event_card_from(const pb::EventCard& c) {
  auto effect = native_enum<CardEffect>(c.effect(), 6, "card effect");
  if (!effect) return effect.error();
  return EventCard{c.name(), *effect, c.amount()};
}

void set_card(pb::Card* out, const Card& c) {
  out->set_kind(pb_enum<pb::CardKind>(c.kind));
  out->set_group(c.group);
  set_event_card(out->mutable_event(), c.event);
}

Result<Card> card_from(const pb::Card& c) {
  auto kind = native_enum<CardKind>(c.kind(), 3, "card kind");
  if (!kind) return kind.error();
  Card out{*kind, c.group(), {}};
  if (*kind == CardKind::kEvent || c.has_event()) {
    auto event = event_card_from(c.event());
    if (!event) return event.error();
    out.event = *event;
  }
  return out;
}

}  // namespace grognard::sharpe::wire
