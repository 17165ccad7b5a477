#pragma once
// The play (and watch) screen as lines: a title, the rule set's board and roster, whose turn,
// the last events with their dice, and the latest messages (errors, legal moves, help).

#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "app/game_link.h"
#include "render/ruleset_ui.h"

namespace grognard::cli {

// One event in words: "#12 British: B1 moves (3,5)->(3,4), faces N".
std::string event_line(const v1::GameEvent& event, const RulesetUi* ui,
                       const google::protobuf::Any& view,
                       const std::function<std::string(const std::string&)>& label_of);

struct ScreenParts {
  std::size_t events = 8;    // how many of the last events to show
  std::size_t messages = 6;  // how many of the last messages
};

std::vector<std::string> play_screen(const GameState& state, const RulesetUi* ui,
                                     const Style& style, const std::deque<std::string>& messages,
                                     const ScreenParts& parts);

}  // namespace grognard::cli
