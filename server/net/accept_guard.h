#pragma once
// Internal to net/ (server.cpp): the listener at the descriptor limit. Accepting fails while
// the process has no descriptor left; the listener then
//   - logs it at most once a second, saying how many accepts failed meanwhile
//     (AcceptFailures), instead of once per retry;
//   - gives up the one descriptor it keeps in reserve (SpareDescriptor) to accept the next
//     connection anyway and answer it over HTTP (/healthz, /metrics; a WebSocket upgrade gets
//     503), so that the operator's health check still gets through; the spare comes back when
//     that connection ends. Beast-free.
//
// Thread-safety: SpareDescriptor may be used from any thread; AcceptFailures belongs to the
// listener's strand.

#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>

namespace grognard::net {

class SpareDescriptor {
 public:
  SpareDescriptor() { restore(); }
  ~SpareDescriptor();
  SpareDescriptor(const SpareDescriptor&) = delete;
  SpareDescriptor& operator=(const SpareDescriptor&) = delete;

  // Closes the spare so that its number can be used; false when it was not held.
  bool release();
  // Opens the spare again (if it is not held and a descriptor is free).
  void restore();

 private:
  std::mutex mu_;
  int fd_ = -1;
};

class AcceptFailures {
 public:
  using Clock = std::chrono::steady_clock;
  // One failed accept, because of `why`; logs now, or counts it for the next log line.
  void failed(const std::string& why, Clock::time_point now);

 private:
  Clock::time_point last_log_{};
  bool logged_ = false;
  std::size_t unlogged_ = 0;
};

// Holds the spare released for one connection; restores it when the connection ends.
std::shared_ptr<void> hold_spare(std::shared_ptr<SpareDescriptor> spare);

}  // namespace grognard::net
