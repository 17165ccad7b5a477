// The client's only Boost.Beast translation unit (client/websocket.h).
//
// Every operation is asynchronous underneath and driven by run_until(), which runs the
// private io_context until the operation's handler has stored its result or a deadline has
// passed. Handlers store results in Impl members, never in locals, so that a handler which
// runs after its caller gave up writes to live memory.

#include "client/websocket.h"

#include <charconv>
#include <functional>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace grognard::client {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using SteadyClock = std::chrono::steady_clock;

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

Failure failure(FailureKind kind, std::string message) {
  Failure f;
  f.kind = kind;
  f.message = std::move(message);
  return f;
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

Result<Url> parse_url(std::string_view url) {
  constexpr std::string_view scheme = "ws://";
  if (url.substr(0, scheme.size()) != scheme) {
    return failure(FailureKind::kIo, "not a ws:// URL: " + std::string(url));
  }
  std::string_view rest = url.substr(scheme.size());
  Url out;
  const auto slash = rest.find('/');
  if (slash != std::string_view::npos) {
    out.target = std::string(rest.substr(slash));
    rest = rest.substr(0, slash);
  }
  const auto colon = rest.rfind(':');
  if (colon == std::string_view::npos) {
    out.host = std::string(rest);
    out.port = 80;
  } else {
    out.host = std::string(rest.substr(0, colon));
    const std::string_view port = rest.substr(colon + 1);
    unsigned value = 0;
    auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (ec != std::errc() || end != port.data() + port.size() || value == 0 || value > 65535) {
      return failure(FailureKind::kIo, "bad port in URL: " + std::string(url));
    }
    out.port = static_cast<std::uint16_t>(value);
  }
  if (out.host.size() >= 2 && out.host.front() == '[' && out.host.back() == ']') {
    out.host = out.host.substr(1, out.host.size() - 2);
  }
  if (out.host.empty()) return failure(FailureKind::kIo, "no host in URL: " + std::string(url));
  return out;
}

struct WebSocket::Impl {
  asio::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
  beast::flat_buffer buffer;
  bool connected = false;                        // handshake done, not closed
  bool reading = false;                          // an async_read is pending
  std::optional<beast::error_code> step_result;  // connect, handshake, write, close
  std::optional<std::pair<beast::error_code, Frame>> read_result;
  std::optional<CloseInfo> close_info;

  void start_read() {
    reading = true;
    ws.async_read(buffer, [this](beast::error_code ec, std::size_t) {
      reading = false;
      Frame frame;
      if (!ec) {
        frame.bytes = beast::buffers_to_string(buffer.data());
        frame.binary = ws.got_binary();
        buffer.consume(buffer.size());
      }
      read_result.emplace(ec, std::move(frame));
    });
  }

  // Runs until step_result is set; false on the deadline.
  bool wait_step(SteadyClock::time_point deadline) {
    return run_until(
        ioc, [this] { return step_result.has_value(); }, deadline);
  }

  Failure ended(const beast::error_code& ec) {
    connected = false;
    if (ec == websocket::error::closed) {
      const websocket::close_reason& r = ws.reason();
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
    beast::get_lowest_layer(ws).socket().shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(ws).socket().close(ignored);
    // Let the aborted handlers run while their objects are alive.
    ioc.restart();
    ioc.run_for(kDrainTime);
  }
};

WebSocket::WebSocket() : impl_(std::make_unique<Impl>()) {}

WebSocket::~WebSocket() {
  // A polite close when still connected, so that the server sees the client leave, not a
  // broken connection; brief, so that a dead peer does not hold up the exit.
  close(kGoodbyeTime);
}

Status WebSocket::connect(const Url& url, Millis timeout) {
  Impl& d = *impl_;
  const auto deadline = SteadyClock::now() + timeout;
  beast::error_code ec;
  tcp::resolver resolver(d.ioc);
  const auto endpoints = resolver.resolve(url.host, std::to_string(url.port), ec);
  if (ec) return failure(FailureKind::kIo, "cannot resolve " + url.host + ": " + ec.message());

  auto& stream = beast::get_lowest_layer(d.ws);
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

  d.ws.set_option(websocket::stream_base::decorator([](websocket::request_type& request) {
    request.set(http::field::user_agent, "grognard-client");
  }));
  d.ws.read_message_max(kMaxMessage);
  d.step_result.reset();
  websocket::response_type answer;  // the server's own words when it declines
  d.ws.async_handshake(answer, url.host + ":" + std::to_string(url.port), url.target,
                       [&d](beast::error_code e) { d.step_result = e; });
  if (!d.wait_step(deadline + kDrainTime) || *d.step_result) {
    if (d.step_result && *d.step_result == websocket::error::upgrade_declined &&
        answer.result_int() != 0) {
      d.drop();
      return refused(answer.result_int(), answer.body());
    }
    const std::string why = d.step_result ? d.step_result->message() : "timed out";
    d.drop();
    return failure(FailureKind::kIo, "WebSocket handshake failed: " + why);
  }
  stream.expires_never();
  d.connected = true;
  d.close_info.reset();
  return ok_status();
}

Status WebSocket::write(std::string_view bytes, bool binary, Millis timeout) {
  Impl& d = *impl_;
  if (!d.connected) return d.closed_failure();
  d.ws.binary(binary);
  d.step_result.reset();
  d.ws.async_write(asio::buffer(bytes.data(), bytes.size()),
                   [&d](beast::error_code ec, std::size_t) { d.step_result = ec; });
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
    d.ws.async_close(websocket::close_code::normal,
                     [&d](beast::error_code ec) { d.step_result = ec; });
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

Result<HttpResponse> http_get(const std::string& host, std::uint16_t port,
                              const std::string& target, Millis timeout) {
  HttpRequestSpec spec;
  spec.target = target;
  return http_request(host, port, spec, timeout);
}

std::string HttpResponse::header(std::string_view name) const {
  for (const auto& [n, v] : headers) {
    if (beast::iequals(n, name)) return v;
  }
  return {};
}

Result<HttpResponse> http_request(const std::string& host, std::uint16_t port,
                                  const HttpRequestSpec& spec, Millis timeout) {
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  beast::error_code ec;
  tcp::resolver resolver(ioc);
  const auto endpoints = resolver.resolve(host, std::to_string(port), ec);
  if (ec) return failure(FailureKind::kIo, "cannot resolve " + host + ": " + ec.message());

  // Each step runs the io_context until its handler ran; the stream's expiry bounds them all.
  stream.expires_after(timeout);
  beast::error_code step;
  auto run = [&] {
    ioc.restart();
    ioc.run();
  };
  stream.async_connect(endpoints, [&](beast::error_code e, const tcp::endpoint&) { step = e; });
  run();
  if (step) return failure(FailureKind::kIo, "cannot connect: " + step.message());

  http::request<http::string_body> request{http::string_to_verb(spec.method), spec.target, 11};
  request.set(http::field::host, host + ":" + std::to_string(port));
  request.set(http::field::user_agent, "grognard-client");
  request.set(http::field::connection, "close");
  if (!spec.authorization.empty()) request.set(http::field::authorization, spec.authorization);
  if (!spec.body.empty()) request.set(http::field::content_type, "application/json");
  for (const auto& [name, value] : spec.headers) request.set(name, value);
  request.body() = spec.body;
  request.prepare_payload();
  http::async_write(stream, request, [&](beast::error_code e, std::size_t) { step = e; });
  run();
  if (step) return failure(FailureKind::kIo, "cannot send the request: " + step.message());

  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);  // a long game's battle report runs to megabytes
  http::async_read(stream, buffer, parser, [&](beast::error_code e, std::size_t) { step = e; });
  run();
  if (step) return failure(FailureKind::kIo, "cannot read the response: " + step.message());
  http::response<http::string_body> response = parser.release();

  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  HttpResponse out;
  out.status = response.result_int();
  out.content_type = std::string(response[http::field::content_type]);
  for (const auto& field : response) {
    out.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
  }
  out.body = std::move(response.body());
  return out;
}

}  // namespace grognard::client
