// Movement (§4a, §12, R12, R13, R15, R17, R22, R28): a Move order checked and carried out.
#include <cmath>

#include "rules/rcw/flow.h"

namespace grognard::rcw::detail {

namespace {

using engine::Circle;
using engine::Inches;

constexpr std::size_t kMaxWaypoints = 32;
// R17 for the train: its run along the line is searched in steps this long, then the first
// position within 3" of a hidden enemy is found by halving the step (to R18's tolerance).
constexpr double kTrainStep = 0.05;

bool finite(Point p) {
  return std::isfinite(p.x) && std::isfinite(p.y);
}

// Footprints of a unit: its own, or one per live car of a train.
std::vector<Circle> footprints(const State& s, std::size_t i) {
  std::vector<Circle> out;
  for (const Target& t : targets_of(s, i)) out.push_back({t.pos, Inches{t.radius}});
  return out;
}

bool overlaps(const Circle& c, const std::vector<Circle>& others) {
  for (const Circle& o : others) {
    if (engine::overlapping(c, o)) return true;
  }
  return false;
}

// The cars' footprints of `train` if its first car stood at `rail_at`.
std::vector<Circle> cars_at(const State& s, const Unit& train, double rail_at) {
  Unit t = train;
  t.rail_at = rail_at;
  place_train(s, t);
  std::vector<Circle> out;
  for (const Car& c : t.cars) {
    if (!c.destroyed) out.push_back({c.pos, Inches{t.radius}});
  }
  return out;
}

// R28: what the mover's side sees of the other units: (index, footprints).
struct Seen {
  std::size_t unit;
  bool enemy;
  std::vector<Circle> feet;
};
std::vector<Seen> seen_units(const State& s, std::size_t mover) {
  const Unit& u = s.units[mover];
  std::vector<Seen> out;
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const Unit& v = s.units[i];
    if (i == mover || !v.on_table() || !sees(s, Sight{u.side, false}, v)) continue;
    out.push_back({i, v.side != u.side, footprints(s, i)});
  }
  return out;
}

Status check_train(const State& s, std::size_t unit, const MoveOrder& m) {
  const Unit& u = s.units[unit];
  if (!m.waypoints.empty() || !m.rail_at) {
    return illegal(clause::kRails, "a train moves along its line only: give rail_at (R13)");
  }
  const double to = *m.rail_at;
  if (!std::isfinite(to)) {
    return error(ErrorCode::kInvalidArgument, clause::kMovePath, "rail_at must be a number");
  }
  if (!engine::within(Inches{std::abs(to - u.rail_at)}, Inches{kTrainMove})) {
    return illegal(clause::kMoveAllowance, "a train moves at most 18in along its line (R13)");
  }
  if (!train_fits(s, u, to)) {
    return illegal(clause::kRails, "every car must stay on the line (R13, R23)");
  }
  if (any_pinned(u)) {
    return illegal(clause::kPinned, "the train may not move while a car is pinned (R23)");
  }
  // R28: not through a unit the side sees, nor ending on one (those it starts on aside).
  const auto start = cars_at(s, u, u.rail_at);
  const double len = std::abs(to - u.rail_at);
  const int steps = static_cast<int>(std::ceil(len / 0.25));
  for (const Seen& v : seen_units(s, unit)) {
    bool at_start = false;
    for (const Circle& c : start) at_start = at_start || overlaps(c, v.feet);
    if (at_start) continue;
    for (int k = 1; k <= steps; ++k) {
      const double r = u.rail_at + (to - u.rail_at) * k / steps;
      bool hit = false;
      for (const Circle& c : cars_at(s, u, r)) hit = hit || overlaps(c, v.feet);
      if (!hit) continue;
      if (k < steps && v.enemy) {
        return illegal(clause::kMoveThrough,
                       "the train may not pass through " + s.units[v.unit].name + " (R28)");
      }
      if (k == steps) {
        return illegal(clause::kMoveOverlap,
                       "the train may not end on " + s.units[v.unit].name + " (R28)");
      }
    }
  }
  return engine::ok_status();
}

// R17 for a train: the first hidden enemy within 3" of any live car at `rail_at`.
std::optional<std::size_t> hidden_near(const State& s, const Unit& train, double rail_at) {
  const auto cars = cars_at(s, train, rail_at);
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const Unit& v = s.units[i];
    if (v.side == train.side || !v.concealed || !v.on_table()) continue;
    for (const Circle& c : cars) {
      if (engine::within_distance(c.centre, v.pos, Inches{kAdjacent})) return i;
    }
  }
  return std::nullopt;
}

