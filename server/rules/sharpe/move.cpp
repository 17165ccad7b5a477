// Movement: straight segments, walls and openings (S14, S27), crawling and standing (S11), the
// 10" leash (S2), and moving into base contact (S5).
#include <algorithm>
#include <cmath>

#include "rules/sharpe/clauses.h"
#include "rules/sharpe/internal.h"

namespace grognard::sharpe::detail {

namespace {

// S15: a move pays for every started 2" (walking) or 1" (crawling).
int movement_cost(double inches, bool crawl, bool hurt) {
  const double units = crawl ? inches : inches / 2.0;
  const int n = static_cast<int>(std::ceil(units - engine::kTolerance));
  return std::max(n, 0) * cost(crawl ? Action::kCrawl1In : Action::kMove2In, hurt);
}

}  // namespace

// S15: the inverse of movement_cost: every whole 2" (1" crawling) the functions pay for.
double reach(const Figure& f, bool crawl) {
  const int per_unit = cost(crawl ? Action::kCrawl1In : Action::kMove2In, f.hurt());
  return (crawl ? 1.0 : 2.0) * (f.functions / per_unit);
}

namespace {

// The table's cost for each door (enter, 2) or window (climb, 2) a leg of a move passes (S14).
int openings_cost(const engine::Wall& w, const engine::Segment& seg, bool hurt) {
  int total = 0;
  for (std::size_t i : engine::openings_crossed(w, seg)) {
    const bool door = w.openings[i].kind == engine::OpeningKind::kDoor;
    total += cost(door ? Action::kEnterDoor : Action::kClimb, hurt);
  }
  return total;
}

// S27: the points where a leg meets the solid part of a free-standing wall, added to `at` (one
// list per wall, kept over the whole move): each distinct point is one climb, so a corner met by
// two sides, or a waypoint set on the wall, is climbed once. A leg may cross the wall, not walk
// along its top.
Status add_climbs(const engine::Wall& w, const engine::Segment& seg, std::vector<Point>& at) {
  for (const engine::Segment& solid : engine::solid_segments(w)) {
    const auto x = engine::intersection(seg, solid);
    if (!x) continue;
    if (!engine::same_place(x->a, x->b)) {
      return illegal(clause::kWall, "a move may climb over a wall, not run along it (S27)");
    }
    if (std::ranges::none_of(at, [&](Point p) { return engine::same_place(p, x->a); })) {
      at.push_back(x->a);
    }
  }
  return engine::ok_status();
}

// S14, S27: a leg of a move at the walls. A building wall blocks it except through its doors
// and windows; a free-standing wall (S27: not part of a building outline) is climbed where the
// leg meets it, recorded in `climbs` and paid once the whole move is known. Returns the cost of
// the openings passed.
Result<int> wall_cost(const State& s, const engine::Segment& seg, bool hurt,
                      std::vector<std::vector<Point>>& climbs) {
  int total = 0;
  for (const Building& b : s.buildings) {
    for (const engine::Wall& w : b.walls) {
      if (engine::blocks(w, seg)) {
        return illegal(clause::kWall,
                       "a building wall is in the way; go through a door or window (S14, S27)");
      }
      total += openings_cost(w, seg, hurt);
    }
  }
  for (std::size_t i = 0; i < s.walls.size(); ++i) {
    total += openings_cost(s.walls[i], seg, hurt);
    if (auto st = add_climbs(s.walls[i], seg, climbs[i]); !st) return st.error();
  }
  return total;
}

// S5: where the moving figure first touches an enemy it was not already touching.
std::optional<std::pair<Point, FigureId>> contact_on(const State& s, const Figure& f,
                                                     const engine::Segment& seg) {
  const auto r = to_inches(s.base_diameter / 2);
  std::optional<std::pair<Point, FigureId>> best;
  for (const Figure& o : s.figures) {
    if (!o.on_table() || s.groups[o.group].seat == s.groups[f.group].seat) continue;
    const engine::Circle c{o.pos, r};
    if (engine::touching(engine::Circle{seg.a, r}, c)) continue;
    auto p = engine::first_contact(seg, r, c);
    if (p && (!best || engine::distance(seg.a, *p) < engine::distance(seg.a, best->first))) {
      best = std::make_pair(*p, o.id);
    }
  }
  return best;
}

// S2: no figure ends a move more than 10" from its hero; the hero may not leave one of his
// figures more than 10" away and out of his sight.
Status check_leash(const State& s, const Figure& f, Point to) {
  const Figure* hero = hero_of(s, f);
  if (hero == nullptr || !hero->on_table()) return engine::ok_status();
  const auto reach = to_inches(kHeroReach);
  if (hero != &f) {
    if (engine::within_distance(to, hero->pos, reach)) return engine::ok_status();
    return illegal(clause::kHeroDistance,
                   f.name + " may not end more than 10\" from " + hero->name + " (S2)");
  }
  for (const Figure& o : s.figures) {
    if (&o == &f || o.group != f.group || !o.on_table()) continue;
    if (!engine::within_distance(o.pos, to, reach) && !in_sight(s, to, o.pos)) {
      return illegal(clause::kHeroDistance,
                     f.name + " would leave " + o.name + " beyond 10\" and out of sight (S2)");
    }
  }
  return engine::ok_status();
}

}  // namespace

Result<FigureMoved> plan_move(const State& s, const Move& m) {
  const Figure& f = *s.find(m.figure);
  if (m.waypoints.empty()) return illegal(clause::kMovePath, "a move needs a destination");
  if (f.prone && !m.crawl) {
    return illegal(clause::kProne, f.name + " is prone: Stand Up first or crawl (S11)");
  }
  FigureMoved out{f.id, {}, 0, m.crawl, std::nullopt};
  Point at = f.pos;
  double inches = 0;
  // S27: a figure standing on a wall (a move ended there paid its climb) gets down for nothing.
  std::vector<std::vector<Point>> climbs(s.walls.size(), std::vector<Point>{f.pos});
  for (const Point& p : m.waypoints) {
    if (p.x < 0 || p.y < 0 || p.x > s.width || p.y > s.height) {
      return illegal(clause::kMovePath, "the move leaves the table");
    }
    engine::Segment seg{at, p};
    auto contact = contact_on(s, f, seg);
    if (contact) seg.b = contact->first;
    auto walls = wall_cost(s, seg, f.hurt(), climbs);
    if (!walls) return walls.error();
    out.functions += *walls;
    inches += engine::length(seg).get();
    out.path.push_back(seg.b);
    at = seg.b;
    if (contact) {
      out.contact = contact->second;
      break;
    }
  }
  out.functions += movement_cost(inches, m.crawl, f.hurt());
  for (const std::vector<Point>& c : climbs) {
    // S27: 2 for each climb; the first point is where the figure stood.
    out.functions += static_cast<int>(c.size() - 1) * cost(Action::kClimb, f.hurt());
  }
  // S8, S11: a move or crawl covers some distance and pays for it; only such a move makes the
  // figure one that "moved" (and a crawl prone).
  if (inches <= engine::kTolerance || out.functions <= 0) {
    return illegal(
        clause::kNoDistance,
        f.name + " would go nowhere: a move or crawl must cover some distance (S8, S11)");
  }
  if (auto st = can_spend(f, out.functions); !st) return st.error();
  if (auto st = check_leash(s, f, at); !st) return st.error();
  return out;
}

Result<std::vector<Event>> decide_move(const State& s, const Move& m, Dice& dice) {
  auto moved = plan_move(s, m);
  if (!moved) return moved.error();
  Emitter e{s, {}};
  const auto contact = moved->contact;
  e.emit(std::move(*moved));
  if (contact) fight(e, m.figure, *contact, dice);  // S5: a round on contact, no cost
  return std::move(e.out);
}

Result<std::vector<Event>> decide_stand_up(const State& s, const StandUp& c) {
  const Figure& f = *s.find(c.figure);
  if (!f.prone) return illegal(clause::kStandUp, f.name + " is not prone");
  const int n = cost(Action::kStandUp, f.hurt());
  if (auto st = can_spend(f, n); !st) return st.error();
  return std::vector<Event>{FunctionsSpent{f.id, Action::kStandUp, n, std::nullopt, false}};
}

}  // namespace grognard::sharpe::detail
