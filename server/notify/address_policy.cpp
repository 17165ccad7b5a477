#include "notify/address_policy.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <charconv>
#include <cstring>

namespace grognard::notify {
namespace {

// A special-purpose range and what an address in it is.
struct Special {
  std::array<std::uint8_t, 16> network;
  int prefix;
  const char* kind;
};

// The IPv4 ranges that are not public (IANA's special-purpose registry, RFC 6890 and after).
// The first match names the address, so the broadcast address comes before 240.0.0.0/4.
const Special kSpecialV4[] = {
    {{0, 0, 0, 0}, 8, "a \"this network\" address"},
    {{10, 0, 0, 0}, 8, "a private address"},
    {{100, 64, 0, 0}, 10, "a shared (carrier-grade NAT) address"},
    {{127, 0, 0, 0}, 8, "a loopback address"},
    {{169, 254, 0, 0}, 16, "a link-local address"},
    {{172, 16, 0, 0}, 12, "a private address"},
    {{192, 0, 0, 0}, 24, "an IETF protocol address"},
    {{192, 0, 2, 0}, 24, "a documentation address"},
    {{192, 88, 99, 0}, 24, "a 6to4 relay address"},
    {{192, 168, 0, 0}, 16, "a private address"},
    {{198, 18, 0, 0}, 15, "a benchmarking address"},
    {{198, 51, 100, 0}, 24, "a documentation address"},
    {{203, 0, 113, 0}, 24, "a documentation address"},
    {{224, 0, 0, 0}, 4, "a multicast address"},
    {{255, 255, 255, 255}, 32, "the broadcast address"},
    {{240, 0, 0, 0}, 4, "a reserved address"},
};

// The IPv6 ranges that are not public and embed no IPv4 address. Past them, whatever is outside
// the global unicast range 2000::/3 is reserved as well.
const Special kSpecialV6[] = {
    {{}, 128, "the unspecified address"},
    {{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, 128, "a loopback address"},
    {{0xfc}, 7, "a private (unique local) address"},
    {{0xfe, 0x80}, 10, "a link-local address"},
    {{0xfe, 0xc0}, 10, "a site-local address"},
    {{0xff}, 8, "a multicast address"},
    {{0x01, 0x00}, 64, "a discard-only address"},
    {{0x20, 0x01, 0x0d, 0xb8}, 32, "a documentation address"},
    {{0x20, 0x01}, 23, "an IETF protocol address"},
};

// Where an IPv6 address embeds an IPv4 one: the range, and the offset of the IPv4 bytes.
struct Embedding {
  std::array<std::uint8_t, 16> network;
  int prefix;
  std::size_t at;
};

const Embedding kEmbeddings[] = {
    {{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff}, 96, 12},  // IPv4-mapped
    {{}, 96, 12},                                          // IPv4-compatible
    {{0x00, 0x64, 0xff, 0x9b}, 96, 12},                    // NAT64
    {{0x20, 0x02}, 16, 2},                                 // 6to4
};

// Whether the first `prefix` bits of `a` and `network` agree.
bool same_prefix(const std::array<std::uint8_t, 16>& a, const std::array<std::uint8_t, 16>& network,
                 int prefix) {
  const auto whole = static_cast<std::size_t>(prefix / 8);
  if (std::memcmp(a.data(), network.data(), whole) != 0) return false;
  const int rest = prefix % 8;
  if (rest == 0) return true;
  const auto mask = static_cast<std::uint8_t>(0xff << (8 - rest));
  return (a[whole] & mask) == (network[whole] & mask);
}

const char* special_kind_v4(const IpAddress& a) {
  for (const Special& s : kSpecialV4) {
    if (same_prefix(a.bytes, s.network, s.prefix)) return s.kind;
  }
  return nullptr;
}

// The IPv4 address an IPv4-mapped IPv6 address stands for; `a` itself otherwise.
IpAddress unmapped(const IpAddress& a) {
  if (!a.v6 || !same_prefix(a.bytes, kEmbeddings[0].network, 96)) return a;
  return IpAddress::v4(a.bytes[12], a.bytes[13], a.bytes[14], a.bytes[15]);
}

bool is_label_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_';
}

}  // namespace

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

IpAddress IpAddress::v4(std::uint8_t a, std::uint8_t b, std::uint8_t c, std::uint8_t d) {
  IpAddress out;
  out.bytes[0] = a;
  out.bytes[1] = b;
  out.bytes[2] = c;
  out.bytes[3] = d;
  return out;
}

std::optional<IpAddress> IpAddress::parse(std::string_view text) {
  if (text.empty() || text.size() > INET6_ADDRSTRLEN) return std::nullopt;
  const std::string s(text);
  IpAddress out;
  if (inet_pton(AF_INET, s.c_str(), out.bytes.data()) == 1) return out;
  if (inet_pton(AF_INET6, s.c_str(), out.bytes.data()) == 1) {
    out.v6 = true;
    return out;
  }
  return std::nullopt;
}

std::optional<IpAddress> IpAddress::from_sockaddr(const sockaddr* address) {
  if (address == nullptr) return std::nullopt;
  IpAddress out;
  if (address->sa_family == AF_INET) {
    sockaddr_in in{};
    std::memcpy(&in, address, sizeof in);
    std::memcpy(out.bytes.data(), &in.sin_addr, 4);
    return out;
  }
  if (address->sa_family == AF_INET6) {
    sockaddr_in6 in6{};
    std::memcpy(&in6, address, sizeof in6);
    std::memcpy(out.bytes.data(), &in6.sin6_addr, 16);
    out.v6 = true;
    return out;
  }
  return std::nullopt;
}

std::optional<IpAddress> IpAddress::from_sockaddr(const sockaddr_storage& address) {
  return from_sockaddr(reinterpret_cast<const sockaddr*>(&address));
}

std::string IpAddress::to_string() const {
  char out[INET6_ADDRSTRLEN] = {};
  inet_ntop(v6 ? AF_INET6 : AF_INET, bytes.data(), out, sizeof out);
  return out;
}

std::optional<std::string> why_not_public(const IpAddress& a) {
  if (!a.v6) {
    if (const char* kind = special_kind_v4(a)) return std::string(kind);
    return std::nullopt;
  }
  // The unspecified address and loopback first: both are in ::/96 too.
  for (int i = 0; i < 2; ++i) {
    if (same_prefix(a.bytes, kSpecialV6[i].network, 128)) return std::string(kSpecialV6[i].kind);
  }
  for (const Embedding& e : kEmbeddings) {
    if (!same_prefix(a.bytes, e.network, e.prefix)) continue;
    const IpAddress inner =
        IpAddress::v4(a.bytes[e.at], a.bytes[e.at + 1], a.bytes[e.at + 2], a.bytes[e.at + 3]);
    if (const char* kind = special_kind_v4(inner)) {
      return std::string(kind) + " (it embeds " + inner.to_string() + ")";
    }
    return std::nullopt;
  }
  for (const Special& s : kSpecialV6) {
    if (same_prefix(a.bytes, s.network, s.prefix)) return std::string(s.kind);
  }
  if ((a.bytes[0] & 0xe0) != 0x20) return std::string("a reserved address");
  return std::nullopt;
}

bool is_public(const IpAddress& a) {
  return !why_not_public(a).has_value();
}

bool is_public(const sockaddr_storage& a) {
  const auto address = IpAddress::from_sockaddr(a);
  return address && is_public(*address);
}

std::optional<engine::Result<AddressRange>> AddressRange::parse(std::string_view text) {
  const auto slash = text.find('/');
  const auto address = IpAddress::parse(text.substr(0, slash));
  if (!address) return std::nullopt;
  const int most = address->v6 ? 128 : 32;
  AddressRange out{*address, most};
  if (slash != std::string_view::npos) {
    const std::string_view bits = text.substr(slash + 1);
    const auto [end, ec] = std::from_chars(bits.data(), bits.data() + bits.size(), out.prefix);
    if (bits.empty() || bits.size() > 3 || ec != std::errc() || end != bits.data() + bits.size() ||
        out.prefix < 0 || out.prefix > most) {
      return engine::Result<AddressRange>(
          engine::invalid(std::string("the prefix of an ") +
                          (address->v6 ? "IPv6 range is 0 to 128" : "IPv4 range is 0 to 32")));
    }
  }
  for (int bit = out.prefix; bit < most; ++bit) {
    out.network.bytes[static_cast<std::size_t>(bit / 8)] &=
        static_cast<std::uint8_t>(~(0x80 >> (bit % 8)));
  }
  return engine::Result<AddressRange>(out);
}

bool AddressRange::holds(const IpAddress& a) const {
  const IpAddress b = network.v6 ? a : unmapped(a);
  return b.v6 == network.v6 && same_prefix(b.bytes, network.bytes, prefix);
}

bool is_host_name(std::string_view host) {
  if (host.ends_with('.')) host.remove_suffix(1);
  if (host.empty() || host.size() > 253) return false;
  std::size_t start = 0;
  std::string_view last;
  for (;;) {
    const auto dot = host.find('.', start);
    const std::string_view label = host.substr(start, dot - start);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') {
      return false;
    }
    for (char c : label) {
      if (!is_label_char(c)) return false;
    }
    last = label;
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return !(last.front() >= '0' && last.front() <= '9');
}

engine::Result<AllowList> AllowList::parse(const std::vector<std::string>& entries) {
  AllowList out;
  for (const std::string& entry : entries) {
    if (auto range = AddressRange::parse(entry)) {
      if (!range->ok()) {
        return engine::invalid("--webhook-allow: \"" + entry + "\": " + range->error().message);
      }
      out.ranges_.push_back(range->value());
      continue;
    }
    if (!is_host_name(entry)) {
      return engine::invalid("--webhook-allow: \"" + entry +
                             "\" is neither a host name nor an address range (hooks.example.lan, "
                             "10.1.0.0/16, 127.0.0.1/32, ::1/128)");
    }
    std::string host = ascii_lower(entry);
    if (host.ends_with('.')) host.pop_back();
    out.hosts_.push_back(std::move(host));
  }
  return out;
}

bool AllowList::names(std::string_view host) const {
  std::string h = ascii_lower(host);
  if (h.ends_with('.')) h.pop_back();
  for (const std::string& named : hosts_) {
    if (named == h) return true;
  }
  return false;
}

bool AllowList::holds(const IpAddress& a) const {
  for (const AddressRange& r : ranges_) {
    if (r.holds(a)) return true;
  }
  return false;
}

}  // namespace grognard::notify
