#pragma once
// What a preview of a command tells a person beside the events it would produce
// (docs/protocol.md, "Previews"): its cost and where it ends, and what to confirm before
// sending it. A rule set fills it in (engine::Ruleset::advise) from the state, the command and
// the events its decide() produced with dice that are not the game's.
#include <cstddef>
#include <string>
#include <vector>

namespace grognard::engine {

struct Advice {
  std::vector<std::string> notes;     // "4 functions (S15), 5 left of 9; ends at 9.00,38.00"
  std::vector<std::string> warnings;  // "ending now loses Harper: ... (S2)"
  // How many of the events, from the first, a preview may show (and only when no die is
  // thrown): those after would tell the seat what it may not know yet (a card drawn from a
  // hidden deck, a hidden unit found), even though it would see them once they happen.
  std::size_t shown = 0;
};

}  // namespace grognard::engine
