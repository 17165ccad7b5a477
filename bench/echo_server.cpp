// A bare Boost.Beast WebSocket echo server on one thread (C++20 coroutines): every message
// comes back as it came. The yardstick of the benchmarks (docs/performance.md): the load
// generator drives it with the same frames and connections as grognard-server, in the same
// run, and every figure is also given as a ratio to the echo's.
//
//   grognard_echo [--listen 127.0.0.1:0] [--durable DB]
// With --durable it is the floor of a durable turn instead (bench/durable_turns.h): each frame
// stored and fsync'd before it is answered, and passed on to the other side of its pair.
// Prints "grognard_echo listening on ws://HOST:PORT" on stdout once it accepts connections;
// stops on SIGINT or SIGTERM.

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/signal_set.hpp>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "beast_names.h"
#include "durable_turns.h"

using namespace grognard::bench;

namespace {

asio::awaitable<void> echo(tcp::socket socket) {
  socket.set_option(tcp::no_delay(true));
  websocket::stream<tcp::socket> ws(std::move(socket));
  auto [accepted] = co_await ws.async_accept(kTuple);
  if (accepted) co_return;
  beast::flat_buffer buffer;
  for (;;) {
    auto [read, n] = co_await ws.async_read(buffer, kTuple);
    if (read) co_return;
    ws.binary(ws.got_binary());
    auto [wrote, m] = co_await ws.async_write(buffer.data(), kTuple);
    if (wrote) co_return;
    buffer.consume(buffer.size());
  }
}

asio::awaitable<void> listen(tcp::acceptor& acceptor, grognard::bench::DurableTurns* durable) {
  for (;;) {
    auto [ec, socket] = co_await acceptor.async_accept(kTuple);
    if (ec) co_return;
    asio::co_spawn(acceptor.get_executor(),
                   durable != nullptr ? durable->serve(std::move(socket)) : echo(std::move(socket)),
                   asio::detached);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string listen_at = "127.0.0.1:0";
  std::string durable_db;
  for (int i = 1; i < argc; i += 2) {
    const std::string flag = argv[i];
    if (i + 1 < argc && flag == "--listen") {
      listen_at = argv[i + 1];
    } else if (i + 1 < argc && flag == "--durable") {
      durable_db = argv[i + 1];
    } else {
      std::fprintf(stderr, "usage: grognard_echo [--listen HOST:PORT] [--durable DB]\n");
      return 2;
    }
  }
  const auto colon = listen_at.rfind(':');
  asio::io_context io(1);
  std::optional<grognard::bench::DurableTurns> durable;
  if (!durable_db.empty()) durable.emplace(io, durable_db);
  tcp::acceptor acceptor(
      io, tcp::endpoint(asio::ip::make_address(listen_at.substr(0, colon)),
                        static_cast<unsigned short>(std::stoi(listen_at.substr(colon + 1)))));
  acceptor.listen(asio::socket_base::max_listen_connections);
  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](const boost::system::error_code&, int) { io.stop(); });
  asio::co_spawn(io, listen(acceptor, durable ? &*durable : nullptr), asio::detached);
  std::cout << "grognard_echo listening on ws://" << listen_at.substr(0, colon) << ":"
            << acceptor.local_endpoint().port() << std::endl;
  io.run();
  return 0;
}
