#pragma once
// Addresses and ranges the operator has banned for a while (admin API, site/admin.h). Held in
// memory, and kept in the database by the admin API (store/operator_records.h), so that a
// restart keeps them (docs/operations.md). A banned address gets 403 on
// every HTTP request, the WebSocket upgrade included; its open connections are closed when it is
// banned. A ban names one IP address or a CIDR range ("203.0.113.0/24", "2001:db8::/32"),
// written as parse_ban_subject() normalises it, so that "127.0.0.02" is never taken for an
// address that bans nothing.
//
// Thread-safety: every member may be called from any thread.

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grognard::site {

// `text` as a ban names it: an IPv4 or IPv6 address in its usual form ("2001:db8::1", an IPv4
// address written as IPv6 as the IPv4 one), or a range with the bits past its prefix cleared
// ("203.0.113.7/24" -> "203.0.113.0/24"); nullopt when it is neither (a name, "127.0.0.02",
// a prefix past the address's bits).
std::optional<std::string> parse_ban_subject(const std::string& text);
// Whether the ban on `subject` (as parse_ban_subject() gives it) covers client `address`.
bool covers(const std::string& subject, std::string_view address);

struct Ban {
  std::string address;        // an address or a range, as parse_ban_subject() gives it
  std::int64_t until_ms = 0;  // Unix milliseconds
  std::string reason;
};

class Bans {
 public:
  void add(Ban ban);
  bool lift(const std::string& address);  // false: it was not banned
  // The ban on client `address` (an address, not a range) at `now_ms`: its own or that of a
  // range holding it, if any (expired bans are forgotten here).
  std::optional<Ban> find(const std::string& address, std::int64_t now_ms);
  std::vector<Ban> list(std::int64_t now_ms);

 private:
  std::mutex mu_;
  std::map<std::string, Ban> bans_;
};

}  // namespace grognard::site
