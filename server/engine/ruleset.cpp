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

}  // namespace grognard::engine
