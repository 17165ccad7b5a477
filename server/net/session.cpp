// The WebSocket session (net/session.h, net/session_impl.h): the handshake, the read side,
// and the timers that watch a client (hello, idle). The write side and closing are in
// session_out.cpp.

#include <spdlog/spdlog.h>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "grognard/v1/protocol.pb.h"
#include "net/session_impl.h"
#include "room/messages.h"
#include "room/room.h"

namespace grognard::net {

namespace detail {

Session::Session(beast::tcp_stream stream, std::shared_ptr<Hub> hub, ClientAddress client,
                 Admission::Ticket handshake, Admission::Ticket connection)
    : ws_(std::move(stream), hub->options.max_frame_bytes),
      strand_(ws_.get_executor()),
      hub_(std::move(hub)),
      id_(hub_->next_id()),
      address_(std::move(client.address)),
      key_(std::move(client.key)),
      range_(std::move(client.range)),
      name_(client.name + "#" + std::to_string(id_)),
      connected_ms_(room::system_clock_ms()),
      handshake_(std::move(handshake)),
      connection_(std::move(connection)),
      gate_(hub_->welcome),
      bucket_(hub_->options.rate, hub_->options.burst, Clock::now()),
      queue_(hub_->options.queue_messages, hub_->options.queue_bytes),
      idle_timer_(strand_),
      close_timer_(strand_),
      hello_timer_(strand_),
      room_timer_(strand_) {}

void Session::start(HttpRequest request) {
  // Its handshake slot taken for a newer connection's (net/admission.h): closed at once.
  handshake_.on_evicted([weak = weak_from_this()] {
    if (auto self = weak.lock()) beast::get_lowest_layer(self->ws_).close();
  });
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

void Session::bind(room::Binding binding) {
  std::lock_guard lock(binding_mu_);
  binding_ = std::move(binding);
}

std::optional<room::Binding> Session::binding() const {
  std::lock_guard lock(binding_mu_);
  return binding_;
}

void Session::unbind() {
  std::lock_guard lock(binding_mu_);
  binding_.reset();
}

std::optional<room::AccountRef> Session::account() const {
  std::lock_guard lock(binding_mu_);
  return account_;
}

void Session::set_account(std::optional<room::AccountRef> account, std::string session_token) {
  std::lock_guard lock(binding_mu_);
  account_ = std::move(account);
  session_token_ = account_ ? std::move(session_token) : std::string();
}

std::string Session::session_token() const {
  std::lock_guard lock(binding_mu_);
  return session_token_;
}

void Session::end_session(std::int64_t account_id,
                          const std::function<bool(const std::string&)>& ended) {
  {
    std::lock_guard lock(binding_mu_);
    if (!account_ || account_->id != account_id || !ended(session_token_)) return;
    spdlog::info("{}: logged out of {}: its session ended", name_, account_->name);
    account_.reset();
    session_token_.clear();
  }
  // Closed too: a seat it resumed through the account is not its any more. The client comes
  // back without the account (and with its seat tokens, if it holds any).
  asio::post(strand_, [self = shared_from_this()] {
    // going_away, not policy_error: nothing was wrong with the client, which may come back.
    self->shut(websocket::close_code::going_away,
               "logged out: this connection's session ended (logged out elsewhere, a new "
               "password, or the account was disabled or deleted)",
               "logged_out");
  });
}

site::ConnectionInfo Session::describe() const {
  site::ConnectionInfo info{id_, address_, name_, connected_ms_, "", "", ""};
  if (auto b = binding()) {
    info.game_id = b->room->id();
    info.seat_id = b->seat_id;
    info.role = b->role;
  }
  return info;
}

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

void Session::configure() {
  ws_.set_option(
      websocket::stream_base::timeout{hub_->options.handshake_timeout, kKeepAliveTimeout, true});
  ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
    response.set(beast::http::field::server, server_version());
  }));
  // No limit in Beast itself: when Beast enforces read_message_max it closes with code 1009
  // and an empty reason. The FrameWatch under Beast refuses a frame from its header, and
  // read_message() enforces options.max_frame_bytes too, so that the close frame can say
  // "message too big" (docs/design.md: abuse is closed with a reason).
  ws_.read_message_max(0);
  // Beast answers pings itself; each still costs the client a token of its rate. The session
  // outlives its stream's callbacks (they run inside its reads).
  ws_.control_callback(
      [this](websocket::frame_type kind, beast::string_view) { on_control(kind); });
  // Once its close frame is on its way (ours, or Beast's on a breach) the client has nothing to
  // send but its own close frame: what it had on its way already fits in --burst frames.
  ws_.next_layer().limit_frames([this, left = std::uint64_t{hub_->options.burst}]() mutable {
    if (ws_.is_open()) return true;
    if (left == 0) return false;
    --left;
    return true;
  });
  ws_.next_layer().on_bad_header([this](FrameScanner::Verdict verdict) {
    asio::post(strand_, [self = shared_from_this(), verdict] { self->on_bad_header(verdict); });
  });
}

