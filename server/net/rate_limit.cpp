#include "net/rate_limit.h"

#include <algorithm>

namespace grognard::net {

TokenBucket::TokenBucket(std::uint32_t rate, std::uint32_t burst, Clock::time_point now)
    : rate_(rate), burst_(std::max<std::uint32_t>(burst, 1)), tokens_(burst_), last_(now) {}

bool TokenBucket::take(Clock::time_point now) {
  if (rate_ <= 0) return true;
  if (now > last_) {
    const double elapsed = std::chrono::duration<double>(now - last_).count();
    tokens_ = std::min(burst_, tokens_ + elapsed * rate_);
    last_ = now;
  }
  if (tokens_ < 1.0) return false;
  tokens_ -= 1.0;
  return true;
}

}  // namespace grognard::net
