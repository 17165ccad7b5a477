#include "room/periodic.h"

#include <mutex>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

namespace grognard::room {

namespace asio = boost::asio;

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

}  // namespace grognard::room
