#pragma once
// Back-off for guessing (LobbyOptions::join_failures_per_minute): unknown invite codes and
// unknown seat tokens are counted per client address, in a window of one minute that starts
// at the address's first failure. Past the bound, the address waits for its window to end:
// its joins and resumes are refused before any code or token is looked up.
//
// The table is bounded: an address whose window ended is dropped when met, and past
// `capacity` addresses the oldest window goes first. Thread-safe.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

namespace grognard::room {

class JoinFailures {
 public:
  static constexpr std::int64_t kWindowMs = 60'000;
  static constexpr std::size_t kCapacity = 10'000;

  // `per_minute` 0: no bound (nothing is counted).
  explicit JoinFailures(std::size_t per_minute, std::size_t capacity = kCapacity)
      : per_minute_(per_minute), capacity_(capacity == 0 ? 1 : capacity) {}

  // Whole seconds (rounded up) `address` must still wait before trying again; 0: it may try.
  std::int64_t wait_seconds(const std::string& address, std::int64_t now_ms);
  // `address` tried an invite code or a seat token that opens nothing.
  void failed(const std::string& address, std::int64_t now_ms);

  std::size_t per_minute() const { return per_minute_; }
  // Addresses in the table (tests: it stays bounded).
  std::size_t tracked() const;

 private:
  struct Window {
    std::int64_t start_ms = 0;
    std::size_t failures = 0;
  };
  struct Started {
    std::string address;
    std::int64_t start_ms;
  };
  // REQUIRES: mu_ held. Drops the windows that ended by `now_ms` (and, past capacity, the oldest).
  void age(std::int64_t now_ms, std::size_t room_for);

  const std::size_t per_minute_;
  const std::size_t capacity_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, Window> windows_;
  std::deque<Started> order_;  // windows in the order they started; some since replaced
};

}  // namespace grognard::room
