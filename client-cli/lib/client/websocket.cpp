// The WebSocket of client/websocket.h, over TCP (ws://) or TLS (wss://).
//
// Every operation is asynchronous underneath and driven by run_until(), which runs the
// private io_context until the operation's handler has stored its result or a deadline has
// passed. Handlers store results in Impl members, never in locals, so that a handler which
// runs after its caller gave up writes to live memory.

#include "client/websocket.h"

#include <functional>
#include <variant>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "client/tls.h"

namespace grognard::client {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using SteadyClock = std::chrono::steady_clock;
using Plain = websocket::stream<beast::tcp_stream>;
using Secure = websocket::stream<tls::Stream>;

constexpr std::size_t kMaxMessage = 64 * 1024 * 1024;
constexpr auto kDrainTime = std::chrono::milliseconds(200);
constexpr auto kGoodbyeTime = std::chrono::milliseconds(300);

// Runs `ioc` until done() or `deadline`; returns done().
bool run_until(asio::io_context& ioc, const std::function<bool()>& done,
               SteadyClock::time_point deadline) {
  while (!done()) {
    if (ioc.stopped()) ioc.restart();
    if (ioc.run_one_until(deadline) == 0) return done();  // deadline passed, or no work left
  }
  return true;
}

// An upgrade the server declined, in its own words (the body of its answer, on one line, at
// most 300 bytes: "banned by the server's operator: spam").
Failure refused(unsigned status, std::string body) {
  while (!body.empty() && (body.back() == '\n' || body.back() == '\r' || body.back() == ' ')) {
    body.pop_back();
  }
  for (char& c : body) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  if (body.size() > 300) body.resize(300);
  if (body.empty()) body = "HTTP " + std::to_string(status);
  Failure f = failure(FailureKind::kRefused, std::move(body));
  f.http_status = static_cast<std::uint16_t>(status);
  return f;
}

std::string millis(Millis t) {
  return std::to_string(t.count()) + " ms";
}

}  // namespace

struct WebSocket::Impl {
  asio::io_context ioc;
  std::optional<tls::ssl::context> tls_context;  // wss://; outlives the stream that uses it
  std::variant<Plain, Secure> ws{std::in_place_type<Plain>, ioc};
  beast::flat_buffer buffer;
  bool connected = false;                        // handshake done, not closed
  bool reading = false;                          // an async_read is pending
  std::optional<beast::error_code> step_result;  // connect, handshake, write, close
  std::optional<std::pair<beast::error_code, Frame>> read_result;
  std::optional<CloseInfo> close_info;
  websocket::response_type declined;  // the server's own words when it declines the upgrade

  beast::tcp_stream& tcp() {
    return std::visit([](auto& s) -> beast::tcp_stream& { return beast::get_lowest_layer(s); }, ws);
  }

  void start_read() {
    reading = true;
    std::visit(
        [this](auto& s) {
          s.async_read(buffer, [this, &s](beast::error_code ec, std::size_t) {
            reading = false;
            Frame frame;
            if (!ec) {
              frame.bytes = beast::buffers_to_string(buffer.data());
              frame.binary = s.got_binary();
              buffer.consume(buffer.size());
            }
            read_result.emplace(ec, std::move(frame));
          });
        },
        ws);
  }

  // Runs until step_result is set; false on the deadline.
  bool wait_step(SteadyClock::time_point deadline) {
    return run_until(
        ioc, [this] { return step_result.has_value(); }, deadline);
  }

  Failure ended(const beast::error_code& ec) {
    connected = false;
    if (ec == websocket::error::closed) {
      const websocket::close_reason r = std::visit([](auto& s) { return s.reason(); }, ws);
      close_info = CloseInfo{static_cast<std::uint16_t>(r.code), std::string(r.reason.c_str())};
    }
    return closed_failure(ec);
  }

  Failure closed_failure(const beast::error_code& ec = {}) const {
    if (close_info) {
      Failure f = failure(FailureKind::kClosed, "connection closed by the server (code " +
                                                    std::to_string(close_info->code) + ", \"" +
                                                    close_info->reason + "\")");
      f.close_code = close_info->code;
      return f;
    }
    if (ec) return failure(FailureKind::kIo, "connection ended: " + ec.message());
    return failure(FailureKind::kClosed, "connection closed");
  }

  void drop() {
    connected = false;
    beast::error_code ignored;
    tcp().socket().shutdown(tcp::socket::shutdown_both, ignored);
    tcp().socket().close(ignored);
    // Let the aborted handlers run while their objects are alive.
    ioc.restart();
    ioc.run_for(kDrainTime);
  }

  // The TLS handshake of a wss:// connection, its certificate verified for `host`.
  Status secure(const std::string& host, SteadyClock::time_point deadline) {
    auto& stream = std::get<Secure>(ws).next_layer();
    if (auto st = tls::expect_host(stream, host); !st) return st;
    step_result.reset();
    stream.async_handshake(tls::ssl::stream_base::client,
                           [this](beast::error_code e) { step_result = e; });
    if (wait_step(deadline) && !*step_result) return ok_status();
    if (!step_result) return failure(FailureKind::kIo, "TLS handshake failed: timed out");
    return tls::handshake_failure(*step_result, stream, host);
  }

