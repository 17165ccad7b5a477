#pragma once
// The lobby's state: the parts it is made of, each owning its own state behind its own lock, and
// the dispatch that uses them: lobby.cpp (dispatch, listing rooms), lobby_open.cpp (CreateRoom),
// lobby_fork.cpp (ForkGame), lobby_admin.cpp, lobby_storage.cpp and lobby_drift.cpp (the
// operator's tools). The parts: the table of rooms in memory (room/room_table.h), opening rooms
// (room/opener.h), expiry and tidying (room/expiry.h) and loading games back (room/loader.h).
// Private to server/room.

#include <memory>
#include <string>

#include <boost/asio/any_io_executor.hpp>

#include "room/expiry.h"
#include "room/join_failures.h"
#include "room/loader.h"
#include "room/lobby.h"
#include "room/messages.h"
#include "room/opener.h"
#include "room/periodic.h"
#include "room/refusal_log.h"
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
        rooms(m),
        tombstones(o.max_rooms),
        join_failures(o.join_failures_per_minute),
        chat_bytes(std::make_shared<Shares>(
            Shares::Bounds{o.chat_bytes_per_address, o.max_chat_bytes, o.range_share},
            Shares::Names{"bytes of chat", "--chat-bytes-per-address", "--max-chat-bytes"})),
        observer_seats(std::make_shared<Shares>(
            Shares::Bounds{o.observers_per_address, o.max_observers, o.range_share},
            Shares::Names{"observer seats", "--observers-per-address", "--max-observers"})),
        deps{st,
             m,
             clock,
             o,
             [this](const std::string& id, const record::Hash32& t) { rooms.token_added(id, t); },
             [this](const std::string& id, const record::Hash32& t) { rooms.token_dropped(id, t); },
             chat_bytes,
             observer_seats,
             o.notices_written},
        pages(st, reg, o.events_per_page),
        opener(rooms, tombstones, clock, o),
        expiry(executor, rooms, tombstones, st, m, clock, o),
        clock_watch(o.clock_watch.count() > 0
                        ? std::make_unique<Periodic>(executor, o.clock_watch,
                                                     [this] {
                                                       for (const auto& r : rooms.all())
                                                         r->watch_clock();
                                                     })
                        : nullptr),
        loader(executor, reg, deps, rooms, [this] { return expiry.remember_expired(); }) {}

  boost::asio::any_io_executor executor;
  record::Store& store;
  const record::Registry& registry;
  Metrics& metrics;
  Clock clock;

  RoomTable rooms;             // the rooms in memory, and the places held for new ones (own lock)
  Tombstones tombstones;       // expired rooms, for a late join or resume (own lock)
  JoinFailures join_failures;  // unknown codes and tokens per address (own lock)
  RefusalLog refusals{[this] { return clock(); }};  // logged, at most a line a kind (own lock)
  ReportCache reports;                              // battle reports made lately (room/report.h)
  // Chat and observer seats held in all rooms, per address, per range and in all (own locks).
  std::shared_ptr<Shares> chat_bytes, observer_seats;
  // What every room gets, created or loaded: it finds its seat tokens in `rooms`.
  const RoomDeps deps;
  StoredPages pages;  // pages of games no room holds: used on reads' thread only
  Opener opener;      // new rooms: their places, creators and the operator's pause

  // An address past join_failures_per_minute unknown invite codes or seat tokens this minute
  // is refused (RESOURCE_EXHAUSTED, with the seconds left) before anything is looked up. Null:
  // it may try.
  MessagePtr refuse_guessing(const Peer& peer, std::uint64_t rid);
  // Opener::refuse_new_room, counted and logged (room/refusal_log.h).
  MessagePtr refuse_new_room(const std::shared_ptr<Peer>& peer, std::uint64_t rid);

  void create(const std::shared_ptr<Peer>& peer, const v1::CreateRoom& req, std::uint64_t rid);
  void list_rooms(const std::shared_ptr<Peer>& peer, std::uint64_t rid) const;
  // A new room from an event of another game (lobby_fork.cpp; docs/archives.md, "Forks").
  void fork(const std::shared_ptr<Peer>& peer, const v1::ForkGame& req, std::uint64_t rid);
  void list_scenarios(const std::shared_ptr<Peer>& peer, const v1::ListScenarios& req,
                      std::uint64_t rid) const;
  // Accounts (lobby_accounts.cpp): resuming an account's seat by game and seat id, claiming a
  // seat by its token, and the account's games (at most kMyGamesLimit, the newest).
  static constexpr int kMyGamesLimit = 500;
  void resume_account(const std::shared_ptr<Peer>& peer, const v1::Resume& req, std::uint64_t rid);
  void claim(const std::shared_ptr<Peer>& peer, const v1::ClaimSeat& req, std::uint64_t rid);
  void my_games(const std::shared_ptr<Peer>& peer, std::uint64_t rid);

  // The parts with a thread or a timer come last, after what they use, so that each is stopped
  // before that is destroyed: the loader thread is joined first, then the expiry timer stops,
  // then the reads' thread.
  //
  // Reads of stored games (lists, exports, pages), on a thread of their own.
  StoredReads reads;
  Expiry expiry;  // waiting rooms that expire, ended rooms let go: its timer
  // Asks every room for the notices its clocks call for (LobbyOptions::clock_watch). Null: off.
  std::unique_ptr<Periodic> clock_watch;
  Loader loader;  // games loaded back from the store: its thread (it calls expiry once done)
};

}  // namespace grognard::room
