#include "room/refusal_log.h"

#include <spdlog/spdlog.h>

namespace grognard::room {

void RefusalLog::note(std::string_view kind, std::string_view address, const std::string& what) {
  std::uint64_t held = 0;
  {
    std::lock_guard lock(mu_);
    auto it = kinds_.find(kind);
    if (it == kinds_.end()) it = kinds_.emplace(std::string(kind), Kind{}).first;
    Kind& k = it->second;
    const std::int64_t now = now_();
    if (k.last_ms != 0 && now - k.last_ms < interval_ms_) {
      ++k.held;
      return;
    }
    held = k.held;
    k.held = 0;
    k.last_ms = now;
  }
  spdlog::warn(
      "refused ({}) from {}: {}{}", kind, address, what,
      held == 0 ? std::string() : " (and " + std::to_string(held) + " more since the last line)");
}

}  // namespace grognard::room