asio::awaitable<void> Session::serve(HttpRequest request) {
  configure();
  co_await log_in_by_cookie(request);
  auto [ec] = co_await ws_.async_accept(request, asio::as_tuple(asio::use_awaitable));
  handshake_.reset();
  if (ec) {
    if (ec == beast::error::timeout) hub_->metrics.disconnect("handshake_timeout");
    spdlog::debug("{}: WebSocket handshake failed: {}", name_, ec.message());
    co_return;
  }
  accepted_ = true;
  last_write_ = Clock::now();
  hub_->metrics.connection_opened();
  spdlog::info("{}: connected on {}", name_, std::string_view(request.target()));
  if (!hub_->add(id_, weak_from_this())) {
    shut(websocket::close_code::going_away, "service restart", "shutdown");
  } else if (const std::string token = session_token(); !token.empty()) {
    // Logged in by its cookie before the hub knew it: a session ended meanwhile (a log-out
    // everywhere walks the hub) is looked for again, now that it would be found.
    hub_->desk.post([self = shared_from_this(), token](accounts::Accounts& a) {
      auto still = a.whoami(token, room::system_clock_ms());
      if (!still.ok() && still.error().clause == "accounts.session") {
        self->set_account(std::nullopt, "");
      }
    });
  }
  touch();
  if (hub_->options.idle_timeout.count() > 0) watch_idle();
  watch_hello();

  for (;;) {
    if (!closing_ && backlogged()) co_await wait_for_room();
    auto [read_ec, too_big] = co_await read_message();
    if (read_ec) {
      if (read_ec != websocket::error::closed && read_ec != asio::error::operation_aborted) {
        // Beast has closed the connection for a breach of RFC 6455: say which, for the log.
        // End of file: the client went without a close frame (a process that exits, a tab
        // closed); common and harmless, so not worded as an error.
        end_reason_ = read_ec == websocket::error::bad_frame_payload
                          ? "closed by the server: a text frame that is not valid UTF-8"
                      : read_ec == asio::error::eof ? "the client left without a close frame"
                      : closing_ && read_ec == asio::error::connection_aborted
                          ? "cut off: it went on sending after its close frame"
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

asio::awaitable<void> Session::wait_for_room() {
  waiting_for_room_ = true;
  while (!closing_ && backlogged()) {
    if (Clock::now() - last_write_ >= kStallTimeout) {
      drop_unread();
      break;
    }
    room_timer_.expires_at(last_write_ + kStallTimeout);
    co_await room_timer_.async_wait(asio::as_tuple(asio::use_awaitable));
  }
  waiting_for_room_ = false;
}

void Session::on_message(std::string_view data, bool binary) {
  hub_->metrics.frame_in();
  // A closing session reads on only to reach the peer's close frame: what comes meanwhile is
  // not answered (deliver() would drop the answer), so it is not worked on either.
  if (closing_) return;
  touch();
  if (!bucket_.take(Clock::now())) {
    shut(websocket::close_code::policy_error, "rate limit exceeded", "rate_limit");
    return;
  }
  format_ = proto::format_of(binary);
  v1::ClientMessage message;
  if (auto error = proto::decode(data, format_, message)) {
    deliver(room::error_message(error->request_id, v1::INVALID_ARGUMENT, "", error->message));
    return;
  }
  if (auto reply = gate_.answer(message)) {
    deliver(reply);
    return;
  }
  if (AccountDesk::handles(message)) return hub_->desk.handle(shared_from_this(), message);
  try {
    hub_->lobby.handle(shared_from_this(), message);
  } catch (const std::exception& e) {
    spdlog::error("{}: lobby failed on {}: {}", name_, message.GetTypeName(), e.what());
    deliver(room::error_message(message.request_id(), v1::UNAVAILABLE, "",
                                "the server failed on this message"));
  }
}

void Session::on_control(websocket::frame_type kind) {
  if (kind == websocket::frame_type::close || closing_) return;
  if (bucket_.take(Clock::now())) {
    // A ping is the client's own, as a message is; a pong may answer Beast's keep-alive ping,
    // which a silent client would answer for ever.
    if (kind == websocket::frame_type::ping) touch();
    return;
  }
  // Not from inside Beast's read: the close goes out from the strand.
  asio::post(strand_, [self = shared_from_this()] {
    self->shut(websocket::close_code::policy_error, "rate limit exceeded", "rate_limit");
  });
}

void Session::on_bad_header(FrameScanner::Verdict verdict) {
  if (verdict == FrameScanner::Verdict::kTooBig) {
    shut(websocket::close_code::too_big, "message too big", "too_big");
  } else {
    shut(websocket::close_code::protocol_error, "a frame length with its most significant bit set",
         "protocol");
  }
}

void Session::watch_hello() {
  const auto timeout = hub_->options.hello_timeout;
  if (timeout.count() <= 0) return;
  hello_timer_.expires_after(timeout);
  hello_timer_.async_wait([self = shared_from_this(), timeout](beast::error_code ec) {
    if (ec || self->closing_ || self->gate_.greeted()) return;
    self->shut(websocket::close_code::policy_error,
               "hello timeout: no Hello within " + std::to_string(timeout.count()) + " s",
               "hello_timeout");
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

void Session::finish(const std::string& why) {
  ended_ = true;
  closing_ = true;
  idle_timer_.cancel();
  close_timer_.cancel();
  hello_timer_.cancel();
  room_timer_.cancel();
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
  connection_.reset();
}

}  // namespace detail

void start_session(boost::beast::tcp_stream stream, HttpRequest request, std::shared_ptr<Hub> hub,
                   ClientAddress client, Admission::Ticket handshake,
                   Admission::Ticket connection) {
  std::make_shared<detail::Session>(std::move(stream), std::move(hub), std::move(client),
                                    std::move(handshake), std::move(connection))
      ->start(std::move(request));
}

}  // namespace grognard::net
