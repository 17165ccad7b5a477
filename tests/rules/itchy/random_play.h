#pragma once
// A random player for Itchy & Scratchy, shared by the random-play test and the benchmark.

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "rules/itchy/rules.h"

namespace grognard::itchy::testing {

// One decision of the game: begin() (side -1) or a command, and the events it produced.
struct Step {
  int side = -1;
  std::optional<Command> command;
  std::size_t first_event = 0;
  std::size_t event_count = 0;
};

struct Game {
  State live;
  std::vector<Event> events;
  std::vector<Step> steps;
  int commands = 0;
};

// How the random player chooses among legal commands: uniformly (attacks favoured), or
// aggressively (attack when it can, otherwise move a random unit as close to the enemy as it
// can) so that battles are fought to a decision.
enum class Policy { kUniform, kAggressive };

// Plays one game to its end: random legal commands (chosen by a generator seeded with
// `game_seed`) and dice from engine::SeededDice under a seed derived from `game_seed`.
// `after_event(state)` runs after every event; `before_event(state, event)` before it.
// Fails the current Catch2 test when decide() rejects a command legal() offered (all of them
// are tried on every step of games 0-15 and on every 16th step of the others).
Game play_random_game(const Scenario& sc, std::uint64_t game_seed,
                      const std::function<void(const State&)>& after_event,
                      const std::function<void(const State&, const Event&)>& before_event,
                      Policy policy = Policy::kUniform);

// The scenarios random play runs on, and how many games (GROGNARD_RANDOM_GAMES, default 1000).
std::vector<Scenario> random_play_scenarios();
int random_play_games();

}  // namespace grognard::itchy::testing
