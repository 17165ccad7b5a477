#pragma once
// Server addresses: "ws://host:port/path" split into its parts, and how a TLS server is trusted.
// No Boost here (url.cpp), so that the parsing is tested without a network.

#include <cstdint>
#include <string>
#include <string_view>

#include "client/result.h"

namespace grognard::client {

// ws:// and http:// are plain TCP (default port 80); wss:// and https:// are TLS (443). The
// WebSocket and the HTTP calls (admin, reports) of one server use the same address.
struct Url {
  std::string host;  // an IPv6 address without its brackets
  std::uint16_t port = 0;
  std::string target = "/";
  bool tls = false;
};
// A kIo failure naming what is wrong: the scheme, the host or the port.
Result<Url> parse_url(std::string_view url);

// How a wss:// or https:// server is trusted: its certificate must chain to a CA of the
// system's store or of `ca_file` (PEM: a private CA), and name the URL's host.
struct TlsOptions {
  std::string ca_file;  // "" the system's store alone
};

}  // namespace grognard::client
