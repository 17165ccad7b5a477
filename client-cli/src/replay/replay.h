#pragma once
// `grognard replay GAME`: step through a game event by event, every die shown.
//
// Keys (typed as words, Enter alone steps forward): n/next, p/prev, f/first, l/last,
// t N / turn N, s N / seq N, q/quit. On a terminal the screen is redrawn after each; with
// standard input from a file or pipe, each line runs and the screen is printed after it.
// With --at SEQ the screen at that event is printed once. A seat you hold (from the token
// store) sees a running game as that seat; a finished game shows everything.

#include <cstdint>
#include <optional>
#include <string>

#include "render/style.h"

namespace grognard::cli {

struct ReplayOptions {
  std::string server;
  std::string game_id;
  std::string as_seat;
  std::optional<std::uint64_t> at;
  bool json = false;
  Style style;
};

int run_replay(const ReplayOptions& options);

}  // namespace grognard::cli
