#pragma once
// A synchronous WebSocket connection with deadlines, and one-shot HTTP requests, over TCP or
// TLS (wss://, https://): the only place the client touches Boost.Beast (websocket.cpp,
// http.cpp, tls.cpp; this header is Beast-free).
//
// Every operation takes a timeout and returns by then. A read that times out is not lost: it
// stays pending and the next read() carries on with it, so a quiet connection stays usable.
// A write or close that times out closes the socket.
//
// Thread-safety: none; one thread uses a WebSocket at a time.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "client/result.h"
#include "client/url.h"

namespace grognard::client {

using Millis = std::chrono::milliseconds;

// One WebSocket message as it travelled: binary (protobuf) or text (JSON).
struct Frame {
  std::string bytes;
  bool binary = true;
};

// How the connection ended, as the peer's close frame said (code 0: no close frame came).
struct CloseInfo {
  std::uint16_t code = 0;
  std::string reason;
};

class WebSocket {
 public:
  WebSocket();
  ~WebSocket();  // closes the socket at once (no close handshake)
  WebSocket(const WebSocket&) = delete;
  WebSocket& operator=(const WebSocket&) = delete;

  // TCP connect, the TLS handshake (url.tls: verified as `tls` says; a certificate that fails
  // is kTls) and the WebSocket handshake, all within `timeout`.
  Status connect(const Url& url, Millis timeout, const TlsOptions& tls = {});
  Status write(std::string_view bytes, bool binary, Millis timeout);
  // The next message. kTimeout leaves the read pending for the next call; kClosed says the
  // peer closed (close_info() has its code and reason); kIo is any other end.
  Result<Frame> read(Millis timeout);
  // The close handshake (code 1000), waiting at most `timeout` for the peer's answer.
  void close(Millis timeout);
  // Closes the TCP socket without a close handshake.
  void drop();

  bool is_open() const;
  const std::optional<CloseInfo>& close_info() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

struct HttpResponse {
  unsigned status = 0;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // every header, as received

  // The value of header `name` (any case), "" when absent.
  std::string header(std::string_view name) const;
};

struct HttpRequestSpec {
  std::string method = "GET";
  std::string target = "/";
  std::string authorization;  // the Authorization header ("" none)
  std::string body;           // sent as application/json when not empty
  std::vector<std::pair<std::string, std::string>> headers;  // any others
};

// One HTTP/1.1 request to the server at `url` (its host, port and scheme; spec.target is the
// path) over a fresh connection: TLS for https:// and wss://, verified as `tls` says.
Result<HttpResponse> http_request(const Url& url, const HttpRequestSpec& spec, Millis timeout,
                                  const TlsOptions& tls = {});
// The same to http://host:port.
Result<HttpResponse> http_request(const std::string& host, std::uint16_t port,
                                  const HttpRequestSpec& spec, Millis timeout);
// GET http://host:port/target over a fresh TCP connection.
Result<HttpResponse> http_get(const std::string& host, std::uint16_t port,
                              const std::string& target, Millis timeout);

}  // namespace grognard::client
