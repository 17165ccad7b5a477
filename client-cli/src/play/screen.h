#pragma once
// An event as the play (and watch) screen shows it (play/layout.h puts the screen together).

#include <functional>
#include <string>

#include "commands/game_link.h"
#include "render/ruleset_ui.h"

namespace grognard::cli {

// One event in words: "#12 British: B1 moves (3,5)->(3,4), faces N".
std::string event_line(const v1::GameEvent& event, const RulesetUi* ui,
                       const google::protobuf::Any& view,
                       const std::function<std::string(const std::string&)>& label_of);

}  // namespace grognard::cli
