#pragma once
// The lobby's state, shared by lobby.cpp (dispatch, creating and listing rooms, recovery) and
// lobby_expiry.cpp (rooms that wait too long for their players). Private to server/room.

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <boost/asio/any_io_executor.hpp>

#include "room/expiry.h"
#include "room/lobby.h"
#include "room/protocol.h"
#include "room/room.h"

namespace grognard::room {

struct Lobby::Impl {
  Impl(boost::asio::any_io_executor ex, Store& st, const Registry& reg, Metrics& m, Clock c,
       LobbyOptions o)
      : executor(std::move(ex)),
        store(st),
        registry(reg),
        metrics(m),
        clock(std::move(c)),
        options(o),
        tombstones(o.max_rooms) {
    if (options.waiting_room_limit.count() > 0) {
      expiry = std::make_unique<Periodic>(executor, expiry_interval(options.waiting_room_limit),
                                          [this] { expire_waiting(); });
    }
  }

  boost::asio::any_io_executor executor;
  Store& store;
  const Registry& registry;
  Metrics& metrics;
  Clock clock;
  LobbyOptions options;

  mutable std::mutex mu;
  std::map<std::string, std::shared_ptr<Room>> rooms;  // by game id
  bool stopped = false;
  CreationPause pause;    // under mu
  Tombstones tombstones;  // expired rooms, for a late join or resume
  ReportCache reports;    // battle reports made lately (room/report.h)

  RoomDeps deps() { return RoomDeps{store, metrics, clock}; }
  std::shared_ptr<Room> by_id(const std::string& id) const {
    std::lock_guard lock(mu);
    auto it = rooms.find(id);
    return it == rooms.end() ? nullptr : it->second;
  }
  std::shared_ptr<Room> by_invite(const std::string& code) const {
    std::lock_guard lock(mu);
    for (const auto& [id, room] : rooms) {
      if (room->invite_code() == code) return room;
    }
    return nullptr;
  }
  std::shared_ptr<Room> by_token(const Hash32& token_hash) const {
    std::lock_guard lock(mu);
    for (const auto& [id, room] : rooms) {
      if (room->owns_token(token_hash)) return room;
    }
    return nullptr;
  }
  // Makes room for one more, dropping ended rooms nobody watches; false when full.
  bool reserve() {
    std::size_t open = 0;
    {
      std::lock_guard lock(mu);
      if (rooms.size() < options.max_rooms) return true;
      std::erase_if(rooms, [](const auto& entry) { return entry.second->evictable(); });
      open = rooms.size();
    }
    metrics.rooms(open);
    return open < options.max_rooms;
  }
  void add(std::shared_ptr<Room> room) {
    std::size_t open = 0;
    {
      std::lock_guard lock(mu);
      rooms[room->id()] = std::move(room);
      open = rooms.size();
    }
    metrics.rooms(open);
  }

  // What opening any room needs (CreateRoom, ForkGame): a server not shutting down and not
  // paused by its operator, and space for one more room. Null: it may open; else the refusal.
  // Call it last before building the room: it reserves the space.
  MessagePtr refuse_new_room(std::uint64_t rid);
  // A new game's record, waiting for its players: a fresh id, invite code and dice seed (its
  // hash published), this server's version of rule set `rs`.
  GameRecord new_game(const engine::Ruleset& rs, const std::string& scenario,
                      const std::string& scenario_text, bool listed, bool observers_allowed);
  // Stores the new `room`, adds it to the lobby and answers `rid` with its RoomInfo (what
  // CreateRoom and ForkGame answer); `what` names it in the log ("created the room").
  void open_room(const std::shared_ptr<Room>& room, const std::shared_ptr<Peer>& peer,
                 std::uint64_t rid, std::string what);

  // A stored game in a room (Room::restore; lobby_drift.cpp), its drift line stored when the
  // check found it changed. nullptr when it cannot be loaded; `*problem` says why, or that it
  // is held or stopped.
  std::shared_ptr<Room> load(const GameRecord& g, std::string* problem);

  void create(const std::shared_ptr<Peer>& peer, const v1::CreateRoom& req, std::uint64_t rid);
  void list_rooms(const std::shared_ptr<Peer>& peer, std::uint64_t rid) const;
  // A new room from an event of another game (lobby_fork.cpp; docs/archives.md, "Forks").
  void fork(const std::shared_ptr<Peer>& peer, const v1::ForkGame& req, std::uint64_t rid);
  void list_scenarios(const std::shared_ptr<Peer>& peer, const v1::ListScenarios& req,
                      std::uint64_t rid) const;

  // Expiry (lobby_expiry.cpp): asks every waiting room past the limit to expire; drops a room
  // that did; remembers the expired games in the store at start.
  void expire_waiting();
  void retire(const std::shared_ptr<Room>& room, std::string message);
  std::optional<std::string> remember_expired();

  // Last: destroyed first, so that no tick runs on a lobby being taken apart.
  std::unique_ptr<Periodic> expiry;
};

}  // namespace grognard::room
