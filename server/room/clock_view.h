#pragma once
// A room's clocks as other threads read them (room/room_snapshot.h): the time control, the
// clocks as of the room's last batch and the accounts of its seats, from which RoomInfo.clocks
// are worked out afresh at each reading, so that a list shows the time left now and a seat that
// ran out since as out of time (docs/clocks.md).

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "room/clock.h"
#include "room/clock_calendar.h"
#include "room/game_clock.h"
#include "room/messages.h"
#include "room/time_control.h"

namespace grognard::room {

// How long a seat's clock stood still over [from, to): the calendar's spans for the account
// `account_of` names (0: none) for the seat. No calendar: never.
PausedMs paused_by(std::shared_ptr<const ClockCalendar> calendar,
                   std::function<std::int64_t(const std::string& seat)> account_of);

struct ClockView {
  TimeControl tc;
  GameClock clock;
  bool running = false;  // the game runs: its clocks may
  // The generals' and players' seats (never a referee's), with the account holding each (0:
  // none), in the room's order.
  std::vector<std::pair<std::string, std::int64_t>> seats;
  std::shared_ptr<const ClockCalendar> calendar;
  Clock now;

  // Sets info's time control, clocks and clocks_at_ms as of now().
  void fill(v1::RoomInfo& info) const;
};

}  // namespace grognard::room
