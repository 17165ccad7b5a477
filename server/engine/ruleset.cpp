#include "engine/ruleset.h"

namespace grognard::engine {

const char* to_string(Role r) {
  switch (r) {
    case Role::kGeneral:
      return "general";
    case Role::kPlayer:
      return "player";
    case Role::kReferee:
      return "referee";
    case Role::kObserver:
      return "observer";
  }
  return "?";
}

bool Ruleset::event_public(const GameState& before, const Bytes& event) const {
  std::vector<Viewer> viewers{Viewer{}};  // an observer
  for (const SeatSpec& seat : seats(before)) viewers.push_back(Viewer{seat.role, seat.id, false});
  for (const Viewer& v : viewers) {
    const std::optional<Bytes> seen = view_event(before, event, v);
    if (!seen || *seen != event) return false;
  }
  return true;
}

Result<Measurement> Ruleset::measure(const GameState& /*state*/, const Viewer& /*viewer*/,
                                     std::string_view /*from*/, std::string_view /*to*/) const {
  return Error{ErrorCode::kFailedPrecondition, "",
               "the rule set \"" + std::string(name()) + "\" cannot measure"};
}

}  // namespace grognard::engine
