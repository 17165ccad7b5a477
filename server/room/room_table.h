#pragma once
// The lobby's table of rooms in memory: by game id, by invite code and by the hash of each seat
// token handed out, kept in step so that a join or resume costs the same however many rooms are
// open; and the places held for rooms on their way to the store. Not thread-safe on its own: it
// lives under the lobby's mutex (Lobby::Impl::mu), which the caller holds for every member.

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "record/store.h"
#include "room/room.h"

namespace grognard::room {

class RoomTable {
 public:
  std::shared_ptr<Room> by_id(const std::string& id) const;
  std::shared_ptr<Room> by_invite(const std::string& code) const;
  // The room that handed out the token, while it still owns it (a seat's token replaced by
  // another stays indexed until its room leaves: the room says).
  std::shared_ptr<Room> by_token(const record::Hash32& token_hash) const;
  std::vector<std::shared_ptr<Room>> all() const;
  // Rooms in the table; places held for rooms not in it yet.
  std::size_t size() const { return rooms_.size(); }
  std::size_t held() const { return held_; }

  // A place held for one more room, and given back (by add() or when the room is not made).
  void hold() { ++held_; }
  void unhold() {
    if (held_ > 0) --held_;
  }
  // Adds `room`, in place of any room of its id.
  void add(std::shared_ptr<Room> room);
  // Adds `room` unless the table has a room of its id: returns the room kept, and whether it
  // is `room`.
  std::pair<std::shared_ptr<Room>, bool> add_first(std::shared_ptr<Room> room);
  // Removes `room`, if it is the table's room of its id.
  void drop(const std::shared_ptr<Room>& room);
  // Removes every room `leaves` says; returns how many.
  std::size_t drop_if(const std::function<bool(const Room&)>& leaves);

  // Room `id` handed out seat token `token` (a room not in the table yet: add() indexes what it
  // holds by then), or it opens nothing more.
  void token_added(const std::string& id, const record::Hash32& token);
  void token_dropped(const std::string& id, const record::Hash32& token);

 private:
  using Rooms = std::map<std::string, std::shared_ptr<Room>>;
  void index(const std::shared_ptr<Room>& room);
  Rooms::iterator erase(Rooms::iterator it);

  Rooms rooms_;  // by game id
  std::unordered_map<std::string, std::shared_ptr<Room>> by_invite_;
  std::unordered_map<record::Hash32, std::shared_ptr<Room>, record::Hash32Hasher> by_token_;
  std::size_t held_ = 0;  // places held for rooms on their way to the store
};

}  // namespace grognard::room
