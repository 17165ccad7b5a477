#include "room/shares.h"

#include "room/addresses.h"

namespace grognard::room {

namespace {

void lower(std::unordered_map<std::string, std::uint64_t>& table, const std::string& key,
           std::uint64_t n) {
  const auto it = table.find(key);
  if (it == table.end()) return;
  it->second -= std::min(it->second, n);
  if (it->second == 0) table.erase(it);
}

std::uint64_t at(const std::unordered_map<std::string, std::uint64_t>& table,
                 const std::string& key) {
  const auto it = table.find(key);
  return it == table.end() ? 0 : it->second;
}

}  // namespace

std::optional<std::string> Shares::take(const Holder& holder, std::uint64_t n) {
  const std::string b = " " + names_.what;
  std::lock_guard lock(mu_);
  if (!holder.address.empty()) {
    if (const std::uint64_t mine = at(by_address_, holder.address);
        bounds_.per_address != 0 && mine + n > bounds_.per_address) {
      return "your address (" + holder.address + ") holds " + std::to_string(mine) + b +
             ", the most one address may (" + names_.per_address_flag + " " +
             std::to_string(bounds_.per_address) + ")";
    }
    const std::uint64_t range_bound = share_of(bounds_.total, bounds_.range_share);
    if (const std::uint64_t ours = at(by_range_, holder.range);
        range_bound != 0 && ours + n > range_bound) {
      return "your range of addresses (" + holder.range + ") holds " + std::to_string(ours) + b +
             ", the most one range may (--range-share " + std::to_string(bounds_.range_share) +
             " % of " + names_.total_flag + " " + std::to_string(bounds_.total) + ")";
    }
    if (bounds_.total != 0 && total_ + n > bounds_.total) {
      return "the server holds " + std::to_string(total_) + b + ", the most it may (" +
             names_.total_flag + " " + std::to_string(bounds_.total) + ")";
    }
    by_address_[holder.address] += n;
    by_range_[holder.range] += n;
  }
  total_ += n;
  return std::nullopt;
}

void Shares::give_back(const Holder& holder, std::uint64_t n) {
  std::lock_guard lock(mu_);
  if (!holder.address.empty()) {
    lower(by_address_, holder.address, n);
    lower(by_range_, holder.range, n);
  }
  total_ -= std::min(total_, n);
}

std::uint64_t Shares::held(const std::string& address) const {
  std::lock_guard lock(mu_);
  return at(by_address_, address);
}

std::uint64_t Shares::total() const {
  std::lock_guard lock(mu_);
  return total_;
}

std::size_t Shares::tracked() const {
  std::lock_guard lock(mu_);
  return by_address_.size() + by_range_.size();
}

}  // namespace grognard::room
