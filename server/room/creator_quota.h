#pragma once
// Open rooms per creator (LobbyOptions::rooms_per_connection, rooms_per_address, and a range's
// share of max_rooms): what one connection, one client address (Peer::address_key) and one
// range of addresses (Peer::address_range) may hold open at once of the rooms they created. A
// room counts from the moment its place is held (hold(), before it is stored) until it ends,
// expires or is closed, or leaves memory; a place held for a room that could not be made is
// given back (release()). Rooms recovered at start count for nobody: the store keeps no
// creator's address.
//
// Not thread-safe: opening rooms (room/opener.h) calls it under its own lock.

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "room/peer.h"

namespace grognard::room {

class Room;

class CreatorQuota {
 public:
  struct Bounds {
    std::size_t per_connection = 0;  // 0: none, as the others
    std::size_t per_address = 0;
    std::size_t max_rooms = 0;  // of which a range holds range_share percent (room::share_of)
    unsigned range_share = 0;
  };
  explicit CreatorQuota(Bounds bounds);

  // Holds a place for one more room of `creator`, or says which bound it would pass (the
  // message names the bound and its value).
  std::optional<std::string> hold(const std::shared_ptr<Peer>& creator);
  // The place held is not used: the room could not be made.
  void release(const std::shared_ptr<Peer>& creator);
  // The place held is now `room`'s: it counts while the room is open.
  void opened(const std::shared_ptr<Peer>& creator, const std::shared_ptr<Room>& room);
  // The connection closed: it creates nothing more (its address's count stays).
  void forget(const std::shared_ptr<Peer>& connection);

  // Connections and addresses with an entry (tests: the tables stay bounded).
  std::size_t tracked() const {
    return by_connection_.size() + by_address_.size() + by_range_.size();
  }

 private:
  struct Held {
    std::vector<std::weak_ptr<Room>> rooms;
    std::size_t pending = 0;  // places held for rooms not yet made
  };
  // The entries `creator` counts in: its connection's and its address's, where bounded.
  std::vector<Held*> entries(const std::shared_ptr<Peer>& creator);
  // Drops the rooms of `h` that ended or left memory; what it holds now.
  static std::size_t count(Held& h);
  // Drops the entries that hold nothing, when the tables have grown past twice what was live at
  // the last sweep: each costs O(1) amortised.
  void sweep();

  Bounds bounds_;
  std::size_t per_range_;
  std::map<std::weak_ptr<Peer>, Held, std::owner_less<>> by_connection_;
  std::unordered_map<std::string, Held> by_address_;
  std::unordered_map<std::string, Held> by_range_;
  std::size_t live_at_sweep_ = 0;
};

}  // namespace grognard::room
