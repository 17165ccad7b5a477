#pragma once
// Opening rooms (CreateRoom and ForkGame: room/lobby_open.cpp, room/lobby_fork.cpp): what every
// new room needs before it is built (a server not shutting down, creation not paused by the
// operator, a place within max_rooms and within its creator's bounds), its fresh record (id,
// invite code, dice seed), and storing it before the lobby lists it. Holds the open rooms of
// each creator (room/creator_quota.h) and the operator's pause; adds to the lobby's table of
// rooms (room/room_table.h) and reads the expired rooms (room/tombstones.h), whose invite codes
// a new room never takes. Used by the lobby (room/lobby_impl.h).
//
// Thread-safety: every member may be called from any thread.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "engine/ruleset.h"
#include "record/store.h"
#include "room/clock.h"
#include "room/creator_quota.h"
#include "room/lobby_options.h"
#include "room/messages.h"
#include "room/peer.h"
#include "room/room.h"
#include "room/room_table.h"
#include "room/tombstones.h"

namespace grognard::room {

class Opener {
 public:
  Opener(RoomTable& rooms, const Tombstones& tombstones, Clock clock, const LobbyOptions& options);
  Opener(const Opener&) = delete;
  Opener& operator=(const Opener&) = delete;

  // What opening any room needs: a server not shutting down (the table closed) and not paused
  // by its operator, and a place for one more room of `peer` (reserve()). Null: it may open,
  // and the place is held (open_room() uses it; release(peer) if the room is not made); else
  // the refusal. Call it last before building the room.
  MessagePtr refuse_new_room(const std::shared_ptr<Peer>& peer, std::uint64_t rid);
  // A new game's record, waiting for its players: a fresh id, invite code and dice seed (its
  // hash published), this server's version of rule set `rs`.
  record::GameRecord new_game(const engine::Ruleset& rs, const std::string& scenario,
                              const std::string& scenario_text, bool listed,
                              bool observers_allowed);
  // Stores the new `room`, adds it to the table in the place held for it and answers `rid` with
  // its RoomInfo (what CreateRoom and ForkGame answer); `what` names it in the log ("created
  // the room"). The place is given back if the room cannot be stored.
  void open_room(const std::shared_ptr<Room>& room, const std::shared_ptr<Peer>& peer,
                 std::uint64_t rid, std::string what);

  // Holds a place for one more room of `creator` (null: the operator's), within max_rooms
  // (dropping ended rooms nobody watches when full) and the creator's own bounds. nullopt: held,
  // to be used by add(room, creator) or given back by release(creator); else why not.
  std::optional<std::string> reserve(const std::shared_ptr<Peer>& creator);
  void release(const std::shared_ptr<Peer>& creator);
  // Adds `room` in the place held for it.
  void add(std::shared_ptr<Room> room, const std::shared_ptr<Peer>& creator);
  // The connection closed: it creates nothing more.
  void forget(const std::shared_ptr<Peer>& connection);

  // The operator's pause (Lobby::pause_creation).
  void pause(bool paused, std::string reason);
  CreationPause paused() const;

 private:
  RoomTable& rooms_;
  const Tombstones& tombstones_;
  Clock clock_;
  const std::size_t max_rooms_;
  // Places are held, given back and used one at a time, so that max_rooms and each creator's
  // bounds are exact however many creates run at once.
  mutable std::mutex mu_;
  CreatorQuota creators_;  // under mu_
  CreationPause pause_;    // under mu_
};

}  // namespace grognard::room
