// The lobby's side of the operator's tools (site/admin.h): every room in memory, closing one,
// and pausing the creation of new rooms.
#include <spdlog/spdlog.h>

#include "engine/utf8.h"
#include "grognard/v1/admin.pb.h"
#include "room/lobby_impl.h"

namespace grognard::room {

std::vector<v1::AdminRoom> Lobby::all_rooms() const {
  const std::vector<std::shared_ptr<Room>> rooms = impl_->rooms.all();
  std::vector<v1::AdminRoom> out;
  out.reserve(rooms.size());
  for (const auto& room : rooms) {
    v1::AdminRoom& a = out.emplace_back();
    *a.mutable_room() = room->info();
    a.set_creator_address(room->creator());
  }
  return out;
}

void Lobby::close_room(const std::string& which, std::string reason,
                       std::function<void(engine::Status)> done) {
  auto room = impl_->rooms.by_id(which);
  if (!room) room = impl_->rooms.by_invite(which);
  if (!room) {
    return done(engine::Error{engine::ErrorCode::kNotFound, "",
                              "no room with game id or invite code \"" + engine::shown(which) +
                                  "\" is open on this server"});
  }
  room->abort(std::move(reason), std::move(done));
}

void Lobby::pause_creation(bool paused, std::string reason) {
  impl_->opener.pause(paused, std::move(reason));
}

Lobby::CreationPause Lobby::creation_pause() const {
  return impl_->opener.paused();
}

}  // namespace grognard::room
