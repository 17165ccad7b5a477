#include "accounts/login_limit.h"

#include <algorithm>

#include "accounts/password.h"

namespace grognard::accounts {
namespace {

// Addresses and names share the table; a prefix keeps an address from meeting a name.
std::string address_key(std::string_view address) {
  return "a:" + std::string(address);
}
std::string name_key(std::string_view name) {
  return "n:" + folded_name(name);
}

// A table of no keys, or a window of no time, would count nothing: the least that counts.
LoginLimit::Options usable(LoginLimit::Options options) {
  options.capacity = std::max<std::size_t>(options.capacity, 1);
  options.window_ms = std::max<std::int64_t>(options.window_ms, 1);
  return options;
}

}  // namespace

LoginLimit::LoginLimit(Options options) : options_(usable(options)) {}

std::int64_t LoginLimit::wait_ms(const std::string& key, std::size_t limit, std::int64_t now_ms) {
  if (limit == 0) return 0;
  auto it = entries_.find(key);
  if (it == entries_.end()) return 0;
  auto& failures = it->second.failures;
  // A failure at t counts during [t, t + window).
  std::erase_if(failures, [&](std::int64_t t) { return t <= now_ms - options_.window_ms; });
  if (failures.empty()) {
    order_.erase(it->second.place);
    entries_.erase(it);
    return 0;
  }
  if (failures.size() < limit) return 0;
  return failures[failures.size() - limit] + options_.window_ms - now_ms;
}

std::int64_t LoginLimit::wait_seconds(std::string_view address, std::string_view name,
                                      std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  std::int64_t ms = wait_ms(name_key(name), options_.per_name, now_ms);
  if (!address.empty()) {
    ms = std::max(ms, wait_ms(address_key(address), options_.per_address, now_ms));
  }
  return ms <= 0 ? 0 : (ms + 999) / 1000;
}

void LoginLimit::drop_expired(std::int64_t now_ms) {
  while (!order_.empty()) {
    auto it = entries_.find(order_.front());
    if (it->second.failures.back() > now_ms - options_.window_ms) return;
    entries_.erase(it);
    order_.pop_front();
  }
}

void LoginLimit::count(const std::string& key, std::size_t limit, std::int64_t now_ms) {
  if (limit == 0) return;
  auto it = entries_.find(key);
  if (it == entries_.end()) {
    if (entries_.size() >= options_.capacity) {
      entries_.erase(order_.front());
      order_.pop_front();
    }
    it = entries_.emplace(key, Entry{{}, order_.insert(order_.end(), key)}).first;
  } else {
    order_.splice(order_.end(), order_, it->second.place);  // now its last failure is newest
  }
  auto& failures = it->second.failures;
  // Calls from several threads may arrive slightly out of time order: keep the list sorted.
  failures.insert(std::upper_bound(failures.begin(), failures.end(), now_ms), now_ms);
  if (failures.size() > limit) failures.erase(failures.begin());
}

void LoginLimit::failed(std::string_view address, std::string_view name, std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  drop_expired(now_ms);
  count(name_key(name), options_.per_name, now_ms);
  if (!address.empty()) count(address_key(address), options_.per_address, now_ms);
}

void LoginLimit::succeeded(std::string_view name) {
  std::lock_guard lock(mu_);
  auto it = entries_.find(name_key(name));
  if (it == entries_.end()) return;
  order_.erase(it->second.place);
  entries_.erase(it);
}

std::size_t LoginLimit::tracked() const {
  std::lock_guard lock(mu_);
  return entries_.size();
}

}  // namespace grognard::accounts
