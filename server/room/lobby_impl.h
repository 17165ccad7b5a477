#pragma once
// The lobby's state, shared by lobby.cpp (dispatch, creating and listing rooms, recovery),
// lobby_rooms.cpp (the table of rooms, room/room_table.h, and the places held for new ones under
// the lobby's bounds), lobby_open.cpp and lobby_expiry.cpp (rooms that wait too long for their
// players). Private to server/room.

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include <boost/asio/any_io_executor.hpp>

#include "room/expiry.h"
#include "room/join_failures.h"
#include "room/lobby.h"
#include "room/messages.h"
#include "room/opener.h"
#include "room/room.h"
#include "room/room_table.h"
#include "room/shares.h"
#include "room/stored_pages.h"
#include "room/stored_reads.h"
#include "room/tombstones.h"

namespace grognard::room {

struct Lobby::Impl {
  Impl(boost::asio::any_io_executor ex, record::Store& st, const record::Registry& reg, Metrics& m,
       Clock c, LobbyOptions o)
      : executor(std::move(ex)),
        store(st),
        registry(reg),
        metrics(m),
        clock(std::move(c)),
        options(o),
        rooms(m),
        tombstones(o.max_rooms),
        join_failures(o.join_failures_per_minute),
        chat_bytes(std::make_shared<Shares>(
            Shares::Bounds{o.chat_bytes_per_address, o.max_chat_bytes, o.range_share},
            Shares::Names{"bytes of chat", "--chat-bytes-per-address", "--max-chat-bytes"})),
        observer_seats(std::make_shared<Shares>(
            Shares::Bounds{o.observers_per_address, o.max_observers, o.range_share},
            Shares::Names{"observer seats", "--observers-per-address", "--max-observers"})),
        pages(st, reg, o.events_per_page),
        opener(rooms, tombstones, clock, o),
        expiry(executor, rooms, tombstones, st, m, clock, o) {}

  boost::asio::any_io_executor executor;
  record::Store& store;
  const record::Registry& registry;
  Metrics& metrics;
  Clock clock;
  LobbyOptions options;

  RoomTable rooms;             // the rooms in memory, and the places held for new ones (own lock)
  mutable std::mutex mu;       // the games being loaded
  Tombstones tombstones;       // expired rooms, for a late join or resume
  JoinFailures join_failures;  // unknown codes and tokens per address (own lock)
  ReportCache reports;         // battle reports made lately (room/report.h)
  // Chat and observer seats held in all rooms, per address, per range and in all (own locks).
  std::shared_ptr<Shares> chat_bytes, observer_seats;
  StoredPages pages;  // pages of games no room holds: used on reads' thread only
  Opener opener;      // new rooms: their places, creators and the operator's pause (own lock)

  RoomDeps deps() {
    return RoomDeps{
        store,
        metrics,
        clock,
        options,
        [this](const std::string& id, const record::Hash32& t) { rooms.token_added(id, t); },
        [this](const std::string& id, const record::Hash32& t) { rooms.token_dropped(id, t); },
        chat_bytes,
        observer_seats};
  }

  // Loading games back (lobby_load.cpp): every waiting and running game, as Lobby::recover
  // does, stopping early once `quitting`; the loader thread that runs it while serving.
  std::vector<std::string> recover_games();
  std::atomic<bool> quitting{false};
  std::thread loader;
  // `g`'s room: the one in the table, else loaded from the store once: a thread that finds
  // another loading it (the loader and a join, say) waits for that load instead of doing it
  // again. Null when it cannot be loaded: `*problem` says why (or that it loaded stopped or
  // held); `*fresh` is set when this call loaded it.
  std::shared_ptr<Room> load_once(const record::GameRecord& g, std::string* problem, bool* fresh);
  std::set<std::string> loading;         // ids being loaded (under mu)
  std::condition_variable loading_done;  // with mu: a load ended
  // A stored game not in the table, loaded from the store at once: the game holding a seat with
  // this token, or with this invite code. nullptr when the store has no such game, it expired,
  // or it cannot be loaded.
  std::shared_ptr<Room> stored_by_token(const record::Hash32& token_hash);
  std::shared_ptr<Room> stored_by_invite(const std::string& code);
  std::shared_ptr<Room> reload(const engine::Result<std::optional<record::GameRecord>>& found);
  // A stored game in a room (Room::restore; lobby_drift.cpp), its drift line stored when the
  // check found it changed. nullptr when it cannot be loaded; `*problem` says why, or that it
  // is held or stopped.
  std::shared_ptr<Room> load(const record::GameRecord& g, std::string* problem);

  // An address past join_failures_per_minute unknown invite codes or seat tokens this minute
  // is refused (RESOURCE_EXHAUSTED, with the seconds left) before anything is looked up. Null:
  // it may try.
  MessagePtr refuse_guessing(const Peer& peer, std::uint64_t rid);

  void create(const std::shared_ptr<Peer>& peer, const v1::CreateRoom& req, std::uint64_t rid);
  void list_rooms(const std::shared_ptr<Peer>& peer, std::uint64_t rid) const;
  // A new room from an event of another game (lobby_fork.cpp; docs/archives.md, "Forks").
  void fork(const std::shared_ptr<Peer>& peer, const v1::ForkGame& req, std::uint64_t rid);
  void list_scenarios(const std::shared_ptr<Peer>& peer, const v1::ListScenarios& req,
                      std::uint64_t rid) const;

  // Reads of stored games (lists, exports, pages), on a thread of their own: after what they
  // use, so that it is stopped first.
  StoredReads reads;
  // Last: destroyed first, so that no tick runs on a lobby being taken apart.
  Expiry expiry;
};

}  // namespace grognard::room
