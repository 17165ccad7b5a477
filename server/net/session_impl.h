#pragma once
// Internal to net/ (session.cpp, session_out.cpp): the WebSocket session behind
// start_session(). Everything a session owns is touched on its strand: the read coroutine,
// the write and timer handlers, and send()/shut_down(), which dispatch onto it. Only the seat
// binding is shared across threads, under its own mutex.
//
// In: frames are read one message at a time; every message and every control frame (ping,
// pong) takes a token of the rate limit; a frame header declaring more than max_frame_bytes is
// refused from the header (net/frame_watch.h). While the outbound queue is half full the
// session reads nothing more (backpressure: a client that pipelines requests waits for its
// answers); a queue that stays that way for kStallTimeout, or overflows (pushes), drops the
// client with 1008 "send queue full".
//
// Closing: close() stops taking messages, optionally flushes what is queued (so that a Closing
// message goes out first), then runs the close handshake; close_timer_ closes the socket if
// the handshake has not finished in kCloseTimeout with no write done meanwhile (a peer that
// reads nothing never finishes; one that reads its backlog gets to the close frame). Once the
// close frame is on its way the client may send --burst more frames; past them it is reset, or
// read no more (net/frame_watch.h: limit_frames).
// The read loop ends when the connection is closed, whoever closed it; then finish() detaches
// the session from the lobby.

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include "grognard/codec.h"
#include "net/account_desk.h"
#include "net/admission.h"
#include "net/frame_watch.h"
#include "net/gate.h"
#include "net/hub.h"
#include "net/rate_limit.h"
#include "net/send_queue.h"
#include "net/session.h"

namespace grognard::net::detail {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using Clock = std::chrono::steady_clock;

// Beast pings a silent peer after half of this and drops it after all of it: this catches
// dead TCP peers; the idle timeout proper (no message for options.idle_timeout) is our own.
inline constexpr auto kKeepAliveTimeout = std::chrono::seconds(60);
inline constexpr auto kCloseTimeout = std::chrono::seconds(5);
// A session that has stopped reading for a full queue, and whose queue has not moved for this
// long, drops its client: it is not reading.
inline constexpr auto kStallTimeout = std::chrono::seconds(10);

class Session final : public AccountPeer,
                      public Closable,
                      public std::enable_shared_from_this<Session> {
 public:
  Session(beast::tcp_stream stream, std::shared_ptr<Hub> hub, ClientAddress client,
          Admission::Ticket handshake, Admission::Ticket connection);

  void start(HttpRequest request);

  // room::Peer
  void send(std::shared_ptr<const v1::ServerMessage> message) override;
  void bind(room::Binding binding) override;
  std::optional<room::Binding> binding() const override;
  void unbind() override;
  std::string name() const override { return name_; }
  std::string address() const override { return address_; }
  std::string address_key() const override { return key_; }
  std::string address_range() const override { return range_; }
  std::optional<room::AccountRef> account() const override;

  // AccountPeer
  void set_account(std::optional<room::AccountRef> account, std::string session_token) override;
  std::string session_token() const override;

  // Closable
  void shut_down(std::string reason) override;
  void kick(std::string reason) override;
  site::ConnectionInfo describe() const override;
  void end_session(std::int64_t account_id,
                   const std::function<bool(const std::string&)>& ended) override;

 private:
  asio::awaitable<void> run(std::shared_ptr<Session> self, HttpRequest request);
  asio::awaitable<void> serve(HttpRequest request);
  // The browser's session cookie, if any: logged in by it before the first message is read
  // (net/account_http.h).
  asio::awaitable<void> log_in_by_cookie(const HttpRequest& request);
  void configure();
  // Reads one whole message into buffer_. Returns an error, or whether it was too big (then
  // buffer_ holds only its first max_frame_bytes + 1 bytes).
  asio::awaitable<std::pair<beast::error_code, bool>> read_message();
  // Waits while the outbound queue is half full (backpressure); drops a client whose queue
  // does not move for kStallTimeout.
  asio::awaitable<void> wait_for_room();
  void on_message(std::string_view data, bool binary);
  void on_control(websocket::frame_type kind);
  void on_bad_header(FrameScanner::Verdict verdict);
  void finish(const std::string& why);

  void deliver(const std::shared_ptr<const v1::ServerMessage>& message);
  void write_next();
  void on_write(beast::error_code ec);
  bool backlogged() const;
  // The client does not read its answers: 1008 "send queue full", without flushing.
  void drop_unread();

  // Pushes Closing{reason}, then closes with `code` and `reason`; `metric` names the reason
  // in grognard_disconnects_total.
  void shut(websocket::close_code code, const std::string& reason, std::string_view metric);
  void close(websocket::close_code code, const std::string& reason, bool flush);
  void start_close();
  // Closes the socket once the close handshake has taken kCloseTimeout with no write done.
  void watch_close();

  void touch() { idle_deadline_ = Clock::now() + hub_->options.idle_timeout; }
  void watch_idle();
  void watch_hello();

  websocket::stream<FrameWatch> ws_;
  const asio::any_io_executor strand_;
  const std::shared_ptr<Hub> hub_;
  const std::uint64_t id_;
  const std::string address_;
  const std::string key_;
  const std::string range_;
  const std::string name_;
  const std::int64_t connected_ms_;
  Admission::Ticket handshake_;   // given back once the WebSocket handshake is done
  Admission::Ticket connection_;  // held for the connection's life

  Gate gate_;
  TokenBucket bucket_;
  SendQueue queue_;
  beast::flat_buffer buffer_;
  proto::Format format_ = proto::Format::kBinary;  // of the last message received; replies use it
  bool accepted_ = false;
  bool writing_ = false;
  bool closing_ = false;        // no more messages in or out
  bool close_pending_ = false;  // the close handshake waits for the queue to drain
  bool ended_ = false;
  bool waiting_for_room_ = false;
  websocket::close_reason close_reason_;
  Clock::time_point idle_deadline_;
  Clock::time_point last_write_;  // when the queue last moved
  asio::steady_timer idle_timer_;
  asio::steady_timer close_timer_;
  asio::steady_timer hello_timer_;
  asio::steady_timer room_timer_;

  std::string end_reason_;  // why serve() ended, when not a plain close

  mutable std::mutex binding_mu_;  // the seat and the account
  std::optional<room::Binding> binding_;
  std::optional<room::AccountRef> account_;
  std::string session_token_;  // of the account's session; empty when not logged in
};

}  // namespace grognard::net::detail
