#pragma once
// What limits count a client's address as (docs/operations.md, "Limits"). An IPv4 address is one
// address, but an IPv6 client is usually handed a whole /64: its addresses there are one address
// for every per-address bound (the address key). Beyond that, addresses are grouped in ranges
// (an IPv4 /24, an IPv6 /48: one network, one provider's customer), so that no range holds more
// than its share of a server-wide bound (--range-share). Beast-free.

#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/ip/address.hpp>

namespace grognard::room {

// Prefix lengths, in bits (the server's --ipv6-prefix, --ipv4-range-prefix and
// --ipv6-range-prefix).
struct AddressPrefixes {
  int ipv6 = 64;        // the part of an IPv6 address that is one address
  int ipv4_range = 24;  // the part of an IPv4 address that is its range
  int ipv6_range = 48;  // the part of an IPv6 address that is its range
};

// `text` as an IP address, an IPv4 address written as IPv6 ("::ffff:203.0.113.9") as the IPv4
// one; nullopt when it is none.
std::optional<boost::asio::ip::address> parse_address(std::string_view text);

// "203.0.113.9" -> "203.0.113.9"; "2001:db8:1:2:a:b:c:d" -> "2001:db8:1:2::/64"; an IPv4
// address written as IPv6 ("::ffff:203.0.113.9") as the IPv4 one; anything that is not an IP
// address as it is.
std::string address_key(std::string_view address, const AddressPrefixes& prefixes);
// "203.0.113.9" -> "203.0.113.0/24"; "2001:db8:1:2:a:b:c:d" -> "2001:db8:1::/48"; anything that
// is not an IP address as it is.
std::string address_range(std::string_view address, const AddressPrefixes& prefixes);

// Part `percent` of `bound`, at least 1; 0 (no bound) when `bound` is 0 or `percent` is 0 or
// 100 or more (no share).
std::size_t share_of(std::size_t bound, unsigned percent);

}  // namespace grognard::room
