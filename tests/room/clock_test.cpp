// Time controls, clocks and when they stand still (docs/clocks.md): the time control's line,
// each seat's clock over moves, the downtime and vacation spans, the vacation budget.
#include <catch2/catch.hpp>

#include "room/clock_calendar.h"
#include "room/game_clock.h"
#include "room/time_control.h"

namespace grognard::room {
namespace {

constexpr std::int64_t T0 = 1'780'000'000'000;  // 2026-05-28, a Thursday

TimeControl parsed(std::string_view line) {
  auto tc = parse_time_control(line);
  INFO(line << ": " << (tc.ok() ? "" : tc.error().message));
  REQUIRE(tc.ok());
  return *tc;
}

const PausedMs kNever = {};

}  // namespace

TEST_CASE("time controls read, write back and describe their lines",
          "[clock][clock.time-control]") {
  CHECK(parsed("").none());
  CHECK(parsed("none").none());
  CHECK(parsed("days 3") ==
        TimeControl{TimeControl::Kind::kDays, 3 * kDayMs, 3 * kDayMs, 3 * kDayMs});
  CHECK(parsed("days 3").line() == "days 3");
  CHECK(parsed("days 1").describe() == "1 day per move");
  CHECK(parsed("pace normal").line() == "pace 3d+1d/5d");
  CHECK(parsed("pace fast").line() == "pace 1d+12h/2d");
  CHECK(parsed("pace 36h+90m/3d").line() == "pace 36h+90m/3d");
  CHECK(parsed("pace 3d+1d/7d").describe() == "3 days to begin, 1 day more a move, at most 7 days");
  CHECK(parsed("live 30").line() == "live 30");
  CHECK(parsed("live 30+10").line() == "live 30+10");
  CHECK(parsed("live 30+10").describe() == "30 minutes each, 10 seconds more a move");
  CHECK(parsed("  days 14 ").line() == "days 14");
  for (const char* bad : {"days 0", "days 15", "days", "pace 3d+1d", "pace 3x+1d/5d",
                          "pace 3d+1d/2d", "live 0", "live 601", "live 30+700", "blitz 5"}) {
    auto tc = parse_time_control(bad);
    INFO(bad);
    REQUIRE_FALSE(tc.ok());
    CHECK(tc.error().clause == "clock.time-control");
    CHECK(tc.error().message.find(bad) != std::string::npos);
    CHECK(tc.error().message.find("accepted:") != std::string::npos);
  }
}

TEST_CASE("spans are told in their two largest units", "[clock]") {
  CHECK(describe_span(0) == "0 seconds");
  CHECK(describe_span(40'000) == "40 seconds");
  CHECK(describe_span(2 * kDayMs + 3 * kHourMs + 5 * kMinuteMs) == "2 days 3 hours");
  CHECK(describe_span(kHourMs + 1000) == "1 hour");
  CHECK(describe_span(-5) == "0 seconds");
}

TEST_CASE("days per move: each move has the whole allowance again", "[clock][clock.days]") {
  const TimeControl tc = parsed("days 2");
  GameClock c;
  c.act(tc, {"side:0"}, T0, kNever);
  CHECK(c.running("side:0"));
  CHECK_FALSE(c.running("side:1"));
  CHECK(c.left(tc, "side:0", T0 + kDayMs, kNever) == kDayMs);
  CHECK(c.left(tc, "side:1", T0 + kDayMs, kNever) == 2 * kDayMs);  // never ran: its bank
  c.act(tc, {"side:1"}, T0 + 36 * kHourMs, kNever);
  CHECK(c.left(tc, "side:0", T0 + 40 * kHourMs, kNever) == 2 * kDayMs);
  CHECK(c.left(tc, "side:1", T0 + 40 * kHourMs, kNever) == 2 * kDayMs - 4 * kHourMs);
  // Out of time: nothing left, and the first running seat out of time is named.
  CHECK_FALSE(c.out_of_time(T0 + 36 * kHourMs + 2 * kDayMs - 1, kNever));
  CHECK(c.out_of_time(T0 + 36 * kHourMs + 2 * kDayMs, kNever) == "side:1");
  CHECK(c.left(tc, "side:1", T0 + 10 * kDayMs, kNever) == 0);
}

TEST_CASE("a pace: the time taken comes off the bank, the increment goes on, up to the cap",
          "[clock][clock.pace]") {
  const TimeControl tc = parsed("pace 3d+1d/5d");
  GameClock c;
  c.act(tc, {"side:0"}, T0, kNever);
  c.act(tc, {"side:1"}, T0 + kHourMs, kNever);  // side:0 took an hour: 3d - 1h + 1d
  CHECK(c.left(tc, "side:0", T0 + kDayMs, kNever) == 4 * kDayMs - kHourMs);
  c.act(tc, {"side:0"}, T0 + 2 * kHourMs, kNever);
  c.act(tc, {"side:1"}, T0 + 3 * kHourMs, kNever);  // 4d - 2h + 1d, capped at 5d
  CHECK(c.left(tc, "side:0", T0 + 3 * kHourMs, kNever) == 5 * kDayMs - 2 * kHourMs);
  c.act(tc, {"side:0"}, T0 + 4 * kHourMs, kNever);
  c.act(tc, {"side:1"}, T0 + 5 * kHourMs, kNever);
  CHECK(c.left(tc, "side:0", T0 + 5 * kHourMs, kNever) == 5 * kDayMs);  // the cap
  // A move ended after the time ran out leaves the increment only.
  c.act(tc, {"side:0"}, T0 + 6 * kHourMs, kNever);
  c.act(tc, {"side:1"}, T0 + 6 * kHourMs + 9 * kDayMs, kNever);
  CHECK(c.left(tc, "side:0", T0 + 10 * kDayMs, kNever) == kDayMs);
}

TEST_CASE("both seats' clocks run while the game waits for both", "[clock][clock.pace]") {
  const TimeControl tc = parsed("live 10");
  GameClock c;
  c.act(tc, {"side:0", "side:1"}, T0, kNever);
  c.act(tc, {"side:1"}, T0 + kMinuteMs, kNever);  // side:0 done, side:1 still at it
  CHECK(c.left(tc, "side:0", T0 + 5 * kMinuteMs, kNever) == 9 * kMinuteMs);
  CHECK(c.left(tc, "side:1", T0 + 5 * kMinuteMs, kNever) == 5 * kMinuteMs);
  c.stop(T0 + 6 * kMinuteMs, kNever);
  CHECK_FALSE(c.running("side:1"));
  CHECK(c.left(tc, "side:1", T0 + 60 * kMinuteMs, kNever) == 4 * kMinuteMs);
}

TEST_CASE("time granted is added from now, and a seat out of time gets it whole",
          "[clock][clock.grant]") {
  const TimeControl tc = parsed("days 1");
  GameClock c;
  c.act(tc, {"side:0"}, T0, kNever);
  c.grant(tc, "side:0", 2 * kHourMs, T0 + 3 * kDayMs, kNever);  // two days overdue
  CHECK(c.left(tc, "side:0", T0 + 3 * kDayMs, kNever) == 2 * kHourMs);
  CHECK(c.left(tc, "side:0", T0 + 3 * kDayMs + kHourMs, kNever) == kHourMs);
  c.grant(tc, "side:1", kHourMs, T0, kNever);  // never ran: its bank and more
  CHECK(c.left(tc, "side:1", T0 + kDayMs, kNever) == kDayMs + kHourMs);
}

TEST_CASE("clocks are stored as a line and read back, and a line that cannot be read is none",
          "[clock]") {
  const TimeControl tc = parsed("pace slow");
  GameClock c;
  c.act(tc, {"side:0"}, T0, kNever);
  c.act(tc, {"side:1"}, T0 + kHourMs, kNever);
  const GameClock back(c.stored());
  CHECK(back.seats() == c.seats());
  CHECK(back.stored() == c.stored());
  CHECK(GameClock("side:0 12").seats().empty());
  CHECK(GameClock("side:0 x 0").seats().empty());
  CHECK(GameClock("").seats().empty());
}

TEST_CASE("the time a clock stood still is not charged", "[clock][clock.paused]") {
  const TimeControl tc = parsed("days 1");
  GameClock c;
  const PausedMs half_day = [](const std::string& seat, std::int64_t, std::int64_t) {
    return seat == "side:0" ? 12 * kHourMs : 0;
  };
  c.act(tc, {"side:0"}, T0, half_day);
  CHECK(c.left(tc, "side:0", T0 + 20 * kHourMs, half_day) == 16 * kHourMs);
  CHECK(c.left(tc, "side:0", T0 + 20 * kHourMs, kNever) == 4 * kHourMs);
}

TEST_CASE("the calendar: downtime for everyone, vacations for their account, overlaps once",
          "[clock][clock.paused]") {
  ClockCalendar cal(14);
  cal.add_downtime({T0 + 10, T0 + 20});
  cal.set_vacation(7, {T0 + 15, T0 + 40});
  CHECK(cal.paused_ms(0, T0, T0 + 100) == 10);
  CHECK(cal.paused_ms(8, T0, T0 + 100) == 10);
  CHECK(cal.paused_ms(7, T0, T0 + 100) == 30);  // 10..40, not 10 + 25
  CHECK(cal.paused_ms(7, T0 + 30, T0 + 35) == 5);
  CHECK(cal.paused_ms(7, T0 + 50, T0 + 40) == 0);
}

TEST_CASE("vacations: whole days from a yearly budget, one at a time, ended early",
          "[clock][clock.vacation]") {
  ClockCalendar cal(14);
  CHECK(cal.days_left(7, T0) == 14);
  auto zero = cal.plan_vacation(7, 0, T0);
  REQUIRE_FALSE(zero.ok());
  CHECK(zero.error().clause == "clock.vacation");
  auto too_long = cal.plan_vacation(7, 15, T0);
  REQUIRE_FALSE(too_long.ok());
  CHECK(too_long.error().message == "15 days asked, 14 left of this year's 14");
  CHECK_FALSE(cal.plan_return(7, T0).ok());

  auto span = cal.plan_vacation(7, 3, T0);
  REQUIRE(span.ok());
  CHECK(*span == TimeSpan{T0, T0 + 3 * kDayMs});
  cal.set_vacation(7, *span);
  CHECK(cal.on_vacation(7, T0 + kDayMs) == *span);
  CHECK_FALSE(cal.on_vacation(8, T0 + kDayMs));
  CHECK(cal.days_left(7, T0) == 11);
  CHECK_FALSE(cal.plan_vacation(7, 1, T0 + kHourMs).ok());  // already on one

  // Back after 30 hours: two whole days are used, one goes back.
  auto back = cal.plan_return(7, T0 + 30 * kHourMs);
  REQUIRE(back.ok());
  CHECK(*back == TimeSpan{T0, T0 + 30 * kHourMs});
  cal.set_vacation(7, *back);
  CHECK(cal.days_left(7, T0 + 31 * kHourMs) == 12);
  CHECK(cal.paused_ms(7, T0, T0 + 3 * kDayMs) == 30 * kHourMs);
  // An hour's vacation still costs a day.
  auto next = cal.plan_vacation(7, 1, T0 + 2 * kDayMs);
  REQUIRE(next.ok());
  cal.set_vacation(7, TimeSpan{next->from_ms, next->from_ms + kHourMs});
  CHECK(cal.days_left(7, T0 + 3 * kDayMs) == 11);
  // A deleted account's vacations are forgotten.
  ClockCalendar other(14);
  other.set_vacation(9, TimeSpan{T0, T0 + kDayMs});
  other.forget_account(9);
  CHECK(other.days_left(9, T0) == 14);
  CHECK(other.paused_ms(9, T0, T0 + kDayMs) == 0);
  // The budget is a year's: the next year begins whole.
  CHECK(cal.days_left(7, next_year_start_ms(T0)) == 14);
  CHECK(year_start_ms(T0) == 1'767'225'600'000);  // 2026-01-01T00:00Z
}

}  // namespace grognard::room
