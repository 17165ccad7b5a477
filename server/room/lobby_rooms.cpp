// The places held in the lobby's table of rooms (room/room_table.h) for rooms on their way to the
// store, under the lobby's mutex, so that max_rooms and each creator's bounds are exact however
// many creates run at once; and the refusal of an address that guesses codes.
#include "room/lobby_impl.h"

namespace grognard::room {

MessagePtr Lobby::Impl::refuse_guessing(const Peer& peer, std::uint64_t rid) {
  const std::int64_t wait = join_failures.wait_seconds(peer.address_key(), clock());
  if (wait == 0) return nullptr;
  return error_message(rid, v1::RESOURCE_EXHAUSTED, "",
                       "too many unknown invite codes or tokens from this address (" +
                           std::to_string(join_failures.per_minute()) +
                           " a minute at most); try again in " + std::to_string(wait) + " s");
}

std::optional<std::string> Lobby::Impl::reserve(const std::shared_ptr<Peer>& creator) {
  std::lock_guard lock(mu);
  if (!rooms.hold(options.max_rooms)) {
    return "the server hosts as many rooms as it may (" + std::to_string(options.max_rooms) +
           "); try later";
  }
  auto refusal = creators.hold(creator);
  if (refusal) rooms.unhold();
  return refusal;
}

void Lobby::Impl::release(const std::shared_ptr<Peer>& creator) {
  std::lock_guard lock(mu);
  rooms.unhold();
  creators.release(creator);
}

void Lobby::Impl::add(std::shared_ptr<Room> room, const std::shared_ptr<Peer>& creator) {
  std::lock_guard lock(mu);
  creators.opened(creator, room);
  rooms.add_held(std::move(room));
}

}  // namespace grognard::room
