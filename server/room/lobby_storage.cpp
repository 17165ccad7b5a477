// The lobby's side of rooms stopped by a storage error (Room::resume_storage): counting them for
// /healthz and, with the other stopped and held rooms, for /metrics; the operator resuming one
// (admin API).
#include "room/lobby_impl.h"

namespace grognard::room {

Lobby::Standing Lobby::standing() const {
  const std::vector<std::shared_ptr<Room>> rooms = impl_->rooms.all();
  Standing out;
  for (const auto& room : rooms) {
    if (room->stopped_by_storage()) {
      ++out.stopped_by_storage;
    } else if (room->stopped()) {
      ++out.stopped_otherwise;
    }
    if (!room->drift().empty()) ++out.held;
  }
  return out;
}

void Lobby::resume_room(const std::string& which, std::string reason,
                        std::function<void(engine::Status, std::string)> done) {
  auto room = impl_->rooms.by_id(which);
  if (!room) room = impl_->rooms.by_invite(which);
  if (!room) {
    return done(engine::Error{engine::ErrorCode::kNotFound, "",
                              "no room with game id or invite code \"" + which +
                                  "\" is open on this server"},
                "");
  }
  room->resume_storage(reason.empty() ? "resumed by the server's operator"
                                      : "resumed by the server's operator: " + reason,
                       std::move(done));
}

}  // namespace grognard::room
