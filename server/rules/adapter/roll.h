#pragma once
// A numbered throw on the wire: grognard.v1.Roll (proto/grognard/v1/dice.proto) <->
// engine::Roll, shared by every rule set's codec. A decode checks the die and its face.

#include <cstdint>
#include <string>

#include "engine/dice.h"
#include "engine/result.h"
#include "grognard/v1/dice.pb.h"

namespace grognard::adapter {

inline void set_roll(grognard::v1::Roll* out, const engine::Roll& r) {
  out->set_n(r.n);
  out->set_sides(static_cast<std::uint32_t>(r.sides));
  out->set_face(static_cast<std::uint32_t>(r.face));
}

// kInvalidArgument unless 2 <= sides <= 1000 and 1 <= face <= sides.
inline engine::Result<engine::Roll> roll_from(const grognard::v1::Roll& r) {
  if (r.sides() < 2 || r.sides() > 1000 || r.face() < 1 || r.face() > r.sides()) {
    return engine::Error{engine::ErrorCode::kInvalidArgument, "",
                         "throw " + std::to_string(r.n()) + " has face " +
                             std::to_string(r.face()) + " on a die of " +
                             std::to_string(r.sides()) + " sides"};
  }
  return engine::Roll{r.n(), static_cast<int>(r.sides()), static_cast<int>(r.face())};
}

}  // namespace grognard::adapter
