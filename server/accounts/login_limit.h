#pragma once
// The log-in limit (docs/accounts.md, "Limits"): failed log-ins counted per client address and
// per account name in a sliding window. Past the bound for either, the next try is refused
// before any password is hashed, and told how long to wait: until the oldest failure that
// counts leaves the window.
//
// A name is counted whether or not an account has it (so the limit says nothing of which names
// exist), in lower case (names are unique whatever their case). A successful log-in forgets its
// name's failures but not its address's: logging into one's own account must not reset the
// count of an address that guesses at others.
//
// The table is bounded: at most `capacity` keys (addresses and names together); a new key past
// that drops the key whose last failure is oldest. Keys whose failures have all left the window
// are dropped as they are met. It keeps no clock: every call is given the time.
// Thread-safe.

#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace grognard::accounts {

class LoginLimit {
 public:
  struct Options {
    std::size_t per_address = 10;          // failures an address may have in a window; 0: none
    std::size_t per_name = 5;              // failures for one name in a window; 0: none
    std::int64_t window_ms = 15 * 60'000;  // the sliding window
    std::size_t capacity = 100'000;        // keys tracked at most
  };

  LoginLimit() : LoginLimit(Options{}) {}
  explicit LoginLimit(Options options);

  // Whole seconds (rounded up) before a log-in from `address` to `name` may be tried; 0: now.
  // An empty address is not counted (a check by a session that has no address to hand).
  std::int64_t wait_seconds(std::string_view address, std::string_view name, std::int64_t now_ms);
  // A log-in from `address` to `name` failed at `now_ms`.
  void failed(std::string_view address, std::string_view name, std::int64_t now_ms);
  // A log-in to `name` succeeded: its failures are forgotten.
  void succeeded(std::string_view name);

  const Options& options() const { return options_; }
  // Keys in the table (tests: it stays bounded).
  std::size_t tracked() const;

 private:
  struct Entry {
    std::vector<std::int64_t> failures;  // in order; only the last `limit` are kept
    std::list<std::string>::iterator place;
  };

  // REQUIRES: mu_ held.
  std::int64_t wait_ms(const std::string& key, std::size_t limit, std::int64_t now_ms);
  void count(const std::string& key, std::size_t limit, std::int64_t now_ms);
  void drop_expired(std::int64_t now_ms);

  const Options options_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, Entry> entries_;
  std::list<std::string> order_;  // keys, the one whose last failure is oldest first
};

}  // namespace grognard::accounts
