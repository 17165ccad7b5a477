#include "site/bans.h"

#include <charconv>

#include <boost/asio/ip/network_v4.hpp>
#include <boost/asio/ip/network_v6.hpp>

#include "room/addresses.h"

namespace grognard::site {

namespace {

namespace ip = boost::asio::ip;

// Whether range `subject` ("A/N", as parse_ban_subject() gives it) holds address `a`.
bool holds(const std::string& subject, const ip::address& a) {
  boost::system::error_code ec;
  if (a.is_v4()) {
    const auto net = ip::make_network_v4(subject, ec);
    return !ec && ip::network_v4(a.to_v4(), net.prefix_length()).canonical() == net;
  }
  const auto net = ip::make_network_v6(subject, ec);
  return !ec && ip::network_v6(a.to_v6(), net.prefix_length()).canonical() == net;
}

}  // namespace

bool covers(const std::string& subject, std::string_view address) {
  const auto a = room::parse_address(address);
  if (!a) return false;
  return subject.find('/') == std::string::npos ? a->to_string() == subject : holds(subject, *a);
}

std::optional<std::string> parse_ban_subject(const std::string& text) {
  const auto slash = text.find('/');
  const auto a = room::parse_address(std::string_view(text).substr(0, slash));
  if (!a) return std::nullopt;
  if (slash == std::string::npos) return a->to_string();
  const std::string_view bits = std::string_view(text).substr(slash + 1);
  int prefix = -1;
  const auto [end, ec] = std::from_chars(bits.data(), bits.data() + bits.size(), prefix);
  const int most = a->is_v4() ? 32 : 128;
  if (ec != std::errc() || end != bits.data() + bits.size() || bits.empty() || prefix < 0 ||
      prefix > most) {
    return std::nullopt;
  }
  if (a->is_v4())
    return ip::network_v4(a->to_v4(), static_cast<unsigned short>(prefix)).canonical().to_string();
  return ip::network_v6(a->to_v6(), static_cast<unsigned short>(prefix)).canonical().to_string();
}

void Bans::add(Ban ban) {
  std::lock_guard lock(mu_);
  bans_[ban.address] = std::move(ban);
}

bool Bans::lift(const std::string& address) {
  std::lock_guard lock(mu_);
  return bans_.erase(address) > 0;
}

std::optional<Ban> Bans::find(const std::string& address, std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  if (bans_.empty()) return std::nullopt;
  std::erase_if(bans_, [now_ms](const auto& entry) { return entry.second.until_ms <= now_ms; });
  const auto a = room::parse_address(address);
  if (!a) return std::nullopt;  // "?": an address the socket could not tell
  if (auto it = bans_.find(a->to_string()); it != bans_.end()) return it->second;
  for (const auto& [subject, ban] : bans_) {
    if (subject.find('/') != std::string::npos && holds(subject, *a)) return ban;
  }
  return std::nullopt;  // ranges are few: one look at each
}

std::vector<Ban> Bans::list(std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  std::erase_if(bans_, [now_ms](const auto& entry) { return entry.second.until_ms <= now_ms; });
  std::vector<Ban> out;
  for (const auto& [address, ban] : bans_) out.push_back(ban);
  return out;
}

}  // namespace grognard::site
