#pragma once
// A timer that ticks on a strand: what the lobby looks for expired and ended rooms with.

#include <chrono>
#include <functional>
#include <memory>

#include <boost/asio/any_io_executor.hpp>

namespace grognard::room {

// Calls `tick` every `interval` on a strand of `executor` until stopped or destroyed. Creates
// no thread. Thread-safety: stop() and the destructor may be called from any thread; neither
// may race with the other.
class Periodic {
 public:
  Periodic(boost::asio::any_io_executor executor, std::chrono::milliseconds interval,
           std::function<void()> tick);
  ~Periodic();
  Periodic(const Periodic&) = delete;
  Periodic& operator=(const Periodic&) = delete;

  // No tick starts after this returns (one running now finishes first).
  void stop();

 private:
  struct State;
  std::shared_ptr<State> state_;
};

}  // namespace grognard::room
