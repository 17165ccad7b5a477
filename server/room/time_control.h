#pragma once
// A game's time control (docs/clocks.md), chosen when its room is created and written in its
// record as one line, the same one shown on the room and in every list:
//
//   ""                    none: nobody's clock runs
//   "days N"              N days (1 to 14) for each move, whatever was left of the last
//   "pace B+I/C"          a bank B, I more after each move, never more than C ("pace 3d+1d/7d");
//                         the presets "pace fast" (1d+12h/2d), "pace normal" (3d+1d/5d) and
//                         "pace slow" (7d+2d/14d) are written out so
//   "live M"              M minutes (1 to 600) for the whole game, for players who sit
//   "live M+S"            together; S seconds (0 to 600) more after each move
//
// Durations in "pace" are whole minutes, hours or days ("90m", "12h", "3d"). A move is what a
// seat does from the time the game waits for it until it waits for it no more.

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/result.h"

namespace grognard::room {

struct TimeControl {
  enum class Kind { kNone, kDays, kPace, kLive };
  Kind kind = Kind::kNone;
  std::int64_t bank_ms = 0;       // what each seat has when the game begins
  std::int64_t increment_ms = 0;  // added to a seat's time when its move ends
  std::int64_t cap_ms = 0;        // never more than this (0: no cap)

  bool none() const { return kind == Kind::kNone; }
  // The canonical line: parse(line()) gives this back.
  std::string line() const;
  // For people: "3 days per move", "3 days, 1 day more a move, at most 7 days", "30 minutes".
  std::string describe() const;

  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// Errors name clause "clock.time-control" and say what was wrong and what is accepted.
engine::Result<TimeControl> parse_time_control(std::string_view text);

// "2 days 3 hours", "5 hours 12 minutes", "40 seconds": a span for people, to the two largest
// units.
std::string describe_span(std::int64_t ms);

inline constexpr std::int64_t kMinuteMs = 60'000;
inline constexpr std::int64_t kHourMs = 60 * kMinuteMs;
inline constexpr std::int64_t kDayMs = 24 * kHourMs;

}  // namespace grognard::room
