// Lookups on the state, and the generals' seats.
#include <string>

#include "rules/rcw/state.h"

namespace grognard::rcw {

const Unit* State::owner(const UnitId& id) const {
  if (const Unit* u = find(id)) return u;
  if (const auto ref = find_car(id)) return &units[ref->unit];
  return nullptr;
}

std::optional<State::CarRef> State::find_car(const UnitId& id) const {
  for (std::size_t i = 0; i < units.size(); ++i) {
    for (std::size_t c = 0; c < units[i].cars.size(); ++c) {
      if (units[i].cars[c].id == id) return CarRef{i, c};
    }
  }
  return std::nullopt;
}

std::string seat_of(int side) {
  return "side:" + std::to_string(side);
}

std::optional<int> side_of_seat(std::string_view seat) {
  if (seat == "side:0") return 0;
  if (seat == "side:1") return 1;
  return std::nullopt;
}

}  // namespace grognard::rcw
