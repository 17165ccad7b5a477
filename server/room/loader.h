#pragma once
// Games come back from the store (docs/design.md, "Rooms and the lobby"): at start every waiting
// and running game is loaded, on a thread of its own while the server already serves; any stored
// game a seat resumes with its token, or someone joins with its invite code, is loaded at once if
// it is not in memory yet: one the loader has not reached, or one that ended and was let go.
// Each is loaded with its state hash checked (Room::restore), its drift line stored when the
// check found it changed, and added to the lobby's table of rooms (room/room_table.h). Holds
// the games being loaded and the loader thread; used by the lobby (room/lobby_impl.h).
//
// Thread-safety: every member may be called from any thread. The destructor stops the loader
// after the game it is loading and waits for it.

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/any_io_executor.hpp>

#include "record/registry.h"
#include "record/store.h"
#include "room/room.h"
#include "room/room_table.h"

namespace grognard::room {

class Loader {
 public:
  // Rooms are made on `executor` with `deps` (whose store the games are read from), their rule
  // sets found in `registry`. `once_loaded` runs when every waiting and running game is loaded,
  // before the line that says so; what it returns is one more problem.
  Loader(boost::asio::any_io_executor executor, const record::Registry& registry,
         const RoomDeps& deps, RoomTable& rooms,
         std::function<std::optional<std::string>()> once_loaded);
  ~Loader();
  Loader(const Loader&) = delete;
  Loader& operator=(const Loader&) = delete;

  // Loads every waiting and running game, as Lobby::recover does (its problems), stopping early
  // once quit() is called.
  std::vector<std::string> recover();
  // The same on the loader thread (Lobby::recover_while_serving): `done` gets the problems there.
  void recover_while_serving(std::function<void(std::vector<std::string>)> done);
  // The loader stops after the game it is loading (the lobby stops).
  void quit() { quitting_ = true; }

  // A stored game not in the table, loaded from the store at once: the game holding a seat with
  // this token, or with this invite code. nullptr when the store has no such game, it expired,
  // or it cannot be loaded.
  std::shared_ptr<Room> stored_by_token(const record::Hash32& token_hash);
  std::shared_ptr<Room> stored_by_invite(const std::string& code);
  std::shared_ptr<Room> stored_by_id(const std::string& game_id);
  // A stored game in a room, not added to the table, its drift line stored when the check
  // found it changed. nullptr when it cannot be loaded; `*problem` says why, or that it is held
  // or stopped.
  std::shared_ptr<Room> load(const record::GameRecord& g, std::string* problem);

 private:
  std::shared_ptr<Room> reload(const engine::Result<std::optional<record::GameRecord>>& found);
  // `g`'s room: the one in the table, else loaded from the store once: a thread that finds
  // another loading it (the loader and a join, say) waits for that load instead of doing it
  // again. Null when it cannot be loaded: `*problem` says why (or that it loaded stopped or
  // held); `*fresh` is set when this call loaded it.
  std::shared_ptr<Room> load_once(const record::GameRecord& g, std::string* problem, bool* fresh);

  boost::asio::any_io_executor executor_;
  const record::Registry& registry_;
  const RoomDeps& deps_;
  RoomTable& rooms_;
  std::function<std::optional<std::string>()> once_loaded_;
  std::mutex mu_;
  std::set<std::string> loading_;         // ids being loaded (under mu_)
  std::condition_variable loading_done_;  // with mu_: a load ended
  std::atomic<bool> quitting_{false};
  std::thread thread_;  // last: joined by the destructor before the rest goes
};

}  // namespace grognard::room
