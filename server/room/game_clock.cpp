#include "room/game_clock.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

namespace grognard::room {
namespace {

bool read_i64(std::string_view s, std::int64_t& out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && end == s.data() + s.size();
}

}  // namespace

// "side:0 86400000 1733600000000;side:1 86400000 0": seat, bank, since.
GameClock::GameClock(std::string_view stored) {
  while (!stored.empty()) {
    const auto semi = stored.find(';');
    const std::string_view entry = stored.substr(0, semi);
    stored = semi == std::string_view::npos ? "" : stored.substr(semi + 1);
    const auto a = entry.find(' ');
    const auto b = a == std::string_view::npos ? a : entry.find(' ', a + 1);
    SeatClock c;
    if (b == std::string_view::npos || !read_i64(entry.substr(a + 1, b - a - 1), c.bank_ms) ||
        !read_i64(entry.substr(b + 1), c.since_ms)) {
      seats_.clear();
      return;
    }
    c.seat = std::string(entry.substr(0, a));
    seats_.push_back(std::move(c));
  }
}

std::string GameClock::stored() const {
  std::string out;
  for (const SeatClock& c : seats_) {
    if (!out.empty()) out += ';';
    out += fmt::format("{} {} {}", c.seat, c.bank_ms, c.since_ms);
  }
  return out;
}

SeatClock* GameClock::find(const std::string& seat) {
  auto it =
      std::find_if(seats_.begin(), seats_.end(), [&](const auto& c) { return c.seat == seat; });
  return it == seats_.end() ? nullptr : &*it;
}

const SeatClock* GameClock::find(const std::string& seat) const {
  return const_cast<GameClock*>(this)->find(seat);
}

std::int64_t GameClock::remaining(const SeatClock& c, std::int64_t now, const PausedMs& paused) {
  if (!c.running() || now <= c.since_ms) return c.bank_ms;
  const std::int64_t spent = (now - c.since_ms) - (paused ? paused(c.seat, c.since_ms, now) : 0);
  return c.bank_ms - std::max<std::int64_t>(spent, 0);
}

void GameClock::end_move(const TimeControl& tc, SeatClock& c, std::int64_t now,
                         const PausedMs& paused) {
  c.bank_ms = std::max<std::int64_t>(remaining(c, now, paused), 0) + tc.increment_ms;
  if (tc.cap_ms != 0) c.bank_ms = std::min(c.bank_ms, tc.cap_ms);
  c.since_ms = 0;
}

void GameClock::act(const TimeControl& tc, const std::vector<std::string>& acting, std::int64_t now,
                    const PausedMs& paused) {
  if (tc.none()) return;
  for (SeatClock& c : seats_) {
    if (c.running() && std::find(acting.begin(), acting.end(), c.seat) == acting.end())
      end_move(tc, c, now, paused);
  }
  for (const std::string& seat : acting) {
    SeatClock* c = find(seat);
    if (c == nullptr) {
      seats_.push_back(SeatClock{seat, tc.bank_ms, 0});
      c = &seats_.back();
    }
    if (!c->running()) c->since_ms = now;
  }
}

void GameClock::stop(std::int64_t now, const PausedMs& paused) {
  for (SeatClock& c : seats_) {
    if (c.running()) {
      c.bank_ms = std::max<std::int64_t>(remaining(c, now, paused), 0);
      c.since_ms = 0;
    }
  }
}

void GameClock::grant(const TimeControl& tc, const std::string& seat, std::int64_t ms,
                      std::int64_t now, const PausedMs& paused) {
  SeatClock* c = find(seat);
  if (c == nullptr) {
    seats_.push_back(SeatClock{seat, tc.bank_ms, 0});
    c = &seats_.back();
  }
  c->bank_ms = std::max<std::int64_t>(remaining(*c, now, paused), 0) + ms;
  if (c->running()) c->since_ms = now;
}

std::int64_t GameClock::left(const TimeControl& tc, const std::string& seat, std::int64_t now,
                             const PausedMs& paused) const {
  const SeatClock* c = find(seat);
  if (c == nullptr) return tc.bank_ms;
  return std::max<std::int64_t>(remaining(*c, now, paused), 0);
}

bool GameClock::running(const std::string& seat) const {
  const SeatClock* c = find(seat);
  return c != nullptr && c->running();
}

std::optional<std::string> GameClock::out_of_time(std::int64_t now, const PausedMs& paused) const {
  for (const SeatClock& c : seats_) {
    if (c.running() && remaining(c, now, paused) <= 0) return c.seat;
  }
  return std::nullopt;
}

}  // namespace grognard::room
