#pragma once
// Which addresses a webhook may reach (docs/accounts.md, "Webhooks"): the public ones, and
// those the operator allows by host name or address range (--webhook-allow, docs/operations.md
// "Webhooks"). Everything else (loopback, private, shared, link-local, documentation,
// benchmarking, multicast, reserved, and the IPv6 forms that embed such an IPv4 address) is
// refused, so that a player's webhook is no way into the operator's network.
//
// Thread-safety: the functions are pure; an AllowList does not change once parsed and may be
// read from any number of threads.

#include <sys/socket.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"

namespace grognard::notify {

// An IPv4 or IPv6 address, its bytes in network order.
struct IpAddress {
  bool v6 = false;
  std::array<std::uint8_t, 16> bytes{};  // an IPv4 address: the first 4, the rest 0

  // Strictly "203.0.113.7" (four decimal numbers) or an IPv6 address ("2001:db8::1",
  // "::ffff:10.0.0.1", no zone, no brackets); nullopt for anything else ("127.1", "0x7f.0.0.1").
  static std::optional<IpAddress> parse(std::string_view text);
  // An AF_INET or AF_INET6 address; nullopt for another family.
  static std::optional<IpAddress> from_sockaddr(const sockaddr* address);
  static std::optional<IpAddress> from_sockaddr(const sockaddr_storage& address);
  static IpAddress v4(std::uint8_t a, std::uint8_t b, std::uint8_t c, std::uint8_t d);

  // "203.0.113.7", "2001:db8::1", "::ffff:10.0.0.1".
  std::string to_string() const;

  friend bool operator==(const IpAddress&, const IpAddress&) = default;
};

// Why `a` is not public, as the end of "hooks.example.org resolves to 10.0.0.7, ...": "a private
// address", "a loopback address", "a link-local address", ...; an IPv6 address that embeds an
// IPv4 one (::ffff:0:0/96, ::/96, 64:ff9b::/96, 2002::/16) is judged by that address and says so
// ("a private address (it embeds 10.0.0.7)"). nullopt when `a` is public.
std::optional<std::string> why_not_public(const IpAddress& a);
bool is_public(const IpAddress& a);
// False as well for a family other than IPv4 and IPv6.
bool is_public(const sockaddr_storage& a);

// An address range: "10.1.0.0/16", "::1/128"; a lone address is a range of that one address.
struct AddressRange {
  IpAddress network;  // the bits past the prefix cleared
  int prefix = 0;     // 0 to 32, or to 128 for IPv6

  // The range, or an error saying what is wrong with it ("the prefix of an IPv4 range is 0 to
  // 32"); nullopt when `text` is not written as an address at all.
  static std::optional<engine::Result<AddressRange>> parse(std::string_view text);
  // Whether `a` is in the range; an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is in the IPv4
  // ranges that hold a.b.c.d.
  bool holds(const IpAddress& a) const;
};

// The operator's allow-list (--webhook-allow ENTRY, repeatable): host names, matched exactly
// whatever their case (a final dot aside), and address ranges.
class AllowList {
 public:
  AllowList() = default;
  // The list, or an error naming the first bad entry: `--webhook-allow: "x y" is neither a host
  // name nor an address range (...)`.
  static engine::Result<AllowList> parse(const std::vector<std::string>& entries);

  // Whether host name `host` is on the list.
  bool names(std::string_view host) const;
  // Whether a range on the list holds `a`.
  bool holds(const IpAddress& a) const;
  bool empty() const { return hosts_.empty() && ranges_.empty(); }

 private:
  std::vector<std::string> hosts_;  // lower case, without a final dot
  std::vector<AddressRange> ranges_;
};

// Whether `host` is a well-formed host name: labels of letters, digits, '-' and '_' (neither
// first nor last a '-'), at most 63 bytes each, separated by dots, 253 bytes in all, an optional
// final dot, and a last label that does not begin with a digit (so that no name can be read as
// a number-written IPv4 address such as "127.1" or "2130706433").
bool is_host_name(std::string_view host);

// `s` in lower case (ASCII).
std::string ascii_lower(std::string_view s);

}  // namespace grognard::notify
