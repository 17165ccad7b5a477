// The armoured train's line (R13, R23) and what may be shot at or assaulted: units and cars.
#include <algorithm>

#include "rules/rcw/internal.h"

namespace grognard::rcw::detail {

namespace {

// R13: car i stands this far behind the first car along the line (ahead, when reversed): the
// cars follow one another, one car length (two footprint radii) apart.
double car_offset(const Unit& train, std::size_t car) {
  const double back = static_cast<double>(car) * 2.0 * train.radius;
  return train.reversed ? back : -back;
}

}  // namespace

double line_length(const Line& line) {
  double len = 0;
  for (std::size_t i = 1; i < line.path.size(); ++i) {
    len += engine::distance(line.path[i - 1], line.path[i]).get();
  }
  return len;
}

Point point_on_line(const Line& line, double at) {
  if (line.path.empty()) return Point{};
  double left = std::max(at, 0.0);
  for (std::size_t i = 1; i < line.path.size(); ++i) {
    const engine::Segment leg{line.path[i - 1], line.path[i]};
    const double len = engine::length(leg).get();
    if (left <= len && len > 0) return engine::point_at(leg, left / len);
    left -= len;
  }
  return line.path.back();
}

Degrees bearing_on_line(const Line& line, double at) {
  // The leg that holds `at`; at a bend, the leg that leaves it (the last leg at the end).
  double left = std::max(at, 0.0);
  std::optional<Degrees> last;
  for (std::size_t i = 1; i < line.path.size(); ++i) {
    const double len = engine::distance(line.path[i - 1], line.path[i]).get();
    if (len <= 0) continue;
    last = engine::bearing(line.path[i - 1], line.path[i]);
    if (left < len) return *last;
    left -= len;
  }
  return last.value_or(Degrees{0.0});
}

double car_at(const Unit& train, std::size_t car) {
  return train.rail_at + car_offset(train, car);
}

void place_train(const State& s, Unit& train) {
  // R13: the train stands where its first car does, facing along its line (towards the line's
  // start when reversed); each car's centre lies on the line, one car length from the next.
  if (train.rail >= s.rails.size()) return;
  const Line& line = s.rails[train.rail];
  train.pos = point_on_line(line, train.rail_at);
  const Degrees along = bearing_on_line(line, train.rail_at);
  train.facing = (train.reversed ? along + Degrees{180.0} : along).normalised();
  for (std::size_t i = 0; i < train.cars.size(); ++i) {
    train.cars[i].pos = point_on_line(line, car_at(train, i));
  }
}

bool train_fits(const State& s, const Unit& train, double rail_at) {
  // R13, R23: every car's centre stays on the line (R18: ends inclusive).
  if (train.rail >= s.rails.size()) return false;
  const engine::Inches len{line_length(s.rails[train.rail])};
  for (std::size_t i = 0; i < std::max<std::size_t>(train.cars.size(), 1); ++i) {
    const engine::Inches at{rail_at + car_offset(train, i)};
    if (at < engine::Inches{0.0} || at > len) return false;
  }
  return true;
}

namespace {

// The stretch of `line` between `a` and `b` inches along it (either order), as straight legs.
void stretch(const Line& line, double a, double b, std::vector<engine::Segment>& out) {
  const double lo = std::min(a, b), hi = std::max(a, b);
  Point from = point_on_line(line, lo);
  double at = 0;
  for (std::size_t i = 1; i < line.path.size(); ++i) {
    at += engine::distance(line.path[i - 1], line.path[i]).get();
    if (at <= lo) continue;
    if (at >= hi) break;
    out.push_back({from, line.path[i]});
    from = line.path[i];
  }
  out.push_back({from, point_on_line(line, hi)});
}

}  // namespace

std::vector<engine::Segment> train_run(const State& s, const Unit& train, double rail_at) {
  std::vector<engine::Segment> out;
  if (train.rail >= s.rails.size()) return out;
  for (std::size_t i = 0; i < train.cars.size(); ++i) {
    if (train.cars[i].destroyed) continue;
    stretch(s.rails[train.rail], car_at(train, i), rail_at + car_offset(train, i), out);
  }
  return out;
}

// --- Targets ----------------------------------------------------------------------------------

std::optional<Target> find_target(const State& s, const UnitId& id) {
  // A live unit on the table (not a train: its cars are the targets, R13), or a live car.
  if (auto i = s.index_of(id)) {
    const Unit& u = s.units[*i];
    if (!u.on_table() || u.type == UnitType::kTrain) return std::nullopt;
    return Target{*i, std::nullopt, u.id, u.pos, u.radius};
  }
  if (auto ref = s.find_car(id)) {
    const Unit& train = s.units[ref->unit];
    const Car& car = train.cars[ref->car];
    if (!train.on_table() || car.destroyed) return std::nullopt;
    return Target{ref->unit, ref->car, car.id, car.pos, train.radius};
  }
  return std::nullopt;
}

std::vector<Target> targets_of(const State& s, std::size_t unit) {
  const Unit& u = s.units[unit];
  std::vector<Target> out;
  if (!u.on_table()) return out;
  if (u.type != UnitType::kTrain) {
    out.push_back(Target{unit, std::nullopt, u.id, u.pos, u.radius});
    return out;
  }
  for (std::size_t i = 0; i < u.cars.size(); ++i) {
    if (!u.cars[i].destroyed) out.push_back(Target{unit, i, u.cars[i].id, u.cars[i].pos, u.radius});
  }
  return out;
}

}  // namespace grognard::rcw::detail
