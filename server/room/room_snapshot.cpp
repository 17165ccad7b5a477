// What other threads may read of a room, under its own lock.
#include "room/room_snapshot.h"

namespace grognard::room {

void RoomSnapshot::publish(Facts facts) {
  std::lock_guard lock(mu_);
  facts_ = std::move(facts);
}

v1::RoomInfo RoomSnapshot::info() const {
  v1::RoomInfo info;
  ClockView clocks;
  {
    std::lock_guard lock(mu_);
    info = facts_.info;
    if (!facts_.clocks.tc.none()) clocks = facts_.clocks;
  }
  clocks.fill(info);
  return info;
}

bool RoomSnapshot::listed_and_open() const {
  std::lock_guard lock(mu_);
  return facts_.listed_and_open;
}

bool RoomSnapshot::evictable() const {
  std::lock_guard lock(mu_);
  return facts_.evictable;
}

bool RoomSnapshot::ended_idle_since(std::int64_t ms) const {
  std::lock_guard lock(mu_);
  return facts_.evictable && facts_.ended_ms != 0 && facts_.ended_ms <= ms;
}

bool RoomSnapshot::storage_stopped() const {
  std::lock_guard lock(mu_);
  return facts_.storage_stopped;
}

bool RoomSnapshot::stopped() const {
  std::lock_guard lock(mu_);
  return facts_.stopped;
}

std::optional<std::int64_t> RoomSnapshot::waiting_since() const {
  std::lock_guard lock(mu_);
  return facts_.waiting_since;
}

std::optional<std::int64_t> RoomSnapshot::unattended_since() const {
  std::lock_guard lock(mu_);
  return facts_.unattended_since;
}

void RoomSnapshot::set_creator(std::string address) {
  std::lock_guard lock(mu_);
  creator_ = std::move(address);
}

std::string RoomSnapshot::creator() const {
  std::lock_guard lock(mu_);
  return creator_;
}

std::string RoomSnapshot::drift() const {
  std::lock_guard lock(mu_);
  return facts_.drift;
}

}  // namespace grognard::room
