#pragma once
// The lobby: creates rooms, finds them by invite code or seat token, lists rooms and games,
// serves the archive, and routes every other client message to the room the connection is
// seated in. net/ hands it each parsed ClientMessage except Hello and Ping; answers go back
// through Peer::send.
//
// Thread-safety: every public member may be called from any thread.

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/any_io_executor.hpp>

#include "record/registry.h"
#include "record/store.h"
#include "room/clock.h"
#include "room/lobby_options.h"
#include "room/metrics.h"
#include "room/peer.h"
#include "room/report.h"

namespace grognard::v1 {
class ClientMessage;
class RoomInfo;
class AdminRoom;
}  // namespace grognard::v1

namespace grognard::room {

class Lobby {
 public:
  Lobby(boost::asio::any_io_executor executor, record::Store& store,
        const record::Registry& registry, Metrics& metrics, Clock clock = system_clock_ms,
        LobbyOptions options = {});
  ~Lobby();

  // Loads every unfinished game back from the store, checking each stored state hash.
  // A game whose hash does not match is loaded stopped, and reported in the returned list.
  // Remembers the newest expired games' invite codes and seat tokens (max_rooms of them) so
  // that a join or resume is told they expired.
  std::vector<std::string> recover();
  // The same on a thread of its own, while the server serves (restart at scale,
  // docs/performance.md): a game a seat resumes with its token, or someone joins with its invite
  // code, before its turn is loaded at once. `done` gets recover()'s problems on that thread once
  // every game is loaded (not when the lobby stops first: the loader then ends after the game it
  // is loading). The lobby's destructor waits for the loader.
  void recover_while_serving(std::function<void(std::vector<std::string>)> done);

  void handle(const std::shared_ptr<Peer>& peer, const v1::ClientMessage& message);
  // The connection closed: its seat stays its own, marked disconnected.
  void detach(const std::shared_ptr<Peer>& peer);
  // Stop taking commands (shutdown): later commands get UNAVAILABLE; no room expires.
  // `all_stopped`, if given, is called once every room has handled what was sent to it before
  // and answered its commits, so that the answers are queued before any connection is closed.
  void stop(std::function<void()> all_stopped = {});

  std::size_t open_rooms() const;
  // Account `account_id` was deleted: the rooms in memory forget it held their seats
  // (lobby_accounts.cpp). The store has done so already (seats.account_id ON DELETE SET NULL).
  void forget_account(std::int64_t account_id);

  // The operator's tools (the admin API, site/admin.h; lobby_admin.cpp).
  // Every room held in memory: unlisted, waiting, running and ended ones alike.
  // Each with the address that created it, when known; connections are the server's to add.
  std::vector<v1::AdminRoom> all_rooms() const;
  // Closes the room whose game id or invite code is `which` (Room::abort); `done` gets the
  // outcome, on the room's strand: NOT_FOUND when no room in memory has that id or code.
  void close_room(const std::string& which, std::string reason,
                  std::function<void(engine::Status)> done);
  // While paused, CreateRoom is refused with UNAVAILABLE and `reason`; rooms already open play
  // on, and anyone may still join them.
  void pause_creation(bool paused, std::string reason);
  using CreationPause = room::CreationPause;  // room/lobby_options.h
  CreationPause creation_pause() const;
  // What the rooms in memory stand at, for /healthz and GET /metrics (lobby_storage.cpp): stopped
  // by a storage error, stopped otherwise (a game that no longer folds), held until the operator
  // decides. Then the operator resuming a room stopped by a storage error (Room::resume_storage)
  // by game id or invite code now; `done` gets what was done, or why not: NOT_FOUND when no room
  // in memory has that id or code.
  struct Standing {
    std::size_t stopped_by_storage = 0;
    std::size_t stopped_otherwise = 0;
    std::size_t held = 0;
  };
  Standing standing() const;
  void resume_room(const std::string& which, std::string reason,
                   std::function<void(engine::Status, std::string)> done);

  // What the lobby's timer runs: expires the waiting rooms past
  // LobbyOptions::waiting_room_limit (on their strands, once stored) and drops the ended rooms
  // nobody is in past LobbyOptions::ended_room_linger.
  void tidy_rooms();

  // Re-simulation (record/resim.h; lobby_drift.cpp). Stores `drift` ("" clears it) as game
  // `game_id`'s drift line: through its room when one is in memory, else in the store. Blocks
  // until it is stored: call it off the I/O threads.
  engine::Status record_drift(const std::string& game_id, const std::string& drift);
  // The operator lets drifting game `game_id` go on under the current rules (Room::resume_drift),
  // loading it from the store when no room holds it. `done` gets what was done, or why not:
  // NOT_FOUND when no such game is stored.
  void resume_drift(const std::string& game_id, std::string reason,
                    std::function<void(engine::Status, std::string)> done);
  // Imports an archive file, either form (record/archive_file.h: read_archive, import_archive).
  // The id of the game imported, or why it was refused (nothing stored then).
  engine::Result<std::string> import_archive(std::string_view bytes);
  // The battle report's data of ended game `game_id` (room/report.h), read from the store on
  // the calling thread.
  engine::Result<BattleReport> battle_report(const std::string& game_id);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace grognard::room
