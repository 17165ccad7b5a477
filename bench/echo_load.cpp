#include "echo_load.h"

#include <boost/asio/steady_timer.hpp>

#include "beast_names.h"
#include "client/codec.h"
#include "grognard/v1/itchy.pb.h"

namespace grognard::bench {

struct EchoConn::Impl {
  explicit Impl(asio::io_context& io) : ws(io) {}
  websocket::stream<tcp::socket> ws;
  beast::flat_buffer buffer;
};

EchoConn::EchoConn(asio::io_context& io) : impl_(std::make_unique<Impl>(io)) {}
EchoConn::~EchoConn() {
  beast::error_code ignored;
  impl_->ws.next_layer().close(ignored);
}

asio::awaitable<bool> EchoConn::open(std::uint16_t port) {
  auto& socket = impl_->ws.next_layer();
  auto [ec] = co_await socket.async_connect(
      tcp::endpoint(asio::ip::make_address_v4("127.0.0.1"), port), kTuple);
  if (ec) co_return false;
  socket.set_option(tcp::no_delay(true), ec);
  auto [hs] = co_await impl_->ws.async_handshake("127.0.0.1:" + std::to_string(port), "/", kTuple);
  impl_->ws.binary(true);
  co_return !hs;
}

asio::awaitable<bool> EchoConn::roundtrip(const std::string& frame) {
  auto [wrote, n] = co_await impl_->ws.async_write(asio::buffer(frame), kTuple);
  if (wrote) co_return false;
  auto [read, m] = co_await impl_->ws.async_read(impl_->buffer, kTuple);
  impl_->buffer.consume(impl_->buffer.size());
  co_return !read && m == frame.size();
}

asio::awaitable<bool> EchoConn::join_pair(int pair, int side) {
  impl_->ws.text(true);
  auto [wrote, n] = co_await impl_->ws.async_write(
      asio::buffer(std::to_string(pair) + " " + std::to_string(side)), kTuple);
  impl_->ws.binary(true);
  if (wrote) co_return false;
  auto [read, ack] = co_await impl_->ws.async_read(impl_->buffer, kTuple);
  impl_->buffer.consume(impl_->buffer.size());
  co_return !read && ack == 8;
}

asio::awaitable<bool> EchoConn::turn(EchoConn& other, const std::string& frame) {
  auto [wrote, n] = co_await impl_->ws.async_write(asio::buffer(frame), kTuple);
  if (wrote) co_return false;
  auto [read, ack] = co_await impl_->ws.async_read(impl_->buffer, kTuple);
  impl_->buffer.consume(impl_->buffer.size());
  if (read || ack != 8) co_return false;
  auto [passed, m] = co_await other.impl_->ws.async_read(other.impl_->buffer, kTuple);
  other.impl_->buffer.consume(other.impl_->buffer.size());
  co_return !passed && m == frame.size() + 32;  // the frame and its link
}

asio::awaitable<void> echo_pair(asio::io_context& io, std::uint16_t port, std::string frame,
                                Pacer pace, Window& w, bool durable, int pair) {
  EchoConn c[2] = {EchoConn(io), EchoConn(io)};
  for (int side = 0; side < 2; ++side) {
    bool opened = co_await c[side].open(port);
    if (opened && durable) opened = co_await c[side].join_pair(pair, side);
    if (!opened) {
      ++w.failures;
      co_return;
    }
  }
  asio::steady_timer timer(io);
  for (int turn = 0; !w.stop; turn ^= 1) {
    Clock::time_point intended = Clock::now();
    if (pace.open_loop()) {
      intended = pace.next;
      pace.next += pace.interval;
      timer.expires_at(intended);
      co_await timer.async_wait(kTuple);
      if (w.stop) break;
    }
    bool ok = false;
    if (durable) {
      ok = co_await c[turn].turn(c[turn ^ 1], frame);
    } else {
      ok = co_await c[turn].roundtrip(frame);
    }
    if (!ok) {
      ++w.failures;
      co_return;
    }
    w.done(intended);
  }
}

std::string command_frame() {
  v1::itchy::Command move;
  move.mutable_move()->set_unit("B1");
  move.mutable_move()->add_steps(v1::itchy::NORTH);
  v1::ClientMessage m;
  m.set_request_id(1234);
  m.mutable_command()->set_command_id("c123");
  m.mutable_command()->mutable_command()->PackFrom(move);
  return client::encode(m, client::Format::kBinary);
}

}  // namespace grognard::bench
