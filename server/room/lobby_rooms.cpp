// The lobby's side of its table of rooms (room/room_table.h), under its mutex: lookups, rooms
// added and dropped, the seat tokens rooms hand out, and the places held for rooms on their way
// to the store, so that max_rooms and each creator's bounds are exact however many creates run
// at once.
#include <tuple>

#include "room/lobby_impl.h"

namespace grognard::room {

std::shared_ptr<Room> Lobby::Impl::by_id(const std::string& id) const {
  std::lock_guard lock(mu);
  return rooms.by_id(id);
}

std::shared_ptr<Room> Lobby::Impl::by_invite(const std::string& code) const {
  std::lock_guard lock(mu);
  return rooms.by_invite(code);
}

std::shared_ptr<Room> Lobby::Impl::by_token(const record::Hash32& token_hash) const {
  std::lock_guard lock(mu);
  return rooms.by_token(token_hash);
}

MessagePtr Lobby::Impl::refuse_guessing(const Peer& peer, std::uint64_t rid) {
  const std::int64_t wait = join_failures.wait_seconds(peer.address_key(), clock());
  if (wait == 0) return nullptr;
  return error_message(rid, v1::RESOURCE_EXHAUSTED, "",
                       "too many unknown invite codes or tokens from this address (" +
                           std::to_string(join_failures.per_minute()) +
                           " a minute at most); try again in " + std::to_string(wait) + " s");
}

std::optional<std::string> Lobby::Impl::reserve(const std::shared_ptr<Peer>& creator) {
  std::size_t open = 0;
  std::optional<std::string> refusal;
  {
    std::lock_guard lock(mu);
    if (rooms.size() + rooms.held() >= options.max_rooms) {
      rooms.drop_if([](const Room& room) { return room.evictable(); });
    }
    open = rooms.size();
    if (open + rooms.held() >= options.max_rooms) {
      refusal = "the server hosts as many rooms as it may (" + std::to_string(options.max_rooms) +
                "); try later";
    } else {
      refusal = creators.hold(creator);
      if (!refusal) rooms.hold();
    }
  }
  metrics.rooms(open);
  return refusal;
}

void Lobby::Impl::release(const std::shared_ptr<Peer>& creator) {
  std::lock_guard lock(mu);
  rooms.unhold();
  creators.release(creator);
}

void Lobby::Impl::add(std::shared_ptr<Room> room, const std::shared_ptr<Peer>& creator) {
  std::size_t open = 0;
  {
    std::lock_guard lock(mu);
    rooms.unhold();
    creators.opened(creator, room);
    rooms.add(std::move(room));
    open = rooms.size();
  }
  metrics.rooms(open);
}

std::shared_ptr<Room> Lobby::Impl::add_loaded(std::shared_ptr<Room> room) {
  std::size_t open = 0;
  std::shared_ptr<Room> kept;
  bool stop_it = false;
  {
    std::lock_guard lock(mu);
    bool added = false;
    std::tie(kept, added) = rooms.add_first(std::move(room));
    open = rooms.size();
    stop_it = added && stopped;
  }
  if (stop_it) kept->stop({});
  metrics.rooms(open);
  return kept;
}

void Lobby::Impl::drop(const std::shared_ptr<Room>& room) {
  std::size_t open = 0;
  {
    std::lock_guard lock(mu);
    rooms.drop(room);
    open = rooms.size();
  }
  metrics.rooms(open);
}

void Lobby::Impl::token_added(const std::string& id, const record::Hash32& token) {
  std::lock_guard lock(mu);
  rooms.token_added(id, token);
}

void Lobby::Impl::token_dropped(const std::string& id, const record::Hash32& token) {
  std::lock_guard lock(mu);
  rooms.token_dropped(id, token);
}

}  // namespace grognard::room
