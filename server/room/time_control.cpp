#include "room/time_control.h"

#include <charconv>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace grognard::room {
namespace {

constexpr std::string_view kAccepted =
    "none, \"days N\" (1 to 14), \"pace fast|normal|slow\", \"pace B+I/C\" (e.g. 3d+1d/7d) or "
    "\"live M\" / \"live M+S\" (minutes, seconds more a move)";

engine::Error bad(std::string_view text, const std::string& why) {
  return engine::Error{engine::ErrorCode::kInvalidArgument, "clock.time-control",
                       fmt::format("time control \"{}\": {}; accepted: {}", text, why, kAccepted)};
}

std::optional<std::int64_t> number(std::string_view s) {
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc{} || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return n;
}

// "90m", "12h", "3d" -> ms.
std::optional<std::int64_t> span(std::string_view s) {
  if (s.size() < 2) return std::nullopt;
  const auto n = number(s.substr(0, s.size() - 1));
  if (!n || *n < 0 || *n > 100'000) return std::nullopt;
  switch (s.back()) {
    case 'm':
      return *n * kMinuteMs;
    case 'h':
      return *n * kHourMs;
    case 'd':
      return *n * kDayMs;
    default:
      return std::nullopt;
  }
}

std::string span_text(std::int64_t ms) {
  if (ms % kDayMs == 0) return fmt::format("{}d", ms / kDayMs);
  if (ms % kHourMs == 0) return fmt::format("{}h", ms / kHourMs);
  return fmt::format("{}m", ms / kMinuteMs);
}

std::string plural(std::int64_t n, std::string_view unit) {
  return fmt::format("{} {}{}", n, unit, n == 1 ? "" : "s");
}

engine::Result<TimeControl> pace(std::string_view text, std::string_view arg) {
  static const std::vector<std::pair<std::string_view, std::string_view>> kPresets{
      {"fast", "1d+12h/2d"}, {"normal", "3d+1d/5d"}, {"slow", "7d+2d/14d"}};
  for (const auto& [name, spec] : kPresets) {
    if (arg == name) arg = spec;
  }
  const auto plus = arg.find('+');
  const auto slash = arg.find('/');
  if (plus == std::string_view::npos || slash == std::string_view::npos || slash < plus)
    return bad(text, "a pace is a bank, '+' an increment, '/' a cap");
  const auto bank = span(arg.substr(0, plus));
  const auto inc = span(arg.substr(plus + 1, slash - plus - 1));
  const auto cap = span(arg.substr(slash + 1));
  if (!bank || !inc || !cap)
    return bad(text, "durations are whole minutes, hours or days: 90m, 12h, 3d");
  if (*bank < kHourMs || *bank > 30 * kDayMs) return bad(text, "the bank is 1 hour to 30 days");
  if (*inc > 14 * kDayMs) return bad(text, "the increment is at most 14 days");
  if (*cap < *bank || *cap > 60 * kDayMs)
    return bad(text, "the cap is at least the bank and at most 60 days");
  return TimeControl{TimeControl::Kind::kPace, *bank, *inc, *cap};
}

}  // namespace

engine::Result<TimeControl> parse_time_control(std::string_view text) {
  std::string_view t = text;
  while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
  while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
  if (t.empty() || t == "none") return TimeControl{};
  const auto space = t.find(' ');
  const std::string_view word = t.substr(0, space);
  std::string_view arg = space == std::string_view::npos ? "" : t.substr(space + 1);
  while (!arg.empty() && arg.front() == ' ') arg.remove_prefix(1);
  if (word == "days") {
    const auto n = number(arg);
    if (!n || *n < 1 || *n > 14) return bad(text, "days per move are 1 to 14");
    return TimeControl{TimeControl::Kind::kDays, *n * kDayMs, *n * kDayMs, *n * kDayMs};
  }
  if (word == "pace") return pace(text, arg);
  if (word == "live") {
    const auto plus = arg.find('+');
    const auto minutes = number(arg.substr(0, plus));
    const auto seconds = plus == std::string_view::npos ? std::optional<std::int64_t>{0}
                                                        : number(arg.substr(plus + 1));
    if (!minutes || *minutes < 1 || *minutes > 600) return bad(text, "live minutes are 1 to 600");
    if (!seconds || *seconds < 0 || *seconds > 600)
      return bad(text, "seconds more a move are 0 to 600");
    return TimeControl{TimeControl::Kind::kLive, *minutes * kMinuteMs, *seconds * 1000, 0};
  }
  return bad(text, "unknown kind \"" + std::string(word) + "\"");
}

std::string TimeControl::line() const {
  switch (kind) {
    case Kind::kNone:
      return "";
    case Kind::kDays:
      return fmt::format("days {}", bank_ms / kDayMs);
    case Kind::kPace:
      return fmt::format("pace {}+{}/{}", span_text(bank_ms), span_text(increment_ms),
                         span_text(cap_ms));
    case Kind::kLive:
      return increment_ms == 0
                 ? fmt::format("live {}", bank_ms / kMinuteMs)
                 : fmt::format("live {}+{}", bank_ms / kMinuteMs, increment_ms / 1000);
  }
  return "";
}

std::string TimeControl::describe() const {
  switch (kind) {
    case Kind::kNone:
      return "no time control";
    case Kind::kDays:
      return plural(bank_ms / kDayMs, "day") + " per move";
    case Kind::kPace:
      return fmt::format("{} to begin, {} more a move, at most {}", describe_span(bank_ms),
                         describe_span(increment_ms), describe_span(cap_ms));
    case Kind::kLive:
      return increment_ms == 0
                 ? plural(bank_ms / kMinuteMs, "minute") + " each"
                 : fmt::format("{} each, {} more a move", plural(bank_ms / kMinuteMs, "minute"),
                               plural(increment_ms / 1000, "second"));
  }
  return "";
}

std::string describe_span(std::int64_t ms) {
  if (ms < 0) ms = 0;
  const std::int64_t units[] = {kDayMs, kHourMs, kMinuteMs, 1000};
  const std::string_view names[] = {"day", "hour", "minute", "second"};
  std::string out;
  int shown = 0;
  for (int i = 0; i < 4 && shown < 2; ++i) {
    const std::int64_t n = ms / units[i];
    if (n == 0 && shown == 0) continue;
    ms -= n * units[i];
    if (n != 0) out += (out.empty() ? "" : " ") + plural(n, names[i]);
    ++shown;
  }
  return out.empty() ? "0 seconds" : out;
}

}  // namespace grognard::room
