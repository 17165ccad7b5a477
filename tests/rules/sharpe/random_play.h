#pragma once
// A random player for Sharpe's Mess: whole games of random legal commands with random dice.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "rules/sharpe/rules.h"

namespace grognard::sharpe::testing {

// One decision of the game: begin() (empty seat) or a command, and the events it produced.
struct Step {
  std::string seat;
  std::optional<Command> command;
  std::size_t first_event = 0;
  std::size_t event_count = 0;
};

struct Game {
  State live;
  std::vector<Event> events;
  std::vector<Step> steps;
  int commands = 0;
  int referee_commands = 0;
};

// How long a game lasts: the referee ends it (RulingKind::kEndGame) once `turns` turns have
// been played; the game must be over within `max_commands` commands.
struct Limits {
  int turns = 3;
  int max_commands = 2000;
};

// Plays one game to its end: random commands from legal() for the seats seats_to_act() names
// (chosen by a generator seeded with `game_seed`), dice from engine::SeededDice under a seed
// derived from `game_seed`. The referee acts with a small probability: legal()'s rulings, an
// event card now and then, and the end of the game once the turns are played (never before).
// `before_event(state, event)` runs before every event is applied, `after_event(before, after,
// event)` after it. Fails the current Catch2 test when decide() rejects a command legal()
// offered (all of them are tried on every step of games 0-15 and on every 16th step after).
Game play_random_game(
    const Scenario& sc, std::uint64_t game_seed, const Limits& limits,
    const std::function<void(const State&, const Event&)>& before_event,
    const std::function<void(const State&, const State&, const Event&)>& after_event);

// The scenarios random play runs on (the village and a small built-in skirmish), and how many
// games (GROGNARD_RANDOM_GAMES, default 1000).
std::vector<Scenario> random_play_scenarios();
int random_play_games();

}  // namespace grognard::sharpe::testing
