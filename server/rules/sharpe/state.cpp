// Walls on the state (lookups by id are inline in state.h, engine/find.h).
#include "rules/sharpe/state.h"

namespace grognard::sharpe {

std::vector<engine::Wall> State::all_walls() const {
  std::vector<engine::Wall> out = walls;
  for (const Building& b : buildings) out.insert(out.end(), b.walls.begin(), b.walls.end());
  return out;
}

}  // namespace grognard::sharpe
