#pragma once
// The clocks of one game (docs/clocks.md): what each seat has left, and whose clock runs. A
// seat's clock runs while the game waits for it (never a referee's); when its move ends the
// time it took is taken from its bank, less the time its clock stood still (the server down,
// its account on vacation), and the increment is added, up to the cap. A seat whose time has
// run out stays at zero until its move ends or someone grants it more.
//
// The clocks are written in the game's record with every batch that changes them
// (GameRecord::clocks), so a game loaded again goes on from where it was; stored() and
// GameClock(stored) are that line.
//
// Strand-only: a room's clock is the room's.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "room/time_control.h"

namespace grognard::room {

// The milliseconds of [from, to) during which `seat`'s clock stood still.
using PausedMs =
    std::function<std::int64_t(const std::string& seat, std::int64_t from, std::int64_t to)>;

struct SeatClock {
  std::string seat;
  std::int64_t bank_ms = 0;   // at `since_ms` if running, else now
  std::int64_t since_ms = 0;  // when it began to run; 0: not running

  bool running() const { return since_ms != 0; }
  friend bool operator==(const SeatClock&, const SeatClock&) = default;
};

class GameClock {
 public:
  GameClock() = default;
  // From GameRecord::clocks; a line it cannot read gives the clocks of a game not yet begun.
  explicit GameClock(std::string_view stored);
  std::string stored() const;

  // From `now` on the game waits for `acting` (referees left out by the caller): the clocks of
  // seats no longer in it stop (their move ends), those of seats new in it start.
  void act(const TimeControl& tc, const std::vector<std::string>& acting, std::int64_t now,
           const PausedMs& paused);
  // Every clock stops (the game ended), charged up to `now`.
  void stop(std::int64_t now, const PausedMs& paused);
  // `ms` more for `seat` from `now` on; a seat out of time gets `ms` from now.
  void grant(const TimeControl& tc, const std::string& seat, std::int64_t ms, std::int64_t now,
             const PausedMs& paused);

  // What `seat` has left at `now` (its bank if it never ran; 0 when out of time).
  std::int64_t left(const TimeControl& tc, const std::string& seat, std::int64_t now,
                    const PausedMs& paused) const;
  bool running(const std::string& seat) const;
  // The first running seat whose time has run out at `now`.
  std::optional<std::string> out_of_time(std::int64_t now, const PausedMs& paused) const;
  const std::vector<SeatClock>& seats() const { return seats_; }

 private:
  SeatClock* find(const std::string& seat);
  const SeatClock* find(const std::string& seat) const;
  // What `c` has left at `now`, below zero when overdue.
  static std::int64_t remaining(const SeatClock& c, std::int64_t now, const PausedMs& paused);
  void end_move(const TimeControl& tc, SeatClock& c, std::int64_t now, const PausedMs& paused);

  std::vector<SeatClock> seats_;
};

}  // namespace grognard::room
