#pragma once
// Taking back a command (docs/client.md, "Taking back"): `undo`, `accept` and `refuse` in
// words, the offers the server pushes, and the TakenBack events of the log and of replays.

#include <functional>
#include <string>

#include "commands/game_link.h"
#include "render/ruleset_ui.h"

namespace grognard::cli {

// "events 41–43", "event 41".
std::string events_span(std::uint64_t first, std::uint64_t last);
// "British took back events 41–43 (agreed by Zulus)".
std::string taken_back_words(const v1::TakenBack& t,
                             const std::function<std::string(const std::string&)>& label_of);
// The answer to `undo`, `accept` or `refuse`: "done: taken back", "asked Zulus to agree", …
std::string take_back_answer(const v1::TakeBackResult& r, const GameState& state);
// A message the server pushed about a take-back, in words; empty for any other message.
// "British ask to take back: B1 moves (3,5)->(3,4) (event 41). accept or refuse".
std::string take_back_notice(const v1::ServerMessage& m, const GameState& state,
                             const RulesetUi* ui);

}  // namespace grognard::cli
