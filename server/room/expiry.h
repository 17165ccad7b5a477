#pragma once
// Expiry and tidying (docs/design.md, "Rooms that end otherwise"): on a timer of the executor,
// asks every waiting room past LobbyOptions::waiting_room_limit to expire, drops those that did
// from the lobby's table of rooms (room/room_table.h) and remembers them (room/tombstones.h), so
// that a late join or resume is told what became of them; drops the ended rooms nobody is in
// past LobbyOptions::ended_room_linger. At start it remembers the expired games the store holds.
// Holds the timer; used by the lobby (room/lobby_impl.h: Lobby::tidy_rooms, Lobby::stop) and
// its loader (room/loader.h), once every game is loaded.
//
// Thread-safety: every member may be called from any thread.

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/any_io_executor.hpp>

#include "record/store.h"
#include "room/clock.h"
#include "room/lobby_options.h"
#include "room/metrics.h"
#include "room/periodic.h"
#include "room/room.h"
#include "room/room_table.h"
#include "room/tombstones.h"

namespace grognard::room {

class Expiry {
 public:
  // Starts the timer on `executor` when either limit is set: every sixtieth of the shorter one,
  // at least every minute (expiry_interval).
  Expiry(boost::asio::any_io_executor executor, RoomTable& rooms, Tombstones& tombstones,
         record::Store& store, Metrics& metrics, Clock clock, const LobbyOptions& options);
  Expiry(const Expiry&) = delete;
  Expiry& operator=(const Expiry&) = delete;

  // What the timer runs (and Lobby::tidy_rooms): expires the waiting rooms past the limit (on
  // their strands, once stored) and drops the ended rooms nobody is in past the linger.
  void tidy();
  // No tick starts after this returns (the lobby stops).
  void stop();
  // Remembers the newest expired games in the store (as many as max_rooms); what went wrong,
  // if anything.
  std::optional<std::string> remember_expired();

 private:
  void expire_waiting();
  // Ends the running games nobody played or was connected to past abandoned_limit.
  void end_abandoned();
  void retire(const std::shared_ptr<Room>& room, std::string message);
  void let_go_ended();

  RoomTable& rooms_;
  Tombstones& tombstones_;
  record::Store& store_;
  Metrics& metrics_;
  Clock clock_;
  const std::chrono::milliseconds waiting_limit_;
  const std::chrono::milliseconds ended_linger_;
  const std::chrono::milliseconds abandoned_limit_;
  const std::size_t remembered_;  // max_rooms: the expired games remembered at start
  // Last: destroyed first, so that no tick runs on a part being taken apart. Null: no limit.
  std::unique_ptr<Periodic> timer_;
};

}  // namespace grognard::room
