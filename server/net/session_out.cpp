// The WebSocket session's write side and its closing (net/session_impl.h).

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>

#include <array>
#include <memory>

#include "grognard/v1/protocol.pb.h"
#include "net/session_impl.h"

namespace grognard::net::detail {

void Session::send(std::shared_ptr<const v1::ServerMessage> message) {
  if (!message) return;
  asio::dispatch(strand_, [self = shared_from_this(), message = std::move(message)] {
    self->deliver(message);
  });
}

void Session::shut_down(std::string reason) {
  asio::dispatch(strand_, [self = shared_from_this(), reason = std::move(reason)] {
    self->shut(websocket::close_code::going_away, reason, "shutdown");
  });
}

void Session::kick(std::string reason) {
  asio::dispatch(strand_, [self = shared_from_this(), reason = std::move(reason)] {
    self->shut(websocket::close_code::policy_error, reason, "admin");
  });
}

bool Session::backlogged() const {
  const auto& options = hub_->options;
  return queue_.size() * 2 >= std::max<std::size_t>(options.queue_messages, 1) ||
         queue_.bytes() * 2 >= options.queue_bytes;
}

namespace {

// The last message encoded on this thread in each format: a broadcast hands one message to
// many connections one after another, and it is encoded once for all of them. Holding the
// message keeps its address from being reused while it is remembered.
struct LastEncoded {
  std::shared_ptr<const v1::ServerMessage> message;
  std::shared_ptr<const std::string> bytes;
};

std::shared_ptr<const std::string> encoded(const std::shared_ptr<const v1::ServerMessage>& message,
                                           proto::Format format) {
  thread_local std::array<LastEncoded, 2> last;
  LastEncoded& slot = last.at(static_cast<std::size_t>(format));
  if (slot.message != message) {
    slot.bytes = std::make_shared<const std::string>(proto::encode(*message, format));
    slot.message = message;
  }
  return slot.bytes;
}

}  // namespace

void Session::deliver(const std::shared_ptr<const v1::ServerMessage>& message) {
  if (closing_ || !accepted_) return;
  OutFrame frame{encoded(message, format_), format_ == proto::Format::kBinary};
  const std::size_t frame_bytes = frame.size();
  if (queue_.empty()) last_write_ = Clock::now();  // the stall clock starts with a backlog
  if (!queue_.push(std::move(frame))) {
    spdlog::warn("{}: send queue full ({} messages, {} bytes, next {} bytes): closing", name_,
                 queue_.size(), queue_.bytes(), frame_bytes);
    drop_unread();
    return;
  }
  if (!writing_) write_next();
}

void Session::drop_unread() {
  if (closing_) return;
  if (waiting_for_room_) {
    spdlog::warn("{}: send queue full for {} s ({} messages, {} bytes): closing", name_,
                 std::chrono::duration_cast<std::chrono::seconds>(kStallTimeout).count(),
                 queue_.size(), queue_.bytes());
  }
  hub_->metrics.disconnect("queue_full");
  close(websocket::close_code::policy_error, "send queue full", /*flush=*/false);
}

void Session::write_next() {
  writing_ = true;
  const OutFrame& frame = queue_.front();
  ws_.binary(frame.binary);
  ws_.async_write(
      asio::buffer(*frame.bytes),
      [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
}

void Session::on_write(beast::error_code ec) {
  writing_ = false;
  if (ec) {
    // The read loop sees the broken connection too and ends the session.
    spdlog::debug("{}: write: {}", name_, ec.message());
    queue_.keep_first(0);
    return;
  }
  hub_->metrics.frame_out();
  queue_.pop();
  last_write_ = Clock::now();
  if (waiting_for_room_ && !backlogged()) room_timer_.cancel();
  if (!queue_.empty()) {
    write_next();
  } else if (close_pending_) {
    start_close();
  }
}

void Session::shut(websocket::close_code code, const std::string& reason, std::string_view metric) {
  if (closing_ || !accepted_) return;
  spdlog::info("{}: closing: {}", name_, reason);
  hub_->metrics.disconnect(metric);
  auto closing = std::make_shared<v1::ServerMessage>();
  closing->mutable_closing()->set_reason(reason);
  deliver(closing);
  close(code, reason, /*flush=*/true);
}

void Session::close(websocket::close_code code, const std::string& reason, bool flush) {
  if (closing_) return;
  closing_ = true;
  close_reason_ = websocket::close_reason(code, reason);
  if (!flush) queue_.keep_first(writing_ ? 1 : 0);
  idle_timer_.cancel();
  hello_timer_.cancel();
  room_timer_.cancel();  // a paused read loop goes back to reading: it drains until the end
  watch_close();
  if (writing_ || !queue_.empty()) {
    close_pending_ = true;
  } else {
    start_close();
  }
}

void Session::watch_close() {
  close_timer_.expires_after(kCloseTimeout);
  close_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->ended_) return;
    // A client reading through its backlog is still reading: its close frame comes after.
    const bool moving = Clock::now() - self->last_write_ < kCloseTimeout;
    if ((self->writing_ || self->close_pending_) && moving) {
      self->watch_close();
      return;
    }
    spdlog::debug("{}: close handshake timed out", self->name_);
    beast::get_lowest_layer(self->ws_).close();
  });
}

void Session::start_close() {
  close_pending_ = false;
  ws_.async_close(close_reason_, [self = shared_from_this()](beast::error_code ec) {
    if (ec) spdlog::debug("{}: close: {}", self->name_, ec.message());
  });
}

}  // namespace grognard::net::detail
