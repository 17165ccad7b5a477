#pragma once
// The clock's lines in play (docs/client.md, "Clocks"): `claim [SEAT]`, the win on time over a
// seat out of time, and `grant SEAT HOURS` (`12`, `12h`, `2d`, `30m`), more time for a seat;
// the screen's line with each seat's clock, counted down here from the server's last reading.

#include <string>
#include <vector>

#include "commands/game_link.h"
#include "play/play_line.h"

namespace grognard::cli {

// `claim [SEAT]` (`claim` true) or `grant SEAT HOURS` read from its words (Action::kClaim,
// kGrant), or why not.
Action clock_action(bool claim, const std::vector<std::string>& words, const GameState& state);
// Sends a kClaim or kGrant; the room after it.
client::Result<v1::RoomInfo> clock_request(Link& link, const Action& a);
// The server's answer in words: "done: the win on time is claimed; the game is finished",
// "done: Boers now has 12 hours, running".
std::string clock_answer(const v1::RoomInfo& room, const Action& a, const GameState& state);
// "Clocks (3 days per move): British 2 days 23 hours, running; Boers 3 days" as of now; empty
// without a time control.
std::string clock_line(const GameState& state);

}  // namespace grognard::cli
