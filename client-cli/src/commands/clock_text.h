#pragma once
// Time controls and clocks in words (docs/clocks.md, docs/client.md "Clocks"): what a seat has
// left, whether its clock runs, stands still or has run out, for the rooms list, `games`, the
// play screen and `grant`'s argument.

#include <cstdint>
#include <optional>
#include <string>

#include "client/client.h"

namespace grognard::cli {

// The time now, in milliseconds since the epoch (this machine's clock).
std::int64_t now_ms();
// "3 days", "1 day 4 hours", "5 hours 12 minutes"; under an hour minutes and seconds, "12:34";
// nothing left: "0:00".
std::string duration_text(std::int64_t ms);
// What `clock` has left `elapsed_ms` after it was read (a RoomInfo's or EventBatch's
// clocks_at_ms, the server's time then, against now_ms()): a running clock counts down, unless
// it is paused (its account on vacation); never below zero.
std::int64_t clock_left(const v1::SeatClock& clock, std::int64_t elapsed_ms);
// "1 day 4 hours, running", "2 days", "3 days, paused", "OUT OF TIME".
std::string seat_clock_text(const v1::SeatClock& clock, std::int64_t elapsed_ms);
// The room's time control and each seat's clock, `elapsed_ms` after they were read:
// "3 days per move: British 2 days 23 hours, running; Boers 3 days". Empty without a time
// control.
std::string clocks_text(const v1::RoomInfo& room, std::int64_t elapsed_ms);
// "  2 days 3 hours left" for one of your games with a time control, and
// "  you may claim a win on time" when another seat is out of time, "  OUT OF TIME" when yours
// is; empty without a clock or once the game has ended.
std::string my_game_clock_text(const v1::MyGame& game);

// The time `grant` gives: "12" or "12h" (hours), "2d" (days, in hours), "30m" (minutes).
struct GrantAmount {
  std::uint32_t hours = 0;
  std::uint32_t minutes = 0;
};
// nullopt when `text` is none of those forms.
std::optional<GrantAmount> parse_grant(const std::string& text);

}  // namespace grognard::cli
