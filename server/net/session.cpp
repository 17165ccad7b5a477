// The WebSocket session (net/session.h). Everything a session owns is touched on its strand:
// the read coroutine, the write and timer handlers, and send()/shut_down(), which dispatch
// onto it. Only the seat binding is shared across threads, under its own mutex.
//
// Closing: close() stops taking messages, optionally flushes what is queued (so that a Closing
// message goes out first), then runs the close handshake; close_timer_ closes the socket if
// the handshake has not finished in kCloseTimeout (a peer that reads nothing never finishes).
// The read loop ends when the connection is closed, whoever closed it; then finish() detaches
// the session from the lobby.

#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <spdlog/spdlog.h>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include "grognard/v1/protocol.pb.h"
#include "net/codec.h"
#include "net/gate.h"
#include "net/rate_limit.h"
#include "net/send_queue.h"
#include "net/session.h"
#include "room/protocol.h"
#include "room/room.h"

namespace grognard::net {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr auto kHandshakeTimeout = 30s;
// Beast pings a silent peer after half of this and drops it after all of it: this catches
// dead TCP peers; the idle timeout proper (no message for options.idle_timeout) is our own.
constexpr auto kKeepAliveTimeout = 60s;
constexpr auto kCloseTimeout = 5s;

class Session final : public room::Peer,
                      public Closable,
                      public std::enable_shared_from_this<Session> {
 public:
  Session(beast::tcp_stream stream, std::shared_ptr<Hub> hub, ClientAddress client)
      : ws_(std::move(stream)),
        strand_(ws_.get_executor()),
        hub_(std::move(hub)),
        id_(hub_->next_id()),
        address_(std::move(client.address)),
        name_(client.name + "#" + std::to_string(id_)),
        connected_ms_(room::system_clock_ms()),
        gate_(hub_->welcome),
        bucket_(hub_->options.rate, hub_->options.burst, Clock::now()),
        queue_(hub_->options.queue_messages, hub_->options.queue_bytes),
        idle_timer_(strand_),
        close_timer_(strand_) {}

  void start(HttpRequest request) {
    asio::co_spawn(strand_, run(shared_from_this(), std::move(request)),
                   [name = name_](const std::exception_ptr& e) {
                     if (!e) return;
                     try {
                       std::rethrow_exception(e);
                     } catch (const std::exception& ex) {
                       spdlog::error("{}: session failed: {}", name, ex.what());
                     }
                   });
  }

  // room::Peer
  void send(std::shared_ptr<const v1::ServerMessage> message) override {
    if (!message) return;
    asio::dispatch(strand_, [self = shared_from_this(), message = std::move(message)] {
      self->deliver(*message);
    });
  }
  void bind(room::Binding binding) override {
    std::lock_guard lock(binding_mu_);
    binding_ = std::move(binding);
  }
  std::optional<room::Binding> binding() const override {
    std::lock_guard lock(binding_mu_);
    return binding_;
  }
  void unbind() override {
    std::lock_guard lock(binding_mu_);
    binding_.reset();
  }
  std::string name() const override { return name_; }
  std::string address() const override { return address_; }

  // Closable
  void shut_down(std::string reason) override {
    asio::dispatch(strand_, [self = shared_from_this(), reason = std::move(reason)] {
      self->shut(websocket::close_code::going_away, reason, "shutdown");
    });
  }
  void kick(std::string reason) override {
    asio::dispatch(strand_, [self = shared_from_this(), reason = std::move(reason)] {
      self->shut(websocket::close_code::policy_error, reason, "admin");
    });
  }
  ConnectionInfo describe() const override {
    ConnectionInfo info{id_, address_, name_, connected_ms_, "", "", ""};
    if (auto b = binding()) {
      info.game_id = b->room->id();
      info.seat_id = b->seat_id;
      info.role = b->role;
    }
    return info;
  }

 private:
  asio::awaitable<void> run(std::shared_ptr<Session> self, HttpRequest request);
  asio::awaitable<void> serve(HttpRequest request);
  // Reads one whole message into buffer_. Returns an error, or whether it was too big (then
  // buffer_ holds only its first max_frame_bytes + 1 bytes).
  asio::awaitable<std::pair<beast::error_code, bool>> read_message();
  void on_message(std::string_view data, bool binary);
  void finish(const std::string& why);

  void deliver(const v1::ServerMessage& message);
  void write_next();
  void on_write(beast::error_code ec);

  // Pushes Closing{reason}, then closes with `code` and `reason`; `metric` names the reason
  // in grognard_disconnects_total.
  void shut(websocket::close_code code, const std::string& reason, std::string_view metric);
  void close(websocket::close_code code, const std::string& reason, bool flush);
  void start_close();

  void touch() { idle_deadline_ = Clock::now() + hub_->options.idle_timeout; }
  void watch_idle();

  websocket::stream<beast::tcp_stream> ws_;
  const asio::any_io_executor strand_;
  const std::shared_ptr<Hub> hub_;
  const std::uint64_t id_;
  const std::string address_;
  const std::string name_;
  const std::int64_t connected_ms_;

  Gate gate_;
  TokenBucket bucket_;
  SendQueue queue_;
  beast::flat_buffer buffer_;
  Format format_ = Format::kBinary;  // of the last message received; replies use it
  bool accepted_ = false;
  bool writing_ = false;
  bool closing_ = false;        // no more messages in or out
  bool close_pending_ = false;  // the close handshake waits for the queue to drain
  bool ended_ = false;
  websocket::close_reason close_reason_;
  Clock::time_point idle_deadline_;
  asio::steady_timer idle_timer_;
  asio::steady_timer close_timer_;

  std::string end_reason_;  // why serve() ended, when not a plain close

  mutable std::mutex binding_mu_;
  std::optional<room::Binding> binding_;
};

asio::awaitable<void> Session::run(std::shared_ptr<Session> self, HttpRequest request) {
  std::string why = "connection closed";
  try {
    co_await serve(std::move(request));
    if (!end_reason_.empty()) why = end_reason_;
  } catch (const std::exception& e) {
    why = e.what();
    spdlog::error("{}: {}", name_, why);
  }
  self->finish(why);
}

asio::awaitable<void> Session::serve(HttpRequest request) {
  ws_.set_option(websocket::stream_base::timeout{kHandshakeTimeout, kKeepAliveTimeout, true});
  ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
    response.set(beast::http::field::server, server_version());
  }));
  // No limit in Beast itself: when Beast enforces read_message_max it closes with code 1009
  // and an empty reason. read_message() enforces options.max_frame_bytes instead, so that the
  // close frame can say "message too big" (DESIGN.md: abuse is closed with a reason).
  ws_.read_message_max(0);

  auto [ec] = co_await ws_.async_accept(request, asio::as_tuple(asio::use_awaitable));
  if (ec) {
    spdlog::debug("{}: WebSocket handshake failed: {}", name_, ec.message());
    co_return;
  }
  accepted_ = true;
  hub_->metrics.connection_opened();
  spdlog::info("{}: connected on {}", name_, std::string_view(request.target()));
  if (!hub_->add(id_, weak_from_this())) {
    shut(websocket::close_code::going_away, "service restart", "shutdown");
  }
  touch();
  if (hub_->options.idle_timeout.count() > 0) watch_idle();

  for (;;) {
    auto [read_ec, too_big] = co_await read_message();
    if (read_ec) {
      if (read_ec != websocket::error::closed && read_ec != asio::error::operation_aborted) {
        // Beast has closed the connection for a breach of RFC 6455: say which, for the log.
        // End of file: the client went without a close frame (a process that exits, a tab
        // closed); common and harmless, so not worded as an error.
        end_reason_ = read_ec == websocket::error::bad_frame_payload
                          ? "closed by the server: a text frame that is not valid UTF-8"
                      : read_ec == asio::error::eof
                          ? "the client left without a close frame"
                          : "closed on a read error: " + read_ec.message();
      }
      co_return;
    }
    if (closing_) continue;  // drain until the close handshake ends the loop
    if (too_big) {
      shut(websocket::close_code::too_big, "message too big", "too_big");
      continue;
    }
    const auto* data = static_cast<const char*>(buffer_.data().data());
    on_message(std::string_view(data, buffer_.size()), ws_.got_binary());
  }
}

