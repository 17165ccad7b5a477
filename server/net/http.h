#pragma once
// Internal to net/ (server.cpp, http.cpp): the HTTP side of a connection.

#include <exception>
#include <memory>
#include <string>
#include <string_view>

#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/status.hpp>
#include <boost/beast/http/string_body.hpp>

#include "net/admission.h"
#include "net/hub.h"
#include "net/session.h"

namespace grognard::net {

using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

// A response of `body`, kept alive as the request asks, with the server's name.
HttpResponse text_response(const HttpRequest& request, boost::beast::http::status status,
                           std::string body,
                           std::string_view content_type = "text/plain; charset=utf-8");

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
