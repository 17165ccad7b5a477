#pragma once
// Internal to net/ (server.cpp, http.cpp): the HTTP side of a connection.

#include <exception>
#include <memory>
#include <string_view>

#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>

#include "net/admission.h"
#include "net/hub.h"

namespace grognard::net {

// Serves HTTP requests on one connection until it closes or upgrades to WebSocket (each
// request header within Options::handshake_timeout). The connection holds `handshake` (its
// handshake slot) until then; an upgrade past a connection cap gets 503 naming the cap.
// `spare` non-null: the connection was accepted with the listener's spare descriptor
// (net/accept_guard.h); it is answered over HTTP, an upgrade gets 503, and the spare comes back
// when it ends.
boost::asio::awaitable<void> http_session(boost::beast::tcp_stream stream, std::shared_ptr<Hub> hub,
                                          Admission::Ticket handshake, std::shared_ptr<void> spare);

// Logs the exception a coroutine ended with, if any, prefixed with `what`.
void log_exception(std::string_view what, const std::exception_ptr& e);

}  // namespace grognard::net