asio::awaitable<std::pair<beast::error_code, bool>> Session::read_message() {
  const std::size_t max = hub_->options.max_frame_bytes;
  buffer_.clear();
  do {
    auto [ec, n] = co_await ws_.async_read_some(buffer_, max + 1 - buffer_.size(),
                                                asio::as_tuple(asio::use_awaitable));
    if (ec) co_return std::pair{ec, false};
    if (buffer_.size() > max) co_return std::pair{beast::error_code{}, true};
  } while (!ws_.is_message_done());
  co_return std::pair{beast::error_code{}, false};
}

void Session::on_message(std::string_view data, bool binary) {
  hub_->metrics.frame_in();
  touch();
  if (!bucket_.take(Clock::now())) {
    shut(websocket::close_code::policy_error, "rate limit exceeded", "rate_limit");
    return;
  }
  format_ = binary ? Format::kBinary : Format::kJson;
  v1::ClientMessage message;
  if (auto error = decode(data, format_, message)) {
    deliver(*room::error_message(error->request_id, v1::INVALID_ARGUMENT, "", error->message));
    return;
  }
  if (auto reply = gate_.answer(message)) {
    deliver(*reply);
    return;
  }
  try {
    hub_->lobby.handle(shared_from_this(), message);
  } catch (const std::exception& e) {
    spdlog::error("{}: lobby failed on {}: {}", name_, message.GetTypeName(), e.what());
    deliver(*room::error_message(message.request_id(), v1::UNAVAILABLE, "",
                                 "the server failed on this message"));
  }
}