void resolve_train(Emitter& e, std::size_t unit, const MoveOrder& m) {
  const Unit u = e.s.units[unit];
  const double from = u.rail_at;
  double to = *m.rail_at;
  std::optional<std::size_t> stopped = hidden_near(e.s, u, from);
  if (stopped) {
    to = from;
  } else {
    // R17: sample the run, then halve the step where a hidden enemy first comes within 3".
    const int steps = std::max(1, static_cast<int>(std::ceil(std::abs(to - from) / kTrainStep)));
    for (int k = 1; k <= steps && !stopped; ++k) {
      double hi = from + (to - from) * k / steps;
      if (!hidden_near(e.s, u, hi)) continue;
      double lo = from + (to - from) * (k - 1) / steps;
      while (std::abs(hi - lo) > engine::kTolerance / 4) {
        const double mid = (lo + hi) / 2;
        (hidden_near(e.s, u, mid) ? hi : lo) = mid;
      }
      stopped = hidden_near(e.s, u, hi);
      to = hi;
    }
  }
  Unit placed = u;
  placed.rail_at = to;
  place_train(e.s, placed);
  Moved mv;
  mv.unit = u.id;
  mv.path = {placed.pos};
  mv.facing = placed.facing;
  mv.cost = std::abs(to - from);
  mv.rail_at = to;
  // R17, R20: the hidden unit is revealed first, so that no event names it while it is hidden.
  if (stopped) reveal(e, {*stopped}, "an enemy came within 3in");
  if (stopped) mv.stopped_by = e.s.units[*stopped].id;
  e.emit(std::move(mv));
  reveal_along(e, unit, train_run(e.s, u, to));  // R49: an unspotted enemy it passed
  reveal_near(e, unit);
}

}  // namespace

