#pragma once
// Internal to net/: the WebSocket session that a connection becomes once its HTTP request
// asks to upgrade. Included by server.cpp and session.cpp only (it brings in Beast's HTTP
// message types).

#include <memory>
#include <string>

#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "net/hub.h"

namespace grognard::net {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;

// Who is on the other end: the address bans and the admin API use, and the name logs use.
struct ClientAddress {
  std::string address;  // "203.0.113.9" (behind a trusted proxy: from X-Forwarded-For)
  std::string name;     // "203.0.113.9:51234" (the port only when it is the client's own)
  // What limits count it as, and its range (room/addresses.h, Options::prefixes):
  // "203.0.113.9" and "203.0.113.0/24", "2001:db8:1:2::/64" and "2001:db8:1::/48".
  std::string key;
  std::string range;
  // A trusted proxy says the client reached it over TLS (X-Forwarded-Proto: https).
  bool https = false;
};

// Completes the WebSocket handshake for `request` and serves the connection until it closes:
// frames in (rate-limited, size-limited, idle-timed, Hello within hello_timeout), Hello and
// Ping answered here, everything else to hub->lobby; messages out through a bounded queue with
// one write in flight. `handshake` (the connection's handshake slot) is given back once the
// WebSocket handshake is done; `connection` (its place under the connection caps) when it ends.
// REQUIRES: `stream`'s executor is a strand of its own.
void start_session(boost::beast::tcp_stream stream, HttpRequest request, std::shared_ptr<Hub> hub,
                   ClientAddress client, Admission::Ticket handshake, Admission::Ticket connection);

}  // namespace grognard::net
