// Measuring before acting (docs/protocol.md, "Measuring"): the distance, each firer's range
// (§1, R3, R13), the line of fire (§10, R11, R26) and the target's class (R12) between units,
// train cars or points, as one viewer sees them (R20). The rules that decide a shot decide it.
#include "rules/rcw/combat.h"

namespace grognard::rcw {

namespace {

using engine::Inches;

// A unit or car `who` sees on the table, or a point.
struct Thing {
  Point pos;
  std::optional<std::size_t> unit;  // index into State::units (the train, for a car)
  std::optional<std::size_t> car;
};

Result<Thing> thing(const State& s, const Sight& who, std::string_view name) {
  const UnitId id{std::string(name)};
  if (auto i = s.index_of(id)) {  // R20: a unit `who` does not see is not there for him
    const Unit& u = s.units[*i];
    if (u.on_table() && sees(s, who, u)) return Thing{u.pos, *i, std::nullopt};
  } else if (auto t = detail::find_target(s, id); t && t->car && sees(s, who, s.units[t->unit])) {
    return Thing{t->pos, t->unit, t->car};
  }
  const auto p = engine::parse_point(name);
  if (!p || s.index_of(id) || s.find_car(id)) return engine::nothing_named(name, "x,y");
  if (p->x < 0 || p->y < 0 || p->x > s.width || p->y > s.height) {
    return engine::Error{engine::ErrorCode::kInvalidArgument, "",
                         "the point " + std::string(name) + " is off the table (" +
                             engine::inches_text(Inches{s.width}) + " by " +
                             engine::inches_text(Inches{s.height}) + ")"};
  }
  return Thing{*p, std::nullopt, std::nullopt};
}

// The ids a line of fire leaves out for a thing: itself (a car, and its train: R41).
std::vector<UnitId> own_ids(const State& s, const Thing& t) {
  if (!t.unit) return {};
  const Unit& u = s.units[*t.unit];
  if (t.car) return {u.id, u.cars[*t.car].id};
  return {u.id};
}

// §1: one firer's range: "infantry: in range, 2 dice (reaches 12")"; R3, R11: out of its front
// arc; R13: each car of a train fires as its armament.
std::string firer_range(const std::string& what, const UnitStats& v, Inches range,
                        std::optional<std::pair<Point, Degrees>> arc, Point to) {
  if (v.range <= 0 || v.shoot_dice <= 0) return what + ": does not shoot (§1)";
  const Inches reach{v.range};
  if (engine::beyond(range, reach)) {
    return what + ": out of range (reaches " + engine::inches_text(reach) + ", §1)";
  }
  std::string out = what + ": in range, " + std::to_string(v.shoot_dice) +
                    (v.shoot_dice == 1 ? " die" : " dice") + " (reaches " +
                    engine::inches_text(reach) + ", §1)";
  if (arc && !engine::in_front_arc(arc->first, arc->second, to)) {
    out += ", not in its front arc (R3, R11)";
  }
  return out;
}

std::vector<std::string> ranges_of(const State& s, const Thing& from, Point to) {
  std::vector<std::string> out;
  if (!from.unit) return out;
  const Unit& u = s.units[*from.unit];
  if (u.type != UnitType::kTrain) {
    out.push_back(firer_range(std::string(to_string(u.type)), stats(u.type),
                              engine::distance(u.pos, to), std::pair{u.pos, u.facing}, to));
    return out;
  }
  for (std::size_t i = 0; i < u.cars.size(); ++i) {  // R13, R23: turrets fire all round
    const Car& c = u.cars[i];
    if (c.destroyed || (from.car && *from.car != i)) continue;
    out.push_back(firer_range(c.name + " (" + std::string(to_string(c.armament)) + ")",
                              car_stats(c.armament), engine::distance(c.pos, to), std::nullopt,
                              to));
  }
  return out;
}

}  // namespace

Result<engine::Measurement> measure(const State& s, const Sight& who, std::string_view from_name,
                                    std::string_view to_name) {
  auto from = thing(s, who, from_name);
  if (!from) return from.error();
  auto to = thing(s, who, to_name);
  if (!to) return to.error();
  engine::Measurement m;
  const Inches range = engine::distance(from->pos, to->pos);
  m.value = range.get();
  m.distance = engine::inches_text(range);
  std::vector<UnitId> except = own_ids(s, *from);
  for (UnitId& id : own_ids(s, *to)) except.push_back(std::move(id));
  const auto blocked = detail::line_blocker(s, who, from->pos, to->pos, except);
  m.line_of_sight = blocked ? "blocked by " + *blocked + " (§10, R11)" : "clear";
  if (to->unit) {  // R12: the class the target counts as (R13: every car is armoured)
    const Cover c = detail::cover_of(s, s.units[*to->unit]);
    if (c != Cover::kOpen) {
      m.cover = std::string(to_string(c)) + " (hit on " + std::to_string(to_hit(c)) + "+, R12)";
    }
  }
  m.ranges = ranges_of(s, *from, to->pos);
  return m;
}

}  // namespace grognard::rcw
