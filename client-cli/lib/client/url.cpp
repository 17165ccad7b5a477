#include "client/url.h"

#include <array>
#include <charconv>

namespace grognard::client {

namespace {

Failure bad(const std::string& what, std::string_view url) {
  return failure(FailureKind::kIo, what + " in URL: " + std::string(url));
}

struct Scheme {
  std::string_view prefix;
  bool tls;
  std::uint16_t port;
};
constexpr std::array<Scheme, 4> kSchemes = {
    {{"ws://", false, 80}, {"wss://", true, 443}, {"http://", false, 80}, {"https://", true, 443}}};

}  // namespace

Result<Url> parse_url(std::string_view url) {
  const Scheme* scheme = nullptr;
  for (const Scheme& s : kSchemes) {
    if (url.substr(0, s.prefix.size()) == s.prefix) scheme = &s;
  }
  if (!scheme) {
    const auto end = url.find("://");
    if (end == std::string_view::npos) return bad("no scheme (ws:// or wss://)", url);
    return bad("unknown scheme \"" + std::string(url.substr(0, end)) +
                   "\" (ws://, wss://, http:// or https://)",
               url);
  }
  std::string_view rest = url.substr(scheme->prefix.size());
  Url out;
  out.tls = scheme->tls;
  out.port = scheme->port;
  if (const auto slash = rest.find('/'); slash != std::string_view::npos) {
    out.target = std::string(rest.substr(slash));
    rest = rest.substr(0, slash);
  }
  // "[v6]:port", "[v6]", "host:port" or "host".
  std::string_view host = rest;
  std::string_view port;
  bool has_port = false;
  if (!rest.empty() && rest.front() == '[') {
    const auto close = rest.find(']');
    if (close == std::string_view::npos) return bad("no ']' after the IPv6 address", url);
    host = rest.substr(1, close - 1);
    const std::string_view after = rest.substr(close + 1);
    if (!after.empty() && after.front() != ':') return bad("junk after ']'", url);
    has_port = !after.empty();
    if (has_port) port = after.substr(1);
  } else if (const auto colon = rest.rfind(':'); colon != std::string_view::npos) {
    host = rest.substr(0, colon);
    port = rest.substr(colon + 1);
    has_port = true;
  }
  if (host.empty()) return bad("no host", url);
  out.host = std::string(host);
  if (has_port) {
    unsigned value = 0;
    auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (ec != std::errc() || end != port.data() + port.size() || value == 0 || value > 65535) {
      return bad("bad port \"" + std::string(port) + "\" (1 to 65535)", url);
    }
    out.port = static_cast<std::uint16_t>(value);
  }
  return out;
}

}  // namespace grognard::client
