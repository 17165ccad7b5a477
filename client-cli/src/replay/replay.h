#pragma once
// `grognard replay GAME`: step through a game event by event, every die shown.
//
// Keys (typed as words, Enter alone steps forward): n/next, p/prev, f/first, l/last,
// t N / turn N, s N / seq N, q/quit. On a terminal the screen is redrawn after each; with
// standard input from a file or pipe, each line runs and the screen is printed after it.
// With --at SEQ the screen at that event is printed once. A seat you hold (from the token
// store) sees a running game as that seat; an ended game shows everything the rules reveal at
// the end (--all) unless --as names one of its seats (what that seat saw) or "observer" (what an
// observer saw). Chat sent to one seat is shown only to its sender, its addressee and the
// referee, in every view.

#include <cstdint>
#include <optional>
#include <string>

#include "client/url.h"
#include "render/style.h"

namespace grognard::cli {

struct ReplayOptions {
  std::string server;
  client::TlsOptions tls;
  std::string game_id;
  std::string as_seat;  // --as: a seat's id or label, or "observer"
  bool all = false;     // --all: everything revealed (an ended game's default)
  std::optional<std::uint64_t> at;
  bool json = false;
  Style style;
};

int run_replay(const ReplayOptions& options);

}  // namespace grognard::cli
