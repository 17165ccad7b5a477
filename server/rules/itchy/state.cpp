#include "rules/itchy/state.h"

namespace grognard::itchy {

std::vector<const Unit*> State::at(GridPos p) const {
  std::vector<const Unit*> out;
  for (const Unit& u : units) {
    if (!u.removed && u.pos == p) out.push_back(&u);
  }
  return out;
}

}  // namespace grognard::itchy
