#pragma once
// The load generator's side of the echo yardstick: WebSocket connections to bench/echo_server
// that send a frame and wait for it to come back, on the same event loop as the workloads.

#include <cstdint>
#include <memory>
#include <string>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>

#include "window.h"

namespace grognard::bench {

namespace asio = boost::asio;

class EchoConn {
 public:
  explicit EchoConn(asio::io_context& io);
  ~EchoConn();
  EchoConn(const EchoConn&) = delete;
  EchoConn& operator=(const EchoConn&) = delete;
  // TCP connect to 127.0.0.1:port and the WebSocket handshake.
  asio::awaitable<bool> open(std::uint16_t port);
  // Sends `frame` (binary) and reads the answer.
  asio::awaitable<bool> roundtrip(const std::string& frame);
  // The floor (grognard_echo --durable): says which pair and side this connection is; then
  // sends `frame` as a turn, reads its acknowledgement and reads the turn on `other`.
  asio::awaitable<bool> join_pair(int pair, int side);
  asio::awaitable<bool> turn(EchoConn& other, const std::string& frame);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Two connections taking turns, one frame in flight, as a room of two generals does, until
// `w.stop`; paced by `pace`. `durable`: against grognard_echo --durable, as pair `pair`.
asio::awaitable<void> echo_pair(asio::io_context& io, std::uint16_t port, std::string frame,
                                Pacer pace, Window& w, bool durable = false, int pair = 0);

// A frame of the size and kind a general sends: a binary SendCommand with a move.
std::string command_frame();

}  // namespace grognard::bench
