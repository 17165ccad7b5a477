#pragma once
// R20 tests: what the enemy and observers receive, compared between two states that differ only
// in a concealed unit (moved elsewhere, or erased). Each difference found is a leak, counted by
// kind with its first example (indistinguishable_test.cpp).

#include <map>
#include <optional>
#include <string>
#include <utility>

#include "rules/rcw/rules.h"

namespace grognard::rcw::testing {

struct Findings {
  std::map<std::string, std::pair<int, std::string>> leaks;
  int states = 0, deploy_states = 0, play_states = 0, variants = 0, commands = 0, events = 0;
  int deploy_pairs = 0, activations = 0;
  // Erased units: the enemy's commands and previews, and the throws near a concealed HQ.
  int enemy_commands = 0, previews = 0, hq_throws = 0, hq_rallies = 0;
  void leak(const std::string& kind, const std::string& example) {
    auto& [n, first] = leaks[kind];
    if (n++ == 0) first = example;
  }
};

// Everything the enemy `seat` and an observer receive of states `a` and `b` is the same: their
// views, the published hash, who is to act, the enemy's legal commands. When `differ`, the two
// states are not the same: the full hash and the view of the unit's own side must tell them
// apart, or these comparisons could not fail.
void compare_states(const State& a, const State& b, const std::string& enemy, const std::string& ex,
                    Findings& f, bool differ = true);

// `ca` on state `a` and `cb` on state `b`, from `seat`, with the same dice: while unit `id`
// stays concealed through the command in both, the enemy and an observer see the same events
// and the same state after them.
void compare_command(const State& a, const Command& ca, const State& b, const Command& cb,
                     const UnitId& id, const std::string& seat, const std::string& enemy,
                     const std::string& ex, Findings& f);

// Command `c` of the enemy `enemy` on `a` (with concealed unit `id`) and on `b` (`id` moved or
// erased), with the same dice: the same refusal, or the same events as the enemy and an
// observer read them, and the same state after, while `id` stays concealed in `a`; up to the
// end of the game, after which everything is revealed (R20). And the same preview (the events
// and notes it shows, whether it threw).
void compare_enemy_command(const State& a, const State& b, const Command& c, const UnitId& id,
                           const std::string& enemy, const std::string& ex, Findings& f);

// The activation `act` of a unit the enemy sees, on `a` (with concealed HQ `hq` of its side) and
// on `b` (the HQ moved or erased), each action then skipped, with dice that always show their
// highest face (so every throw passes: its outcome, the one thing R53 lets the enemy read, is
// the same): the enemy and an observer read the same events up to the activation's end (the
// turn's end after it is R56's). Counts the command throws and rallies compared.
void compare_activation(const State& a, const State& b, const Activate& act, const UnitId& hq,
                        const std::string& enemy, const std::string& ex, Findings& f);

}  // namespace grognard::rcw::testing
