#include "room/creator_quota.h"

#include <algorithm>

#include "room/room.h"

namespace grognard::room {

namespace {

bool open(const std::weak_ptr<Room>& weak) {
  const auto room = weak.lock();
  if (!room) return false;
  const std::string status = room->info().status();
  return status == "waiting" || status == "running";
}

std::string refusal(std::string_view who, std::size_t held, std::string_view bound,
                    std::size_t value) {
  return std::string(who) + " already has " + std::to_string(held) +
         " open rooms it created, as many as it may (" + std::string(bound) + " = " +
         std::to_string(value) + "): play one to its end first, or let it expire";
}

}  // namespace

std::size_t CreatorQuota::count(Held& h) {
  std::erase_if(h.rooms, [](const std::weak_ptr<Room>& r) { return !open(r); });
  return h.rooms.size() + h.pending;
}

std::vector<CreatorQuota::Held*> CreatorQuota::entries(const std::shared_ptr<Peer>& creator) {
  std::vector<Held*> out;
  if (!creator) return out;
  // A bound of 0 is no bound: nothing is counted for it (an unbounded count would cost a look
  // at every room of the creator on each create).
  if (per_connection_ != 0) out.push_back(&by_connection_[creator]);
  if (per_address_ != 0) out.push_back(&by_address_[creator->address()]);
  return out;
}

std::optional<std::string> CreatorQuota::hold(const std::shared_ptr<Peer>& creator) {
  if (!creator) return std::nullopt;
  sweep();
  if (per_connection_ != 0) {
    if (const std::size_t n = count(by_connection_[creator]); n >= per_connection_) {
      return refusal("this connection", n, "rooms_per_connection", per_connection_);
    }
  }
  if (per_address_ != 0) {
    if (const std::size_t n = count(by_address_[creator->address()]); n >= per_address_) {
      return refusal("your address", n, "rooms_per_address", per_address_);
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
  for (auto it = by_address_.begin(); it != by_address_.end();) {
    it = count(it->second) == 0 ? by_address_.erase(it) : std::next(it);
  }
  live_at_sweep_ = tracked();
}

}  // namespace grognard::room
