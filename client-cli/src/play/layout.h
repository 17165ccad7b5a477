#pragma once
// The play screen fitted to the terminal, whatever its size: every line at most as wide as the
// terminal and the whole screen one line shorter than it (the prompt's line). Top to bottom:
// the title; the board (the map scaled or zoomed to the room left, with the rule set's status,
// the legend and, when they fit, the roster, cards and briefings beside or under it; `panel`
// shows them whole); the line saying whose turn it is; the last events; the last messages.
//
// On a wide terminal the text stands beside the map; when the map needs the whole width (the
// Itchy & Scratchy grid at 80 columns) it goes under it. At least two event lines and three
// message lines always show; a tall terminal gives the map a finer scale, then the panel, then
// more events and messages.

#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "commands/game_link.h"
#include "render/ruleset_ui.h"

namespace grognard::cli {

struct ScreenSize {
  int rows = 24;
  int cols = 80;
};

struct FittedScreen {
  std::vector<std::string> lines;
  std::size_t message_rows = 0;  // the lines the message area had
};

// `messages` as typed and answered (wrapped here); `zoom`: the area `zoom` looks at, if any.
FittedScreen fit_screen(const GameState& state, const RulesetUi* ui, const Style& style,
                        const std::deque<std::string>& messages, ScreenSize size,
                        const std::optional<Focus>& zoom);

}  // namespace grognard::cli
