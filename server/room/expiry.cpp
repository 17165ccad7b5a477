#include "room/expiry.h"

#include <algorithm>
#include <cstdio>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

namespace grognard::room {

namespace asio = boost::asio;

std::string expiry_reason(std::chrono::milliseconds limit) {
  constexpr std::int64_t kHour = 3'600'000;
  const std::int64_t ms = limit.count();
  std::string hours;
  if (ms % kHour == 0) {
    hours = std::to_string(ms / kHour);
  } else {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", static_cast<double>(ms) / kHour);
    hours = text;
  }
  return "expired after " + hours + (hours == "1" ? " hour" : " hours") + " waiting for players";
}

std::chrono::milliseconds expiry_interval(std::chrono::milliseconds limit) {
  using std::chrono::milliseconds;
  return std::clamp(limit / 60, milliseconds(50), milliseconds(std::chrono::minutes(1)));
}

// The state a pending wait holds. The timer is destroyed by stop(), so never after the
// executor's context; a handler that runs later finds it gone and does nothing.
struct Periodic::State {
  std::mutex mu;
  std::unique_ptr<asio::steady_timer> timer;  // null once stopped
  std::chrono::milliseconds interval{};
  std::function<void()> tick;

  // REQUIRES: mu held and timer set.
  static void arm(const std::shared_ptr<State>& self) {
    self->timer->expires_after(self->interval);
    self->timer->async_wait([self](const boost::system::error_code& ec) {
      if (ec) return;
      std::lock_guard lock(self->mu);
      if (!self->timer) return;
      self->tick();
      arm(self);
    });
  }
};

Periodic::Periodic(asio::any_io_executor executor, std::chrono::milliseconds interval,
                   std::function<void()> tick)
    : state_(std::make_shared<State>()) {
  std::lock_guard lock(state_->mu);
  state_->timer = std::make_unique<asio::steady_timer>(asio::make_strand(executor));
  state_->interval = interval;
  state_->tick = std::move(tick);
  State::arm(state_);
}

Periodic::~Periodic() {
  stop();
}

void Periodic::stop() {
  std::lock_guard lock(state_->mu);
  state_->timer.reset();
}

void Tombstones::add(const std::string& invite_code, const std::vector<Hash32>& tokens,
                     std::string message) {
  std::lock_guard lock(mu_);
  if (capacity_ == 0) return;
  while (order_.size() >= capacity_) {
    const Entry& old = order_.front();
    by_invite_.erase(old.invite_code);
    for (const Hash32& t : old.tokens) by_token_.erase(t);
    order_.pop_front();
  }
  by_invite_[invite_code] = message;
  for (const Hash32& t : tokens) by_token_[t] = message;
  order_.push_back(Entry{invite_code, tokens});
}

std::optional<std::string> Tombstones::by_invite(const std::string& invite_code) const {
  std::lock_guard lock(mu_);
  auto it = by_invite_.find(invite_code);
  if (it == by_invite_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> Tombstones::by_token(const Hash32& token_hash) const {
  std::lock_guard lock(mu_);
  auto it = by_token_.find(token_hash);
  if (it == by_token_.end()) return std::nullopt;
  return it->second;
}

}  // namespace grognard::room
