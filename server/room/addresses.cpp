#include "room/addresses.h"

#include <algorithm>
#include <optional>

#include <boost/asio/ip/address.hpp>

namespace grognard::room {

namespace {

namespace ip = boost::asio::ip;

// `bytes` with every bit past the first `bits` cleared.
template <class Bytes>
Bytes masked(Bytes bytes, int bits) {
  bits = std::clamp(bits, 0, static_cast<int>(bytes.size() * 8));
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const int keep = std::clamp(bits - static_cast<int>(i * 8), 0, 8);
    bytes[i] = static_cast<unsigned char>(bytes[i] & (0xff << (8 - keep)));
  }
  return bytes;
}

std::string network(const ip::address& a, int v4_bits, int v6_bits) {
  if (a.is_v4()) {
    const int bits = std::clamp(v4_bits, 0, 32);
    return ip::address_v4(masked(a.to_v4().to_bytes(), bits)).to_string() + "/" +
           std::to_string(bits);
  }
  const int bits = std::clamp(v6_bits, 0, 128);
  return ip::address_v6(masked(a.to_v6().to_bytes(), bits)).to_string() + "/" +
         std::to_string(bits);
}

}  // namespace

std::optional<ip::address> parse_address(std::string_view text) {
  boost::system::error_code ec;
  auto a = ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  if (a.is_v6() && a.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, a.to_v6());
  return a;
}

std::string address_key(std::string_view address, const AddressPrefixes& prefixes) {
  const auto a = parse_address(address);
  if (!a) return std::string(address);
  if (a->is_v4()) return a->to_string();
  return network(*a, 32, prefixes.ipv6);
}

std::string address_range(std::string_view address, const AddressPrefixes& prefixes) {
  const auto a = parse_address(address);
  if (!a) return std::string(address);
  return network(*a, prefixes.ipv4_range, prefixes.ipv6_range);
}

std::size_t share_of(std::size_t bound, unsigned percent) {
  if (bound == 0 || percent == 0 || percent >= 100) return 0;
  return std::max<std::size_t>(1, bound / 100 * percent + bound % 100 * percent / 100);
}

}  // namespace grognard::room
