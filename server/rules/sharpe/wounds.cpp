// The Hit Table and wounds (S4), morale (S6, S10), running away and scatter, lost figures (S2).
#include <algorithm>
#include <cmath>

#include "rules/sharpe/internal.h"

namespace grognard::sharpe::detail {

namespace {

// S4: a second Wounded makes the figure Dying; any wound or Dying kills a Dying figure.
FigureState after_hit(FigureState now, HitResult r) {
  if (r == HitResult::kNoEffect) return now;
  if (r == HitResult::kKilled || now == FigureState::kDying) return FigureState::kKilled;
  if (r == HitResult::kWounded && now == FigureState::kUnhurt) return FigureState::kWounded;
  return FigureState::kDying;
}

// S19: how far along the straight run from `from` by `d` the figure stays on the table: the
// run stops where its own line meets the table edge, not slid along the edge.
double table_edge_stop(const State& s, Point from, engine::Vec d) {
  double t = 1.0;
  auto limit = [&](double at, double delta, double hi) {
    if (delta > 0 && at + delta > hi) t = std::min(t, (hi - at) / delta);
    if (delta < 0 && at + delta < 0) t = std::min(t, -at / delta);
  };
  limit(from.x, d.dx, s.width);
  limit(from.y, d.dy, s.height);
  return std::max(t, 0.0);
}

// S10: "stopping at any obstacle" — walls stop the run just short of them, and so does the
// table edge (S19), each where the run's own line meets it.
Point stop_at_obstacles(const State& s, Point from, Point to) {
  const engine::Segment path{from, to};
  double t_best = table_edge_stop(s, from, to - from);
  const double len = engine::length(path).get();
  for (const engine::Wall& w : s.all_walls()) {
    for (const engine::Segment& solid : engine::solid_segments(w)) {
      if (auto x = engine::intersection(path, solid)) {
        const double t = len > 0 ? engine::distance(from, x->a).get() / len : 0.0;
        t_best = std::min(t_best, std::max(0.0, t - 0.01 / std::max(len, 0.01)));
      }
    }
  }
  Point p = engine::point_at(path, t_best);
  p.x = std::clamp(p.x, 0.0, s.width);  // rounding only: t_best keeps the run on the table
  p.y = std::clamp(p.y, 0.0, s.height);
  return p;
}

// S19: nor does a running figure end on another: where its base would end overlapping or
// touching another figure's (friend or foe), it stops 0.01" short of where its line first
// touched that base, and again for any it then meets. It may pass others on the way. A figure
// it touched where it started it may still touch, not overlap (else it stays where it is).
// Bases never overlap at the end of a run, and a run never ends in a new contact.
Point stop_at_figures(const State& s, const Figure& f, Point to) {
  const auto r = to_inches(s.base_diameter / 2);
  const auto diameter = to_inches(s.base_diameter);
  for (std::size_t guard = 0; guard <= s.figures.size(); ++guard) {
    const Figure* in_way = nullptr;
    for (const Figure& o : s.figures) {
      if (&o == &f || !o.on_table()) continue;
      // One it touches already it may stay touching (it cannot have come to it), not overlap.
      const bool touched = engine::distance(f.pos, o.pos) <= diameter;
      const auto d = engine::distance(to, o.pos);
      if (touched && d < diameter) return f.pos;
      if (!touched && d <= diameter) in_way = &o;
    }
    if (in_way == nullptr) return to;
    const engine::Segment path{f.pos, to};
    const auto touch = engine::first_contact(path, r, engine::Circle{in_way->pos, r});
    const double len = engine::length(path).get();
    if (!touch || len <= 0) return f.pos;
    const double at = engine::distance(f.pos, *touch).get() - 0.01;
    if (at <= 0) return f.pos;
    to = engine::point_at(path, at / len);
  }
  return f.pos;
}

// A wall stands between two points (a door or window lets the way through).
bool wall_between(const State& s, Point a, Point b) {
  const engine::Segment way{a, b};
  for (const engine::Wall& w : s.all_walls()) {
    for (const engine::Segment& solid : engine::solid_segments(w)) {
      if (engine::intersects(way, solid)) return true;
    }
  }
  return false;
}

bool in_cover_area(const State& s, Point p) {
  for (const engine::Polygon& c : s.cover) {
    if (engine::contains(c, p)) return true;
  }
  for (const Building& b : s.buildings) {
    if (engine::contains(b.floor, p)) return true;
  }
  return false;
}

// S25: the nearest place of cover a figure at `from` can run to in a straight line: the nearest
// point of each cover area, the middle of each building's doors; none past a wall.
std::optional<Point> nearest_refuge(const State& s, Point from) {
  std::optional<Point> best;
  double best_d = 0;
  auto consider = [&](Point q) {
    const double d = engine::distance(from, q).get();
    if ((best && d >= best_d) || wall_between(s, from, q)) return;
    best = q;
    best_d = d;
  };
  for (const engine::Polygon& c : s.cover) {
    for (const engine::Segment& edge : engine::edges(c))
      consider(engine::closest_point(edge, from));
  }
  for (const Building& b : s.buildings) {
    for (const engine::Wall& w : b.walls) {
      for (std::size_t i = 0; i < w.openings.size(); ++i) {
        if (w.openings[i].kind != engine::OpeningKind::kDoor) continue;
        const auto door = engine::opening_segments(w, i);
        if (!door.empty()) consider(engine::point_at(door.front(), 0.5));
      }
    }
  }
  return best;
}

// S25: where a figure scattering toward cover makes for, or nullopt to run directly away: a
// figure in cover stays, unless an enemy is in base contact (it cannot stand its ground); one
// out of cover runs to the nearest refuge and up to half an inch past its edge, as far as its
// throw takes it; with no refuge in reach, it runs directly away.
std::optional<Point> toward_cover(const State& s, const Figure& f, int inches) {
  if (in_cover_area(s, f.pos)) {
    if (enemies_in_contact(s, f).empty()) return f.pos;
    return std::nullopt;
  }
  const auto refuge = nearest_refuge(s, f.pos);
  if (!refuge) return std::nullopt;
  const double d = engine::distance(f.pos, *refuge).get();
  const double go = std::min(static_cast<double>(inches), d + kIntoCover);
  return f.pos + engine::unit(*refuge - f.pos) * go;
}

void run(Emitter& e, const FigureId& id, Point source, int dice_count, bool to_cover, Dice& dice) {
  FigureRan r{id, dice.d6s(dice_count), {}};
  int inches = 0;
  for (const Roll& roll : r.rolls) inches += roll.face;
  const Figure& f = *e.s.find(id);
  // S10, S20: directly away from the source of the hits; S25: or toward cover.
  const auto cover = to_cover ? toward_cover(e.s, f, inches) : std::nullopt;
  const Point dest = cover ? *cover : engine::move_away(f.pos, source, to_inches(inches));
  r.to = stop_at_figures(e.s, f, stop_at_obstacles(e.s, f.pos, dest));
  e.emit(std::move(r));
}

}  // namespace

void hurt(Emitter& e, const FigureId& id, std::optional<Roll> roll, HitResult r, Dice& dice) {
  const Figure& f = *e.s.find(id);
  FigureHurt h{id, roll, r, std::nullopt, after_hit(f.state, r)};
  if (h.after == FigureState::kDying) h.dying_roll = dice.d6();  // S4: turns left
  e.emit(std::move(h));
}

// S10: hits of at least 20% of the starting figures (rounded up) in one turn: a test at once,
// once a turn; a 6 scatters the group.
void count_hit(Emitter& e, std::size_t g, Point source, Dice& dice) {
  const Group& group = e.s.groups[g];
  const int needed = (group.start_figures + 4) / 5;
  if (group.morale_tested || group.hits < needed) return;
  MoraleTested m{group.id, dice.d6(), true, "hits"};
  m.passed = m.roll.face != 6;
  e.emit(m);
  if (!m.passed) scatter(e, g, source, dice);
}

// S10: every figure runs 3D6", the hero last, directly away or toward cover as the group's
// player ordered (S25; away when the table has no cover); then S2.
void scatter(Emitter& e, std::size_t g, Point source, Dice& dice, const char* cause) {
  const bool to_cover =
      e.s.groups[g].scatter_to_cover && (!e.s.cover.empty() || !e.s.buildings.empty());
  e.emit(Scattered{e.s.groups[g].id, cause, to_cover});
  std::vector<FigureId> order;
  const auto hero = e.s.groups[g].hero;
  for (std::size_t i = 0; i < e.s.figures.size(); ++i) {
    const Figure& f = e.s.figures[i];
    if (f.group == g && f.on_table() && hero != i) order.push_back(f.id);
  }
  if (hero && e.s.figures[*hero].on_table()) order.push_back(e.s.figures[*hero].id);
  for (const FigureId& id : order) run(e, id, source, 3, to_cover, dice);
  check_lost(e, g);
}

// S6: a loser who passes runs 2D6" directly away.
void run_away(Emitter& e, const FigureId& id, Point from, Dice& dice) {
  run(e, id, from, 2, false, dice);
}

// S2: more than 10" from the hero and out of his sight: lost.
std::vector<FigureId> lost_figures(const State& s, std::size_t g) {
  const auto hero = s.groups[g].hero;
  if (!hero || !s.figures[*hero].on_table()) return {};  // S3: no hero to measure from
  const Figure& h = s.figures[*hero];
  std::vector<FigureId> lost;
  for (const Figure& f : s.figures) {
    if (f.group != g || !f.on_table() || &f == &h) continue;
    if (!engine::within_distance(f.pos, h.pos, to_inches(kHeroReach)) &&
        !in_sight(s, h.pos, f.pos)) {
      lost.push_back(f.id);
    }
  }
  return lost;
}

void check_lost(Emitter& e, std::size_t g) {
  FiguresLost lost{lost_figures(e.s, g)};
  if (!lost.figures.empty()) e.emit(std::move(lost));
}

}  // namespace grognard::sharpe::detail
