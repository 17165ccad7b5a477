#pragma once
// The names the benchmark's own WebSocket code shares: the echo server, the floor
// (durable_turns.cpp) and the generator's connections to them (echo_load.cpp).

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace grognard::bench {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

// `co_await op(..., kTuple)`: the error comes back beside the result, never thrown.
constexpr auto kTuple = asio::as_tuple(asio::use_awaitable);

}  // namespace grognard::bench
