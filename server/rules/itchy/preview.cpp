// Previews (docs/rules/itchy.md): where a move ends and what of its allowance it uses.
#include "rules/itchy/rules.h"

namespace grognard::itchy {

engine::Advice advise(const State& s, const Command& c, const std::vector<Event>& events) {
  engine::Advice out;
  const auto* m = std::get_if<Move>(&c);
  if (m == nullptr || events.empty()) return out;
  const auto* moved = std::get_if<UnitMoved>(&events.front());
  const Unit* u = s.find(m->unit);
  if (moved == nullptr || u == nullptr) return out;
  const int allowance = movement_allowance(u->type);
  const int used = static_cast<int>(moved->path.size());
  const engine::GridPos end = moved->path.empty() ? u->pos : moved->path.back();
  out.notes.push_back(u->name + " ends at " + engine::to_string(end) + " facing " +
                      engine::to_string(moved->facing) + ": " + std::to_string(used) + " of its " +
                      std::to_string(allowance) + " grid areas (§Movement)");
  if (moved->stopped_by_enemy) {
    out.notes.push_back("it stops there, next to an enemy, and faces it (I9)");
  }
  if (moved->withdrawal) out.notes.push_back("a withdrawal from the enemy facing it (I10)");
  return out;
}

}  // namespace grognard::itchy
