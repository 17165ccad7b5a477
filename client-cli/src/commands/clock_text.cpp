#include "commands/clock_text.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>

namespace grognard::cli {

namespace {

constexpr std::int64_t kMinute = 60'000;
constexpr std::int64_t kHour = 60 * kMinute;
constexpr std::int64_t kDay = 24 * kHour;

std::string count(std::int64_t n, const std::string& unit) {
  return std::to_string(n) + " " + unit + (n == 1 ? "" : "s");
}

}  // namespace

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string duration_text(std::int64_t ms) {
  ms = std::max<std::int64_t>(ms, 0);
  if (ms < kHour) {
    const std::int64_t seconds = (ms + 999) / 1000;  // 0:01 until it is all gone
    char buf[16];
    std::snprintf(buf, sizeof buf, "%lld:%02lld", static_cast<long long>(seconds / 60),
                  static_cast<long long>(seconds % 60));
    return buf;
  }
  if (ms >= kDay) {
    const std::int64_t hours = ms % kDay / kHour;
    return count(ms / kDay, "day") + (hours == 0 ? "" : " " + count(hours, "hour"));
  }
  const std::int64_t minutes = ms % kHour / kMinute;
  return count(ms / kHour, "hour") + (minutes == 0 ? "" : " " + count(minutes, "minute"));
}

std::int64_t clock_left(const v1::SeatClock& clock, std::int64_t elapsed_ms) {
  if (clock.out_of_time()) return 0;
  if (!clock.running() || clock.paused()) return clock.left_ms();
  return std::max<std::int64_t>(0, clock.left_ms() - std::max<std::int64_t>(elapsed_ms, 0));
}

std::string seat_clock_text(const v1::SeatClock& clock, std::int64_t elapsed_ms) {
  const std::int64_t left = clock_left(clock, elapsed_ms);
  if (clock.out_of_time() || (clock.running() && left == 0)) return "OUT OF TIME";
  if (clock.paused()) return duration_text(left) + ", paused";
  return duration_text(left) + (clock.running() ? ", running" : "");
}

std::string clocks_text(const v1::RoomInfo& room, std::int64_t elapsed_ms) {
  if (room.time_control().empty()) return "";
  std::string out =
      room.time_control_text().empty() ? room.time_control() : room.time_control_text();
  std::string lead = ": ";
  for (const auto& c : room.clocks()) {
    std::string label = c.seat_id();
    for (const auto& s : room.seats()) {
      if (s.seat_id() == c.seat_id() && !s.label().empty()) label = s.label();
    }
    out += lead + label + " " + seat_clock_text(c, elapsed_ms);
    lead = "; ";
  }
  return out;
}

std::string my_game_clock_text(const v1::MyGame& game) {
  if (game.game().time_control().empty()) return "";
  const std::string& status = game.game().status();
  if (status != "running" && status != "waiting") return "";
  // Where both seats ran out at once (both were to act), each is told both.
  const std::string claim = game.may_claim() ? "you may claim a win on time" : "";
  if (game.time_left_ms() <= 0) return "  OUT OF TIME" + (claim.empty() ? "" : "; " + claim);
  if (!claim.empty()) return "  " + claim;
  return "  " + duration_text(game.time_left_ms()) + " left";
}

std::optional<GrantAmount> parse_grant(const std::string& text) {
  std::size_t digits = 0;
  while (digits < text.size() && digits < 6 &&
         std::isdigit(static_cast<unsigned char>(text[digits])))
    ++digits;
  if (digits == 0) return std::nullopt;
  const std::string unit = text.substr(digits);
  const auto n = static_cast<std::uint32_t>(std::stoul(text.substr(0, digits)));
  if (unit.empty() || unit == "h") return GrantAmount{n, 0};
  if (unit == "d") return GrantAmount{n * 24, 0};
  if (unit == "m") return GrantAmount{0, n};
  return std::nullopt;
}

}  // namespace grognard::cli
