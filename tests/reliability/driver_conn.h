#pragma once
// One WebSocket connection of the reliability load driver: binary protobuf frames
// (docs/protocol.md) through the client library's codec, on an Asio event loop with C++20
// coroutines, so that one thread holds thousands of them. The only place the driver touches
// Boost.Beast (driver_conn.cpp).
//
// A reader coroutine reads every frame: the answer to the request in flight wakes its caller;
// everything else (pushes: events, closing) goes to on_push. At most one request is in flight
// per connection (the driver's coroutines never share one).

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

#include "grognard/v1/protocol.pb.h"

namespace grognard::reliability {

namespace asio = boost::asio;
namespace v1 = ::grognard::v1;
using Millis = std::chrono::milliseconds;

class Conn {
 public:
  explicit Conn(asio::any_io_executor executor);
  ~Conn();  // drops the connection (no close handshake)
  Conn(const Conn&) = delete;
  Conn& operator=(const Conn&) = delete;

  // TCP connect to 127.0.0.1:port, the WebSocket handshake and Hello, within `timeout`.
  asio::awaitable<bool> open(std::uint16_t port, Millis timeout);
  // Sends `message` with the next request id; its answer (an Error too), or nullopt when the
  // connection ended or nothing came within `timeout`.
  asio::awaitable<std::optional<v1::ServerMessage>> request(v1::ClientMessage message,
                                                            Millis timeout);
  // Closes the TCP connection at once, as a crashed client would.
  void drop();
  bool is_open() const;

  // Messages that answer no request of ours (pushes). Called on the event loop.
  void on_push(std::function<void(const v1::ServerMessage&)> handler);
  // The reason of the server's Closing push, "" if none came.
  const std::string& closing_reason() const;
  // The close code of the server's close frame, 0 if none came.
  std::uint16_t close_code() const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace grognard::reliability
