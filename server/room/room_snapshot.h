#pragma once
// What other threads may read of a room (the lobby, /healthz): its RoomInfo and the facts the
// lobby lists, tidies and expires rooms by. The room publishes a fresh copy on its strand
// whenever they change; every member is thread-safe, under a lock of its own.

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "room/clock_view.h"
#include "room/messages.h"

namespace grognard::room {

class RoomSnapshot {
 public:
  struct Facts {
    v1::RoomInfo info;
    bool listed_and_open = false;
    // Ended (or stopped, but not by storage) with nobody connected.
    bool evictable = false;
    std::int64_t ended_ms = 0;  // when the game ended (0: it has not)
    bool storage_stopped = false;
    bool stopped = false;  // takes no command (storage_stopped among them), not for a shutdown
    std::optional<std::int64_t> waiting_since;  // while waiting for players: its last activity
    // While running with nobody connected: its last activity.
    std::optional<std::int64_t> unattended_since;
    std::string drift;
    ClockView clocks;  // filled into info() at each reading
  };

  void publish(Facts facts);

  // With its clocks as of now.
  v1::RoomInfo info() const;
  bool listed_and_open() const;
  bool evictable() const;
  // Evictable, and ended at or before `ms`.
  bool ended_idle_since(std::int64_t ms) const;
  bool storage_stopped() const;
  bool stopped() const;
  std::optional<std::int64_t> waiting_since() const;
  std::optional<std::int64_t> unattended_since() const;
  std::string drift() const;
  // The address that created the room, set once it is open (empty: loaded from the store).
  void set_creator(std::string address);
  std::string creator() const;

 private:
  mutable std::mutex mu_;
  Facts facts_;
  std::string creator_;
};

}  // namespace grognard::room
