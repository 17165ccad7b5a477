#include "site/bans.h"

namespace grognard::site {

void Bans::add(Ban ban) {
  std::lock_guard lock(mu_);
  bans_[ban.address] = std::move(ban);
}

bool Bans::lift(const std::string& address) {
  std::lock_guard lock(mu_);
  return bans_.erase(address) > 0;
}

std::optional<Ban> Bans::find(const std::string& address, std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  auto it = bans_.find(address);
  if (it == bans_.end()) return std::nullopt;
  if (it->second.until_ms <= now_ms) {
    bans_.erase(it);
    return std::nullopt;
  }
  return it->second;
}

std::vector<Ban> Bans::list(std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  std::erase_if(bans_, [now_ms](const auto& entry) { return entry.second.until_ms <= now_ms; });
  std::vector<Ban> out;
  for (const auto& [address, ban] : bans_) out.push_back(ban);
  return out;
}

}  // namespace grognard::site
