#include "room/creator_quota.h"

#include <algorithm>

#include "room/addresses.h"
#include "room/room.h"

namespace grognard::room {

namespace {

bool open(const std::weak_ptr<Room>& weak) {
  const auto room = weak.lock();
  if (!room) return false;
  const std::string status = room->info().status();
  return status == "waiting" || status == "running";
}

constexpr std::string_view kWayOut = ": play one to its end first, or let it expire";

std::string refusal(std::string_view who, std::size_t held, std::string_view bound,
                    std::size_t value, std::string_view flag) {
  return std::string(who) + " already has " + std::to_string(held) +
         " open rooms it created, as many as it may (" + std::string(bound) + " = " +
         std::to_string(value) + ", " + std::string(flag) + ")" + std::string(kWayOut);
}

}  // namespace

std::size_t CreatorQuota::count(Held& h) {
  std::erase_if(h.rooms, [](const std::weak_ptr<Room>& r) { return !open(r); });
  return h.rooms.size() + h.pending;
}

CreatorQuota::CreatorQuota(Bounds bounds)
    : bounds_(bounds), per_range_(share_of(bounds.max_rooms, bounds.range_share)) {}

std::vector<CreatorQuota::Held*> CreatorQuota::entries(const std::shared_ptr<Peer>& creator) {
  std::vector<Held*> out;
  if (!creator) return out;
  // A bound of 0 is no bound: nothing is counted for it (an unbounded count would cost a look
  // at every room of the creator on each create).
  if (bounds_.per_connection != 0) out.push_back(&by_connection_[creator]);
  if (bounds_.per_address != 0) out.push_back(&by_address_[creator->address_key()]);
  if (per_range_ != 0) out.push_back(&by_range_[creator->address_range()]);
  return out;
}

std::optional<std::string> CreatorQuota::hold(const std::shared_ptr<Peer>& creator) {
  if (!creator) return std::nullopt;
  sweep();
  if (const std::size_t most = bounds_.per_connection; most != 0) {
    if (const std::size_t n = count(by_connection_[creator]); n >= most) {
      return refusal("this connection", n, "rooms_per_connection", most, "--rooms-per-connection");
    }
  }
  if (const std::size_t most = bounds_.per_address; most != 0) {
    const std::string key = creator->address_key();
    if (const std::size_t n = count(by_address_[key]); n >= most) {
      return refusal("your address (" + key + ")", n, "rooms_per_address", most,
                     "--rooms-per-address");
    }
  }
  if (per_range_ != 0) {
    const std::string range = creator->address_range();
    if (const std::size_t n = count(by_range_[range]); n >= per_range_) {
      return "your range of addresses (" + range + ") already has " + std::to_string(n) +
             " open rooms its addresses created, its share of the server's (--range-share " +
             std::to_string(bounds_.range_share) + " % of --max-rooms " +
             std::to_string(bounds_.max_rooms) + ")" + std::string(kWayOut);
    }
  }
  for (Held* h : entries(creator)) ++h->pending;
  return std::nullopt;
}

void CreatorQuota::release(const std::shared_ptr<Peer>& creator) {
  for (Held* h : entries(creator)) {
    if (h->pending > 0) --h->pending;
  }
}

void CreatorQuota::opened(const std::shared_ptr<Peer>& creator, const std::shared_ptr<Room>& room) {
  for (Held* h : entries(creator)) {
    if (h->pending > 0) --h->pending;
    h->rooms.push_back(room);
  }
}

void CreatorQuota::forget(const std::shared_ptr<Peer>& connection) {
  by_connection_.erase(connection);
}

void CreatorQuota::sweep() {
  if (tracked() <= 2 * live_at_sweep_ + 64) return;
  for (auto it = by_connection_.begin(); it != by_connection_.end();) {
    it = it->first.expired() || count(it->second) == 0 ? by_connection_.erase(it) : std::next(it);
  }
  for (auto* table : {&by_address_, &by_range_}) {
    for (auto it = table->begin(); it != table->end();) {
      it = count(it->second) == 0 ? table->erase(it) : std::next(it);
    }
  }
  live_at_sweep_ = tracked();
}

}  // namespace grognard::room
