#pragma once
// A token bucket: `rate` tokens a second, at most `burst` saved up; each message takes one.
// Beast-free and clock-free (the caller passes the time), so tests need no sleeping.
//
// Thread-safety: none; a bucket belongs to one connection's strand.

#include <chrono>
#include <cstdint>

namespace grognard::net {

class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;

  // rate 0 disables the limit. The bucket starts full.
  TokenBucket(std::uint32_t rate, std::uint32_t burst, Clock::time_point now);

  // Takes one token if there is one.
  bool take(Clock::time_point now);

 private:
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace grognard::net
