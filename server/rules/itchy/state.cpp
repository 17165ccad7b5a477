#include "rules/itchy/state.h"

namespace grognard::itchy {

const Unit* State::find(const UnitId& id) const {
  for (const Unit& u : units) {
    if (u.id == id) return &u;
  }
  return nullptr;
}

Unit* State::find(const UnitId& id) {
  for (Unit& u : units) {
    if (u.id == id) return &u;
  }
  return nullptr;
}

std::optional<std::size_t> State::index_of(const UnitId& id) const {
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (units[i].id == id) return i;
  }
  return std::nullopt;
}

std::vector<const Unit*> State::at(GridPos p) const {
  std::vector<const Unit*> out;
  for (const Unit& u : units) {
    if (!u.removed && u.pos == p) out.push_back(&u);
  }
  return out;
}

}  // namespace grognard::itchy
