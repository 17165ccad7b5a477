// legal(): a finite, sensible set of commands a seat may give now, each accepted by decide().
// Not every legal command: a handful of places, directions and targets.
#include <cmath>

#include "rules/rcw/flow.h"

namespace grognard::rcw {

namespace {

constexpr std::size_t kPlacesPerUnit = 8;
constexpr double kGrid = 2.5;

Point centroid(const Polygon& p) {
  Point c;
  for (Point v : p.vertices) {
    c.x += v.x;
    c.y += v.y;
  }
  const double n = static_cast<double>(std::max<std::size_t>(p.vertices.size(), 1));
  return {c.x / n, c.y / n};
}

// Candidate places in the side's zones: each zone's centre, halfway to each corner, a grid.
std::vector<Point> zone_points(const State& s, int side) {
  std::vector<Point> out;
  for (const Zone& z : s.zones) {
    if (z.side != side || z.area.vertices.empty()) continue;
    const Point c = centroid(z.area);
    out.push_back(c);
    for (Point v : z.area.vertices) out.push_back({(c.x + v.x) / 2, (c.y + v.y) / 2});
    Point lo = z.area.vertices[0], hi = lo;
    for (Point v : z.area.vertices) {
      lo = {std::min(lo.x, v.x), std::min(lo.y, v.y)};
      hi = {std::max(hi.x, v.x), std::max(hi.y, v.y)};
    }
    for (double x = lo.x + kGrid / 2; x < hi.x; x += kGrid) {
      for (double y = lo.y + kGrid / 2; y < hi.y; y += kGrid) {
        if (engine::contains(z.area, Point{x, y})) out.push_back({x, y});
      }
    }
  }
  return out;
}

Degrees toward_enemy(const State& s, int side, Point from) {
  for (const Zone& z : s.zones) {
    if (z.side != side) return engine::bearing(from, centroid(z.area));
  }
  return Degrees{side == 0 ? 0.0 : 180.0};
}

void deployments(const State& s, int side, std::vector<Command>& out) {
  if (s.confirmed[side]) return;
  const auto places = zone_points(s, side);
  bool all_placed = true;
  for (const Unit& u : s.units) {
    if (u.side != side || u.fixed) continue;
    all_placed = all_placed && u.placed;
    if (u.placed) continue;
    std::vector<Deploy> ok;
    for (Point p : places) {
      Deploy d{u.id, p, toward_enemy(s, side, p)};
      if (detail::check_deploy(s, side, d)) ok.push_back(d);
    }
    // A few, spread over the candidates.
    const std::size_t step = std::max<std::size_t>(1, ok.size() / kPlacesPerUnit);
    for (std::size_t i = 0; i < ok.size(); i += step) out.push_back(ok[i]);
  }
  if (all_placed) out.push_back(ConfirmDeployment{});
}

void moves(const State& s, std::size_t unit, std::vector<Command>& out) {
  const Unit& u = s.units[unit];
  auto add = [&](MoveOrder m) {
    if (detail::check_move(s, unit, m)) out.push_back(std::move(m));
  };
  if (u.type == UnitType::kTrain) {
    for (double d : {-18.0, -9.0, -4.5, 4.5, 9.0, 18.0}) add({{}, u.facing, u.rail_at + d});
    return;
  }
  add({{}, (u.facing + Degrees{90.0}).normalised(), std::nullopt});  // R15: a pivot
  const double allowance = stats(u.type).move;
  for (int k = 0; k < 8; ++k) {
    const Degrees d{45.0 * k};
    for (double f : {1.0, 0.5, 0.25}) {
      const Point to = u.pos + engine::direction(d) * (allowance * f);
      add({{to}, d, std::nullopt});
    }
  }
}

void actions(const State& s, std::vector<Command>& out) {
  const std::size_t unit = s.active->unit;
  const auto now = detail::current_action(s);
  if (!now) return;
  // R5, R47: a cancelled Move or Close Assault of a concealed unit waits only for its skip.
  const bool cancelled =
      s.active->command_failed && (*now == ActionKind::kMove || *now == ActionKind::kAssault);
  if (cancelled) {
    out.push_back(SkipAction{});
    return;
  }
  switch (*now) {
    case ActionKind::kMove:
      moves(s, unit, out);
      break;
    case ActionKind::kShoot:
      for (ShootOrder& o : detail::shoot_options(s, unit)) out.push_back(std::move(o));
      break;
    case ActionKind::kAssault:
      for (AssaultOrder& o : detail::assault_options(s, unit)) out.push_back(std::move(o));
      break;
    case ActionKind::kLimber:
    case ActionKind::kRally:
      out.push_back(CarryOut{});  // R48: a concealed unit's, waiting for the order
      break;
  }
  out.push_back(SkipAction{});
}

constexpr ActionKind kKinds[] = {ActionKind::kMove, ActionKind::kShoot, ActionKind::kLimber,
                                 ActionKind::kRally, ActionKind::kAssault};

}  // namespace

std::vector<Command> legal(const State& s, const std::string& seat) {
  std::vector<Command> out;
  const auto side = side_of_seat(seat);
  if (!side) return out;
  if (s.phase == Phase::kDeploy) {
    deployments(s, *side, out);
    return out;
  }
  if (s.phase != Phase::kPlay || *side != s.side) return out;
  if (s.active) {
    actions(s, out);
    return out;
  }
  for (const Unit& u : s.units) {
    if (u.side != *side || !u.on_table() || u.activated) continue;
    for (ActionKind a : kKinds) {
      for (ActionKind b : kKinds) {
        const Activate act{u.id, a, b};
        if (detail::check_activate(s, *side, act)) out.push_back(act);
      }
    }
  }
  out.push_back(EndTurn{});
  return out;
}

}  // namespace grognard::rcw