Status check_move(const State& s, std::size_t unit, const MoveOrder& m) {
  const Unit& u = s.units[unit];
  if (any_pinned(u)) return illegal(clause::kPinned, u.name + " is pinned (§7)");
  // §4a, R9, R50: artillery moves limbered, MGs and mortars packed, whatever the activation
  // declared: a Limber forgone before the Move leaves the unit unable to move.
  if (limbers(u.type) && !u.limbered) {
    return illegal(clause::kLimberedMove,
                   u.name + (u.type == UnitType::kArtillery
                                 ? " is unlimbered: artillery must be limbered to move (§4a)"
                                 : " is deployed: MGs and mortars must be packed to move (§4a)"));
  }
  if (u.type == UnitType::kTrain) return check_train(s, unit, m);
  if (m.rail_at) return illegal(clause::kRails, "only a train moves along rails (R13)");
  if (!std::isfinite(m.facing.get()) || m.waypoints.size() > kMaxWaypoints) {
    return error(ErrorCode::kInvalidArgument, clause::kMovePath,
                 "a facing and at most 32 waypoints, all numbers");
  }
  for (Point p : m.waypoints) {
    if (!finite(p)) {
      return error(ErrorCode::kInvalidArgument, clause::kMovePath, "waypoints must be numbers");
    }
    // R28: the centre stays on the table (legs are straight, so the corners decide).
    if (p.x < -engine::kTolerance || p.y < -engine::kTolerance ||
        p.x > s.width + engine::kTolerance || p.y > s.height + engine::kTolerance) {
      return illegal(clause::kMoveTable, "the centre must stay on the table (R28)");
    }
  }
  // §12, R12: wheeled units may not enter woods or swamp.
  if (const auto t = forbidden_entry(s, u, m.waypoints)) {
    return illegal(clause::kMoveTerrain, u.name + " may not enter " + s.terrain[*t].name + " (" +
                                             std::string(to_string(s.terrain[*t].kind)) +
                                             ", §12, R12)");
  }
  // §1, §4a, R12: within the allowance; cavalry pays double in woods, swamp and rough ground.
  const double cost = move_cost(s, u, m.waypoints);
  const double allowance = stats(u.type).move;
  if (!engine::within(Inches{cost}, Inches{allowance})) {
    return illegal(clause::kMoveAllowance,
                   u.name + " moves at most " + engine::inches_text(Inches{allowance}) +
                       "; this move costs " + engine::inches_text(Inches{cost}, Inches{allowance}) +
                       " (§1, R12)");
  }
  // R28: not through an enemy the side sees; not ending on any unit it sees. Units the mover
  // already overlaps (after a fall back) do not hold it.
  const Circle here{u.pos, Inches{u.radius}};
  for (const Seen& v : seen_units(s, unit)) {
    if (overlaps(here, v.feet)) continue;
    Point from = u.pos;
    for (std::size_t leg = 0; leg < m.waypoints.size(); ++leg) {
      const engine::Segment seg{from, m.waypoints[leg]};
      for (const Circle& c : v.feet) {
        const bool through = engine::distance(seg, c.centre) < Inches{u.radius} + c.radius;
        const bool at_end = leg + 1 == m.waypoints.size() &&
                            engine::overlapping(Circle{seg.b, Inches{u.radius}}, c);
        if (at_end) {
          return illegal(clause::kMoveOverlap,
                         u.name + " may not end on " + s.units[v.unit].name + " (R28)");
        }
        if (through && v.enemy) {
          return illegal(clause::kMoveThrough,
                         u.name + " may not pass through " + s.units[v.unit].name + " (R28)");
        }
      }
      from = m.waypoints[leg];
    }
  }
  // §12: artillery that will unlimber next may not end its move in a village.
  const Activation* a = s.active ? &*s.active : nullptr;
  if (u.type == UnitType::kArtillery && a != nullptr && a->next == 0 &&
      a->actions[1] == ActionKind::kLimber && !m.waypoints.empty() &&
      in_terrain(s, m.waypoints.back(), TerrainKind::kVillage)) {
    return illegal(clause::kLimberVillage,
                   "artillery may not deploy in a village (§12): it would unlimber there");
  }
  return engine::ok_status();
}

void resolve_move(Emitter& e, std::size_t unit, const MoveOrder& m) {
  if (e.s.units[unit].type == UnitType::kTrain) {
    resolve_train(e, unit, m);
    return;
  }
  reveal(e, {unit}, "moved");  // R10, R28: any Move reveals, even a pivot
  const Unit u = e.s.units[unit];
  std::vector<Point> path = m.waypoints;
  const auto stop = hidden_stop(e.s, unit, m.waypoints);  // R17
  if (stop) {
    path.assign(m.waypoints.begin(), m.waypoints.begin() + static_cast<long>(stop->leg));
    const Point last = path.empty() ? u.pos : path.back();
    if (!engine::same_place(last, stop->at) || path.empty()) path.push_back(stop->at);
  }
  Moved mv;
  mv.unit = u.id;
  mv.path = path;
  mv.facing = m.facing;  // R15: the ordered facing, even when stopped
  mv.cost = move_cost(e.s, u, path);
  if (stop) mv.stopped_by = e.s.units[stop->enemy].id;
  mv.dug_in_lost = u.dug_in && !path.empty() && !engine::same_place(path.back(), u.pos);  // R22
  // R17, R20: the hidden unit is revealed first, so that no event names it while it is hidden.
  if (stop) reveal(e, {stop->enemy}, "an enemy came within 3in");
  e.emit(std::move(mv));
  // R49: an unspotted enemy it passed within 3" of is spotted (it does not stop the move: its
  // place is public). R17 leaves no concealed one near the way but where the move ended.
  std::vector<engine::Segment> legs;
  Point from = u.pos;
  for (Point p : path) {
    legs.push_back({from, p});
    from = p;
  }
  reveal_along(e, unit, legs);
  reveal_near(e, unit);  // R10
}

}  // namespace grognard::rcw::detail
