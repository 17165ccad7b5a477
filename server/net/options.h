#pragma once
// The network layer's settings: where to listen and the per-connection limits that
// docs/design.md "Protocol" asks to be set, not defaulted. Welcome.limits reports them to clients.

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "room/addresses.h"

namespace grognard::net {

struct Options {
  std::string listen = "127.0.0.1:8080";        // host:port; port 0 binds a free port
  std::uint32_t max_frame_bytes = 64 * 1024;    // largest message a client may send
  std::uint32_t queue_messages = 256;           // outbound queue bound, in messages...
  std::uint64_t queue_bytes = 4 * 1024 * 1024;  // ...and in bytes
  std::uint32_t rate = 50;                      // messages per second, sustained (0: no limit)
  std::uint32_t burst = 100;                    // messages at once
  std::chrono::seconds idle_timeout{300};       // no message for this long closes
  // Connections at once, in total and from one address (0: no bound); past either, a new
  // connection is refused with 503 before its WebSocket handshake.
  std::uint32_t max_connections = 20'000;
  std::uint32_t max_connections_per_address = 256;
  // Connections still in their HTTP/WebSocket handshake at once, and how long one may take; one
  // address holds at most handshakes_per_address of them (net/admission.h).
  std::uint32_t max_handshakes = 512;
  std::uint32_t handshakes_per_address = 32;
  std::chrono::seconds handshake_timeout{10};
  // What limits count a client's address as, and its range (room/addresses.h); the part of each
  // server-wide bound one range may hold, in percent (0: no share; room::share_of).
  room::AddressPrefixes prefixes;
  unsigned range_share = 10;
  // A WebSocket connection that has not said Hello by then is closed (1008).
  std::chrono::seconds hello_timeout{30};
  // The operator's token for the admin API under /admin (site/admin.h); empty: admin is off.
  std::string admin_token;
  // Reverse proxies whose X-Forwarded-For names the client (exact addresses, "127.0.0.1").
  std::vector<std::string> trusted_proxies;
  // Serve the web client from this folder instead of the copy built into the binary (for
  // working on web/ without rebuilding); empty: the built-in copy.
  std::string web_dir;
  int threads = 2;  // io_context threads (used by main)
};

}  // namespace grognard::net
