#include "room/clock_calendar.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "room/time_control.h"

namespace grognard::room {
namespace {

engine::Error refuse(std::string message) {
  return engine::Error{engine::ErrorCode::kFailedPrecondition, "clock.vacation",
                       std::move(message)};
}

std::int64_t whole_days(const TimeSpan& s) {
  return std::max<std::int64_t>(1, (s.to_ms - s.from_ms + kDayMs - 1) / kDayMs);
}

}  // namespace

std::int64_t year_start_ms(std::int64_t ms) {
  using namespace std::chrono;
  const year_month_day ymd{floor<days>(sys_time<milliseconds>(milliseconds(ms)))};
  return duration_cast<milliseconds>(sys_days{ymd.year() / January / 1}.time_since_epoch()).count();
}

std::int64_t next_year_start_ms(std::int64_t ms) {
  using namespace std::chrono;
  const year_month_day ymd{floor<days>(sys_time<milliseconds>(milliseconds(ms)))};
  return duration_cast<milliseconds>(
             sys_days{(ymd.year() + years{1}) / January / 1}.time_since_epoch())
      .count();
}

void ClockCalendar::add_downtime(TimeSpan span) {
  std::lock_guard lock(mu_);
  down_.push_back(span);
}

void ClockCalendar::set_vacation(std::int64_t account_id, TimeSpan span) {
  std::lock_guard lock(mu_);
  auto& list = vacations_[account_id];
  auto it = std::find_if(list.begin(), list.end(),
                         [&](const TimeSpan& s) { return s.from_ms == span.from_ms; });
  if (it != list.end()) {
    *it = span;
  } else {
    list.push_back(span);
    std::sort(list.begin(), list.end(),
              [](const TimeSpan& a, const TimeSpan& b) { return a.from_ms < b.from_ms; });
  }
}

void ClockCalendar::forget_account(std::int64_t account_id) {
  std::lock_guard lock(mu_);
  vacations_.erase(account_id);
}

std::int64_t ClockCalendar::paused_ms(std::int64_t account_id, std::int64_t from,
                                      std::int64_t to) const {
  if (to <= from) return 0;
  std::vector<TimeSpan> parts;
  std::lock_guard lock(mu_);
  auto clip = [&](const TimeSpan& s) {
    const TimeSpan c{std::max(s.from_ms, from), std::min(s.to_ms, to)};
    if (c.to_ms > c.from_ms) parts.push_back(c);
  };
  for (const TimeSpan& s : down_) clip(s);
  if (account_id != 0) {
    if (auto it = vacations_.find(account_id); it != vacations_.end()) {
      for (const TimeSpan& s : it->second) clip(s);
    }
  }
  std::sort(parts.begin(), parts.end(),
            [](const TimeSpan& a, const TimeSpan& b) { return a.from_ms < b.from_ms; });
  std::int64_t total = 0;
  std::int64_t reached = from;
  for (const TimeSpan& s : parts) {
    const std::int64_t begin = std::max(s.from_ms, reached);
    if (s.to_ms > begin) total += s.to_ms - begin;
    reached = std::max(reached, s.to_ms);
  }
  return total;
}

std::optional<TimeSpan> ClockCalendar::on_vacation(std::int64_t account_id,
                                                   std::int64_t now) const {
  std::lock_guard lock(mu_);
  auto it = vacations_.find(account_id);
  if (it == vacations_.end()) return std::nullopt;
  for (const TimeSpan& s : it->second) {
    if (s.from_ms <= now && now < s.to_ms) return s;
  }
  return std::nullopt;
}

int ClockCalendar::used_days(std::int64_t account_id, std::int64_t year_start,
                             std::int64_t year_end) const {
  std::int64_t used = 0;
  if (auto it = vacations_.find(account_id); it != vacations_.end()) {
    for (const TimeSpan& s : it->second) {
      if (s.from_ms >= year_start && s.from_ms < year_end) used += whole_days(s);
    }
  }
  return static_cast<int>(used);
}

int ClockCalendar::days_left(std::int64_t account_id, std::int64_t now) const {
  std::lock_guard lock(mu_);
  return std::max(
      0, budget_days_ - used_days(account_id, year_start_ms(now), next_year_start_ms(now)));
}

engine::Result<TimeSpan> ClockCalendar::plan_vacation(std::int64_t account_id, int days,
                                                      std::int64_t now) const {
  if (auto on = on_vacation(account_id, now)) {
    return refuse("you are already on vacation for " + describe_span(on->to_ms - now) +
                  " more: end it first");
  }
  const int left = days_left(account_id, now);
  if (days < 1) return refuse("a vacation is at least one whole day");
  if (days > left) {
    return refuse(
        fmt::format("{} days asked, {} left of this year's {}", days, left, budget_days_));
  }
  return TimeSpan{now, now + std::int64_t{days} * kDayMs};
}

engine::Result<TimeSpan> ClockCalendar::plan_return(std::int64_t account_id,
                                                    std::int64_t now) const {
  auto on = on_vacation(account_id, now);
  if (!on) return refuse("you are not on vacation");
  return TimeSpan{on->from_ms, now};
}

}  // namespace grognard::room
