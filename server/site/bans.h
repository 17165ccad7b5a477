#pragma once
// Addresses the operator has banned for a while (admin API, site/admin.h). Held in memory only:
// a restart lifts every ban (docs/operations.md). A banned address gets 403 on every HTTP
// request, the WebSocket upgrade included; its open connections are closed when it is banned.
//
// Thread-safety: every member may be called from any thread.

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace grognard::site {

struct Ban {
  std::string address;
  std::int64_t until_ms = 0;  // Unix milliseconds
  std::string reason;
};

class Bans {
 public:
  void add(Ban ban);
  bool lift(const std::string& address);  // false: it was not banned
  // The ban on `address` at `now_ms`, if any (expired bans are forgotten here).
  std::optional<Ban> find(const std::string& address, std::int64_t now_ms);
  std::vector<Ban> list(std::int64_t now_ms);

 private:
  std::mutex mu_;
  std::map<std::string, Ban> bans_;
};

}  // namespace grognard::site
