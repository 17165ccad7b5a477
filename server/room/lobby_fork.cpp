#include "room/lobby_impl.h"

namespace grognard::room {

void Lobby::Impl::fork(const std::shared_ptr<Peer>& peer, const v1::ForkGame& /*req*/,
                       std::uint64_t rid) {
  peer->send(error_message(rid, v1::FAILED_PRECONDITION, "", "forking is not built yet"));
}

}  // namespace grognard::room
