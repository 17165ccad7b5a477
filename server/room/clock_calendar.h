#pragma once
// When clocks stand still (docs/clocks.md): the times the server was down, for every clock,
// and each account's vacations, for the clocks of the seats it holds. The lobby fills it at
// start from the store (store/clock_records.h); the accounts' desk adds vacations as they are
// taken and ended; rooms ask it how much of a span their seats' clocks stood still.
//
// Vacations (docs/clocks.md, "Vacations"): an account has `budget_days` a year (the year a
// vacation begins in, UTC); each vacation is whole days, at least one; ending it early gives
// back the days not begun.
//
// Thread-safety: every member may be called from any thread (one lock).

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

#include "engine/result.h"

namespace grognard::room {

struct TimeSpan {
  std::int64_t from_ms = 0;
  std::int64_t to_ms = 0;
  friend bool operator==(const TimeSpan&, const TimeSpan&) = default;
};

class ClockCalendar {
 public:
  explicit ClockCalendar(int budget_days = 14) : budget_days_(budget_days) {}

  void add_downtime(TimeSpan span);
  void set_vacation(std::int64_t account_id, TimeSpan span);  // a new one, or one ended early
  // The account was deleted (its vacations with it, in the store).
  void forget_account(std::int64_t account_id);

  // The milliseconds of [from, to) during which the clock of a seat held by `account_id` (0:
  // none) stood still: the server down, or the account on vacation.
  std::int64_t paused_ms(std::int64_t account_id, std::int64_t from, std::int64_t to) const;

  // The vacation `account_id` is on at `now`, if any.
  std::optional<TimeSpan> on_vacation(std::int64_t account_id, std::int64_t now) const;
  // Days of the budget left in the year of `now`.
  int days_left(std::int64_t account_id, std::int64_t now) const;
  int budget_days() const { return budget_days_; }

  // A vacation of `days` from `now`: refused (clause "clock.vacation") when already on one,
  // when days < 1 or more than the budget has left. Answers the span to store and set.
  engine::Result<TimeSpan> plan_vacation(std::int64_t account_id, int days, std::int64_t now) const;
  // Ends the vacation the account is on at `now`: the span to store and set (ending at `now`),
  // or an error when it is on none.
  engine::Result<TimeSpan> plan_return(std::int64_t account_id, std::int64_t now) const;

 private:
  int used_days(std::int64_t account_id, std::int64_t year_start, std::int64_t year_end) const;

  const int budget_days_;
  mutable std::mutex mu_;
  std::vector<TimeSpan> down_;
  std::map<std::int64_t, std::vector<TimeSpan>> vacations_;  // by account, by start
};

// The start of the UTC year `ms` falls in, and of the next one.
std::int64_t year_start_ms(std::int64_t ms);
std::int64_t next_year_start_ms(std::int64_t ms);

}  // namespace grognard::room
