#pragma once
// A room's legal commands (Room::legal): each seat's list, asked of the rule set once and kept
// until the rules state changes, which Room::replace_state says (forget()). A seat's client asks
// again after every push it gets, and each of its connections asks alike. Strand-only: the room
// calls every member on its strand.

#include <map>
#include <string>

#include "engine/ruleset.h"
#include "grognard/v1/protocol.pb.h"

namespace grognard::room {

class LegalCache {
 public:
  // The legal commands of `seat_id` in `state`: the list kept since the last forget(), else
  // asked of `rs` now and kept.
  const v1::LegalCommands& of(const engine::Ruleset& rs, const engine::GameState& state,
                              const std::string& seat_id);
  // The rules state changed: every list kept is stale.
  void forget() { by_seat_.clear(); }

 private:
  std::map<std::string, v1::LegalCommands> by_seat_;
};

}  // namespace grognard::room