void Session::finish(const std::string& why) {
  ended_ = true;
  closing_ = true;
  idle_timer_.cancel();
  close_timer_.cancel();
  queue_.keep_first(writing_ ? 1 : 0);
  if (accepted_) {
    spdlog::info("{}: disconnected ({})", name_, why);
    hub_->remove(id_);
    hub_->metrics.connection_closed();
    try {
      hub_->lobby.detach(shared_from_this());
    } catch (const std::exception& e) {
      spdlog::error("{}: lobby failed to detach: {}", name_, e.what());
    }
  }
  unbind();  // a Binding holds its room; a closed session keeps none alive
}

void Session::deliver(const v1::ServerMessage& message) {
  if (closing_ || !accepted_) return;
  OutFrame frame{encode(message, format_), format_ == Format::kBinary};
  const std::size_t frame_bytes = frame.bytes.size();
  if (!queue_.push(std::move(frame))) {
    spdlog::warn("{}: send queue full ({} messages, {} bytes, next {} bytes): closing", name_,
                 queue_.size(), queue_.bytes(), frame_bytes);
    hub_->metrics.disconnect("queue_full");
    close(websocket::close_code::policy_error, "send queue full", /*flush=*/false);
    return;
  }
  if (!writing_) write_next();
}

void Session::write_next() {
  writing_ = true;
  const OutFrame& frame = queue_.front();
  ws_.binary(frame.binary);
  ws_.async_write(
      asio::buffer(frame.bytes),
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
  v1::ServerMessage closing;
  closing.mutable_closing()->set_reason(reason);
  deliver(closing);
  close(code, reason, /*flush=*/true);
}

void Session::close(websocket::close_code code, const std::string& reason, bool flush) {
  if (closing_) return;
  closing_ = true;
  close_reason_ = websocket::close_reason(code, reason);
  if (!flush) queue_.keep_first(writing_ ? 1 : 0);
  idle_timer_.cancel();
  close_timer_.expires_after(kCloseTimeout);
  close_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->ended_) return;
    spdlog::debug("{}: close handshake timed out", self->name_);
    beast::get_lowest_layer(self->ws_).close();
  });
  if (writing_ || !queue_.empty()) {
    close_pending_ = true;
  } else {
    start_close();
  }
}

void Session::start_close() {
  close_pending_ = false;
  ws_.async_close(close_reason_, [self = shared_from_this()](beast::error_code ec) {
    if (ec) spdlog::debug("{}: close: {}", self->name_, ec.message());
  });
}

void Session::watch_idle() {
  idle_timer_.expires_at(idle_deadline_);
  idle_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->closing_) return;
    if (Clock::now() >= self->idle_deadline_) {
      self->shut(websocket::close_code::going_away, "idle timeout", "idle");
    } else {
      self->watch_idle();
    }
  });
}

}  // namespace

void start_session(beast::tcp_stream stream, HttpRequest request, std::shared_ptr<Hub> hub,
                   ClientAddress client) {
  std::make_shared<Session>(std::move(stream), std::move(hub), std::move(client))
      ->start(std::move(request));
}

}  // namespace grognard::net
