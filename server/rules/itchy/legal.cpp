// legal(): every command a general may give now, each accepted by decide(). Moves are listed
// once per (end area, facing), along one shortest path.
#include <deque>
#include <map>
#include <set>

#include "rules/itchy/internal.h"
#include "rules/itchy/rules.h"

namespace grognard::itchy {

namespace {

constexpr Facing kFacings[] = {Facing::kNorth, Facing::kEast, Facing::kSouth, Facing::kWest};

// Shortest step sequences from the unit's area to every area it might reach. Only the
// per-area rules prune here (the grid, enemy areas, stopping next to the enemy); plan_move
// judges each whole move.
std::map<GridPos, std::vector<Facing>> reachable(const State& s, const Unit& u) {
  std::map<GridPos, std::vector<Facing>> paths{{u.pos, {}}};
  std::deque<GridPos> frontier{u.pos};
  const int allowance = movement_allowance(u.type);
  while (!frontier.empty()) {
    const GridPos p = frontier.front();
    frontier.pop_front();
    const auto& path = paths[p];
    if (static_cast<int>(path.size()) >= allowance) continue;
    if (p != u.pos && !detail::enemies_adjacent_to(s, p, u.side).empty()) continue;  // I9
    for (Facing f : kFacings) {
      const GridPos q = engine::step(p, f);
      if (!s.size.contains(q) || paths.count(q) || detail::enemy_in(s, q, u.side)) continue;
      auto next = path;
      next.push_back(f);
      paths.emplace(q, std::move(next));
      frontier.push_back(q);
    }
  }
  return paths;
}

void add_moves(const State& s, const Unit& u, std::vector<Command>& out) {
  for (const auto& [end, steps] : reachable(s, u)) {
    for (Facing f : kFacings) {
      if (detail::plan_move(s, u, steps, f)) out.push_back(Move{u.id, steps, f});
    }
  }
}

void add_attacks(const State& s, const Unit& u, std::vector<Command>& out) {
  std::set<GridPos> targets;
  for (const Unit& e : s.units) {
    if (!e.removed && e.side != u.side) targets.insert(e.pos);
  }
  for (const GridPos& t : targets) {
    if (detail::plan_attack(s, u, t)) out.push_back(Attack{u.id, t});
  }
}

}  // namespace

std::vector<Command> legal(const State& s, int side) {
  std::vector<Command> out;
  if (side_to_act(s) != side) return out;
  if (s.phase == Phase::kChooseOrder) {
    out.emplace_back(ChooseOrder{true});
    out.emplace_back(ChooseOrder{false});
    return out;
  }
  for (const Unit& u : s.units) {
    if (u.side != side || !detail::commandable(s, side, u.id)) continue;
    if (!u.moved && !u.attacked) add_moves(s, u, out);
    if (!u.attacked && u.weapon != Weapon::kNone) add_attacks(s, u, out);
  }
  out.push_back(EndSideTurn{});
  return out;
}

}  // namespace grognard::itchy
