#include "room/tombstones.h"

#include <algorithm>
#include <cstdio>

namespace grognard::room {

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

void Tombstones::add(const std::string& invite_code, const std::vector<record::Hash32>& tokens,
                     std::string message) {
  std::lock_guard lock(mu_);
  if (capacity_ == 0) return;
  while (order_.size() >= capacity_) {
    const Entry& old = order_.front();
    by_invite_.erase(old.invite_code);
    for (const record::Hash32& t : old.tokens) by_token_.erase(t);
    order_.pop_front();
  }
  by_invite_[invite_code] = message;
  for (const record::Hash32& t : tokens) by_token_[t] = message;
  order_.push_back(Entry{invite_code, tokens});
}

std::optional<std::string> Tombstones::by_invite(const std::string& invite_code) const {
  std::lock_guard lock(mu_);
  auto it = by_invite_.find(invite_code);
  if (it == by_invite_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> Tombstones::by_token(const record::Hash32& token_hash) const {
  std::lock_guard lock(mu_);
  auto it = by_token_.find(token_hash);
  if (it == by_token_.end()) return std::nullopt;
  return it->second;
}

}  // namespace grognard::room