  // The WebSocket handshake; the server's answer when it declines.
  Status upgrade(const Url& url, SteadyClock::time_point deadline) {
    step_result.reset();
    std::visit(
        [&](auto& s) {
          s.set_option(websocket::stream_base::decorator([](websocket::request_type& request) {
            request.set(http::field::user_agent, "grognard-client");
          }));
          s.read_message_max(kMaxMessage);
          s.async_handshake(declined, url.host + ":" + std::to_string(url.port), url.target,
                            [this](beast::error_code e) { step_result = e; });
        },
        ws);
    if (wait_step(deadline) && !*step_result) return ok_status();
    if (step_result && *step_result == websocket::error::upgrade_declined &&
        declined.result_int() != 0) {
      return refused(declined.result_int(), declined.body());
    }
    return failure(FailureKind::kIo, "WebSocket handshake failed: " +
                                         (step_result ? step_result->message() : "timed out"));
  }
};

WebSocket::WebSocket() : impl_(std::make_unique<Impl>()) {}

WebSocket::~WebSocket() {
  // A polite close when still connected, so that the server sees the client leave, not a
  // broken connection; brief, so that a dead peer does not hold up the exit.
  close(kGoodbyeTime);
}

Status WebSocket::connect(const Url& url, Millis timeout, const TlsOptions& tls) {
  Impl& d = *impl_;
  const auto deadline = SteadyClock::now() + timeout;
  if (url.tls) {
    auto context = tls::client_context(tls);
    if (!context) return context.failure();
    d.tls_context.emplace(std::move(*context));
    d.ws.emplace<Secure>(d.ioc, *d.tls_context);
  }
  beast::error_code ec;
  tcp::resolver resolver(d.ioc);
  const auto endpoints = resolver.resolve(url.host, std::to_string(url.port), ec);
  if (ec) return failure(FailureKind::kIo, "cannot resolve " + url.host + ": " + ec.message());

  auto& stream = d.tcp();
  stream.expires_after(timeout);
  d.step_result.reset();
  stream.async_connect(endpoints,
                       [&d](beast::error_code e, const tcp::endpoint&) { d.step_result = e; });
  if (!d.wait_step(deadline + kDrainTime) || *d.step_result) {
    const std::string why = d.step_result ? d.step_result->message() : "timed out";
    d.drop();
    return failure(FailureKind::kIo,
                   "cannot connect to " + url.host + ":" + std::to_string(url.port) + ": " + why);
  }
  Status st = url.tls ? d.secure(url.host, deadline + kDrainTime) : ok_status();
  if (st) st = d.upgrade(url, deadline + kDrainTime);
  if (!st) {
    d.drop();
    return st;
  }
  stream.expires_never();
  d.connected = true;
  d.close_info.reset();
  return ok_status();
}

Status WebSocket::write(std::string_view bytes, bool binary, Millis timeout) {
  Impl& d = *impl_;
  if (!d.connected) return d.closed_failure();
  d.step_result.reset();
  std::visit(
      [&](auto& s) {
        s.binary(binary);
        s.async_write(asio::buffer(bytes.data(), bytes.size()),
                      [&d](beast::error_code ec, std::size_t) { d.step_result = ec; });
      },
      d.ws);
  if (!d.wait_step(SteadyClock::now() + timeout)) {
    d.drop();
    return failure(FailureKind::kTimeout, "could not send within " + millis(timeout));
  }
  if (*d.step_result) return d.ended(*d.step_result);
  return ok_status();
}

Result<Frame> WebSocket::read(Millis timeout) {
  Impl& d = *impl_;
  if (!d.read_result && !d.reading) {
    if (!d.connected) return d.closed_failure();
    d.start_read();
  }
  if (!run_until(
          d.ioc, [&d] { return d.read_result.has_value(); }, SteadyClock::now() + timeout)) {
    return failure(FailureKind::kTimeout, "no message within " + millis(timeout));
  }
  auto [ec, frame] = std::move(*d.read_result);
  d.read_result.reset();
  if (ec) return d.ended(ec);
  return std::move(frame);
}

void WebSocket::close(Millis timeout) {
  Impl& d = *impl_;
  if (d.connected) {
    d.step_result.reset();
    std::visit(
        [&d](auto& s) {
          s.async_close(websocket::close_code::normal,
                        [&d](beast::error_code ec) { d.step_result = ec; });
        },
        d.ws);
    run_until(
        d.ioc, [&d] { return d.step_result.has_value() && !d.reading; },
        SteadyClock::now() + timeout);
  }
  d.drop();
}

void WebSocket::drop() {
  impl_->drop();
}

bool WebSocket::is_open() const {
  return impl_->connected;
}

const std::optional<CloseInfo>& WebSocket::close_info() const {
  return impl_->close_info;
}

}  // namespace grognard::client
