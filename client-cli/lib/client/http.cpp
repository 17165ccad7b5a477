// One-shot HTTP/1.1 requests over TCP or TLS (client/websocket.h): the admin API and the
// battle reports.

#include <type_traits>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "client/tls.h"
#include "client/websocket.h"

namespace grognard::client {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

// Connects `stream` (a beast::tcp_stream, or a tls::Stream over one) to `url`, sends the
// request and reads the answer. Each step runs the io_context until its handler ran; the
// stream's expiry bounds them all.
template <class Stream>
Result<HttpResponse> exchange(asio::io_context& ioc, Stream& stream, const Url& url,
                              const HttpRequestSpec& spec, Millis timeout) {
  beast::error_code ec;
  tcp::resolver resolver(ioc);
  const auto endpoints = resolver.resolve(url.host, std::to_string(url.port), ec);
  if (ec) return failure(FailureKind::kIo, "cannot resolve " + url.host + ": " + ec.message());

  auto& lowest = beast::get_lowest_layer(stream);
  lowest.expires_after(timeout);
  beast::error_code step;
  auto run = [&] {
    ioc.restart();
    ioc.run();
  };
  lowest.async_connect(endpoints, [&](beast::error_code e, const tcp::endpoint&) { step = e; });
  run();
  if (step) return failure(FailureKind::kIo, "cannot connect: " + step.message());
  if constexpr (std::is_same_v<Stream, tls::Stream>) {
    if (auto st = tls::expect_host(stream, url.host); !st) return st.failure();
    stream.async_handshake(tls::ssl::stream_base::client, [&](beast::error_code e) { step = e; });
    run();
    if (step) return tls::handshake_failure(step, stream, url.host);
  }

  http::request<http::string_body> request{http::string_to_verb(spec.method), spec.target, 11};
  request.set(http::field::host, url.host + ":" + std::to_string(url.port));
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

  lowest.socket().shutdown(tcp::socket::shutdown_both, ec);
  HttpResponse out;
  out.status = response.result_int();
  out.content_type = std::string(response[http::field::content_type]);
  for (const auto& field : response) {
    out.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
  }
  out.body = std::move(response.body());
  return out;
}

}  // namespace

std::string HttpResponse::header(std::string_view name) const {
  for (const auto& [n, v] : headers) {
    if (beast::iequals(n, name)) return v;
  }
  return {};
}

Result<HttpResponse> http_request(const Url& url, const HttpRequestSpec& spec, Millis timeout,
                                  const TlsOptions& options) {
  asio::io_context ioc;
  if (!url.tls) {
    beast::tcp_stream stream(ioc);
    return exchange(ioc, stream, url, spec, timeout);
  }
  auto context = tls::client_context(options);
  if (!context) return context.failure();
  tls::Stream stream(ioc, *context);
  return exchange(ioc, stream, url, spec, timeout);
}

Result<HttpResponse> http_request(const std::string& host, std::uint16_t port,
                                  const HttpRequestSpec& spec, Millis timeout) {
  return http_request(Url{host, port, "/", false}, spec, timeout);
}

Result<HttpResponse> http_get(const std::string& host, std::uint16_t port,
                              const std::string& target, Millis timeout) {
  HttpRequestSpec spec;
  spec.target = target;
  return http_request(host, port, spec, timeout);
}

}  // namespace grognard::client
