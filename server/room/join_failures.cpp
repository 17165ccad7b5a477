#include "room/join_failures.h"

namespace grognard::room {

void JoinFailures::age(std::int64_t now_ms, std::size_t room_for) {
  while (!order_.empty()) {
    const Started& first = order_.front();
    const bool ended = now_ms - first.start_ms >= kWindowMs;
    if (!ended && windows_.size() + room_for <= capacity_) break;
    // Only the window this entry started: an address may have begun a newer one since.
    if (auto it = windows_.find(first.address);
        it != windows_.end() && it->second.start_ms == first.start_ms) {
      windows_.erase(it);
    }
    order_.pop_front();
  }
}

std::int64_t JoinFailures::wait_seconds(const std::string& address, std::int64_t now_ms) {
  if (per_minute_ == 0) return 0;
  std::lock_guard lock(mu_);
  age(now_ms, 0);
  auto it = windows_.find(address);
  if (it == windows_.end() || it->second.failures < per_minute_) return 0;
  const std::int64_t left_ms = it->second.start_ms + kWindowMs - now_ms;
  return left_ms <= 0 ? 0 : (left_ms + 999) / 1000;
}

void JoinFailures::failed(const std::string& address, std::int64_t now_ms) {
  if (per_minute_ == 0) return;
  std::lock_guard lock(mu_);
  age(now_ms, 0);
  if (!windows_.contains(address)) age(now_ms, 1);
  auto [it, added] = windows_.try_emplace(address, Window{now_ms, 0});
  if (added) order_.push_back(Started{address, now_ms});
  ++it->second.failures;
}

std::size_t JoinFailures::tracked() const {
  std::lock_guard lock(mu_);
  return windows_.size();
}

}  // namespace grognard::room
