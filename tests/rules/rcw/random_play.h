#pragma once
// A random player for the RCW quick rules: whole games of random legal commands with random
// dice, on the shipped scenarios and a built-in skirmish.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "rules/rcw/rules.h"

namespace grognard::rcw::testing {

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
};

// Every game must be over within this many commands (R14's turn limit ends it; legal() never
// offers Concede).
struct Limits {
  int max_commands = 4000;
};

// What a test may watch. Each hook may be empty.
struct Hooks {
  // Before each event is applied, with the state it applies to.
  std::function<void(const State&, const Event&)> before_event;
  // After each event: the state before it and after it.
  std::function<void(const State&, const State&, const Event&)> after_event;
  // Before each command is decided: the state, the seat and the command chosen.
  std::function<void(const State&, const std::string&, const Command&)> before_command;
  // After all the events of a command (or of begin()) are applied.
  std::function<void(const State&, const Step&, const std::vector<Event>&)> after_command;
};

// Plays one game to its end: random commands from legal() for a seat seats_to_act() names
// (chosen by a generator seeded with `game_seed`), dice from engine::SeededDice under a seed
// derived from `game_seed`. Fails the current Catch2 test when decide() rejects a command
// legal() offered (all of them are tried on every step of games 0-15 and on every 16th step
// after), naming the seed, the step and the command.
Game play_random_game(const Scenario& sc, std::uint64_t game_seed, const Limits& limits,
                      const Hooks& hooks);

// A scenario random play runs on: the shipped ones with their text (for the wire rule set's
// load_scenario), the built-in skirmish without.
struct PlayScenario {
  Scenario scenario;
  std::string textproto;  // empty for the built-in skirmish
};
std::vector<PlayScenario> random_play_scenarios();

// A small action built in code: every unit type (a gun tank and a plain one, an armoured train
// of an artillery car and an armoured car), terrain of every kind, both sides' zones, fixed and
// secretly deployed units, an objective.
Scenario skirmish();

// How many games (GROGNARD_RANDOM_GAMES, default 1000).
int random_play_games();

// One line naming a command, for failure messages.
std::string describe(const Command& c);

}  // namespace grognard::rcw::testing
