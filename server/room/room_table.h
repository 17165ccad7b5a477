#pragma once
// The lobby's table of rooms in memory: by game id, by invite code and by the hash of each seat
// token handed out, kept in step so that a join or resume costs the same however many rooms are
// open; the places held for rooms on their way to the store, within max_rooms; and whether the
// lobby has stopped, so that a room loaded after that is stopped too. Every change of the count
// sets the rooms gauge (Metrics::rooms). Shared by the lobby's parts (room/lobby_impl.h): the
// dispatch, opening rooms (room/opener.h), the loader (room/loader.h) and expiry
// (room/expiry.h).
//
// Thread-safety: every member may be called from any thread; each takes the table's own lock,
// under which a room is asked only for its snapshots (Room::evictable, owns_token, ...).

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "record/store.h"
#include "room/metrics.h"
#include "room/room.h"

namespace grognard::room {

class RoomTable {
 public:
  explicit RoomTable(Metrics& metrics) : metrics_(metrics) {}
  RoomTable(const RoomTable&) = delete;
  RoomTable& operator=(const RoomTable&) = delete;

  std::shared_ptr<Room> by_id(const std::string& id) const;
  std::shared_ptr<Room> by_invite(const std::string& code) const;
  // The room that handed out the token, while it still owns it (a seat's token replaced by
  // another stays indexed until its room leaves: the room says).
  std::shared_ptr<Room> by_token(const record::Hash32& token_hash) const;
  std::vector<std::shared_ptr<Room>> all() const;
  // Rooms in the table.
  std::size_t size() const;

  // Holds a place for one more room, if the rooms in the table and the places held stay below
  // `max_rooms` (dropping ended rooms nobody is connected to when full); false: full.
  bool hold(std::size_t max_rooms);
  // A place held is given back: the room was not made.
  void unhold();
  // Adds `room` in the place held for it, in place of any room of its id.
  void add_held(std::shared_ptr<Room> room);
  // Adds a room loaded from the store (no place held: what the store holds is loaded whatever
  // the bound) and returns the one the table keeps: another of its id added first is kept
  // instead. A room added once the table is closed is stopped.
  std::shared_ptr<Room> add_loaded(std::shared_ptr<Room> room);
  // Removes `room`, if it is the table's room of its id.
  void drop(const std::shared_ptr<Room>& room);
  // Removes every room `leaves` says; returns how many.
  std::size_t drop_if(const std::function<bool(const Room&)>& leaves);

  // Room `id` handed out seat token `token` (a room not in the table yet: adding it indexes
  // what it holds by then), or it opens nothing more (RoomDeps).
  void token_added(const std::string& id, const record::Hash32& token);
  void token_dropped(const std::string& id, const record::Hash32& token);

  // The lobby stops: returns every room in the table (to be stopped); rooms loaded from now on
  // are stopped as they are added.
  std::vector<std::shared_ptr<Room>> close();
  bool closed() const;

 private:
  using Rooms = std::map<std::string, std::shared_ptr<Room>>;
  // REQUIRES: mu_ held.
  std::vector<std::shared_ptr<Room>> list() const;
  void index(const std::shared_ptr<Room>& room);
  Rooms::iterator erase(Rooms::iterator it);
  std::size_t erase_if(const std::function<bool(const Room&)>& leaves);

  Metrics& metrics_;
  mutable std::mutex mu_;
  Rooms rooms_;  // by game id
  std::unordered_map<std::string, std::shared_ptr<Room>> by_invite_;
  std::unordered_map<record::Hash32, std::shared_ptr<Room>, record::Hash32Hasher> by_token_;
  std::size_t held_ = 0;  // places held for rooms on their way to the store
  bool closed_ = false;
};

}  // namespace grognard::room
