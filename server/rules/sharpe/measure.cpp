// Measuring before acting (docs/protocol.md, "Measuring"): the distance, each weapon's range
// (S7, S8) or a gun's canister band and ball (S9), sight (S14) and cover (S14, S11) between
// figures, guns or points, from the rules that decide fire.
#include "rules/sharpe/internal.h"

namespace grognard::sharpe {

namespace {

using engine::Inches;

// A figure on the table, a gun, or a point on the table.
struct Thing {
  Point pos;
  const Figure* figure = nullptr;
  const Gun* gun = nullptr;
};

Result<Thing> thing(const State& s, std::string_view name) {
  const Figure* f = s.find(FigureId{std::string(name)});
  if (f != nullptr && f->on_table()) return Thing{f->pos, f, nullptr};
  if (const Gun* g = s.gun(std::string(name))) return Thing{g->pos, nullptr, g};
  const auto p = engine::parse_point(name);
  if (!p) return engine::nothing_named(name, "x,y");
  if (p->x < 0 || p->y < 0 || p->x > s.width || p->y > s.height) {
    return detail::error(engine::ErrorCode::kInvalidArgument, "",
                         "the point " + std::string(name) + " is off the table (" +
                             engine::inches_text(Inches{s.width}) + " by " +
                             engine::inches_text(Inches{s.height}) + ")");
  }
  return Thing{*p, nullptr, nullptr};
}

// S7: the least D20 face that hits at `range` before modifiers (a bare 20 always hits).
int face_needed(WeaponKind w, Inches range) {
  for (int face = 2; face < 20; ++face) {
    if (Inches{static_cast<double>(scaled_face(w, face))} > range) return face;
  }
  return 20;
}

// One weapon of `f` against a thing `range` away: "musket: in range (reaches 20"), hits on 18+
// before modifiers"; "pistol: out of range (reaches 10")"; blades by contact (S5).
std::string weapon_range(const State& s, const Figure& f, const Weapon& w, Inches range,
                         const Thing& to) {
  std::string out(to_string(w.kind));
  if (!is_missile(w.kind)) {  // S5: swords and bayonets fight hand to hand
    const bool contact = to.figure != nullptr && detail::in_contact(s, f, *to.figure);
    return out + ": hand to hand only (" + (contact ? "in contact" : "not in contact") + ", S5)";
  }
  const Inches reach = max_range(w.kind);  // §Fire Combat ranges, S8 for thrown weapons
  if (engine::beyond(range, reach)) {
    return out + ": out of range (reaches " + engine::inches_text(reach) + ", S7)";
  }
  out += ": in range (reaches " + engine::inches_text(reach) + "), hits on " +
         std::to_string(face_needed(w.kind, range)) + "+ before modifiers (S7)";
  if (w.out_of_action) return out + ", out of action";
  if (!w.loaded) return out + ", not loaded";
  return out;
}

// S9: the canister band `to` falls in with the gun aimed at it, and ball to 100".
std::vector<std::string> gun_ranges(const Gun& g, Point to) {
  const auto bands = canister_bands(g.type);
  const auto band = engine::canister_band(g.pos, engine::bearing(g.pos, to), bands, to);
  const std::string unloaded = g.loaded ? "" : ", not loaded";
  std::string canister = band ? "canister: band " + std::to_string(*band + 1) + " of " +
                                    std::to_string(bands.size()) + ", hits on " +
                                    std::to_string(canister_to_hit(*band)) + " or less on a d6 (S9)"
                              : "canister: out of range (reaches " +
                                    engine::inches_text(bands.back().max_distance) + ", S9)";
  const Inches reach{kBallRange};
  std::string ball =
      engine::beyond(engine::distance(g.pos, to), reach)
          ? "ball: out of range (reaches " + engine::inches_text(reach) + ", S9)"
          : "ball: in range (reaches " + engine::inches_text(reach) + "), hits on a 1 (S9)";
  return {canister + unloaded, ball + unloaded};
}

}  // namespace

Result<engine::Measurement> measure(const State& s, std::string_view from_name,
                                    std::string_view to_name) {
  auto from = thing(s, from_name);
  if (!from) return from.error();
  auto to = thing(s, to_name);
  if (!to) return to.error();
  engine::Measurement m;
  const Inches range = engine::distance(from->pos, to->pos);
  m.value = range.get();
  m.distance = engine::inches_text(range);
  const auto blocked = detail::sight_blocker(s, from->pos, to->pos);  // S14
  m.line_of_sight = blocked ? "blocked by " + *blocked + " (S14)" : "clear";
  Figure at_point;
  at_point.pos = to->pos;
  m.cover = detail::cover_of(s, from->pos, to->figure ? *to->figure : at_point).value_or("");
  if (from->figure) {
    for (const Weapon& w : from->figure->weapons) {
      m.ranges.push_back(weapon_range(s, *from->figure, w, range, *to));
    }
  }
  if (from->gun) m.ranges = gun_ranges(*from->gun, to->pos);
  return m;
}

}  // namespace grognard::sharpe
