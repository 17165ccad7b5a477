// The lobby's table of rooms: by game id, invite code and seat token, and the places held for
// rooms on their way to the store, so that max_rooms and each creator's bounds are exact however
// many creates run at once.
#include "room/lobby_impl.h"

namespace grognard::room {

using RoomMap = std::map<std::string, std::shared_ptr<Room>>;

std::shared_ptr<Room> Lobby::Impl::by_id(const std::string& id) const {
  std::lock_guard lock(mu);
  auto it = rooms.find(id);
  return it == rooms.end() ? nullptr : it->second;
}

std::shared_ptr<Room> Lobby::Impl::by_invite(const std::string& code) const {
  std::lock_guard lock(mu);
  auto it = rooms_by_invite.find(code);
  return it == rooms_by_invite.end() ? nullptr : it->second;
}

std::shared_ptr<Room> Lobby::Impl::by_token(const record::Hash32& token_hash) const {
  std::lock_guard lock(mu);
  auto it = rooms_by_token.find(token_hash);
  // A seat's token replaced by another stays here until its room leaves: the room says.
  return it == rooms_by_token.end() || !it->second->owns_token(token_hash) ? nullptr : it->second;
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
    if (rooms.size() + reserved >= options.max_rooms) {
      for (auto it = rooms.begin(); it != rooms.end();) {
        it = it->second->evictable() ? drop_locked(it) : std::next(it);
      }
    }
    open = rooms.size();
    if (open + reserved >= options.max_rooms) {
      refusal = "the server hosts as many rooms as it may (" + std::to_string(options.max_rooms) +
                "); try later";
    } else {
      refusal = creators.hold(creator);
      if (!refusal) ++reserved;
    }
  }
  metrics.rooms(open);
  return refusal;
}

void Lobby::Impl::release(const std::shared_ptr<Peer>& creator) {
  std::lock_guard lock(mu);
  if (reserved > 0) --reserved;
  creators.release(creator);
}

void Lobby::Impl::add(std::shared_ptr<Room> room, const std::shared_ptr<Peer>& creator) {
  std::size_t open = 0;
  {
    std::lock_guard lock(mu);
    if (reserved > 0) --reserved;
    creators.opened(creator, room);
    index_locked(room);
    rooms[room->id()] = std::move(room);
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
    auto [it, added] = rooms.try_emplace(room->id(), room);
    if (added) index_locked(room);
    kept = it->second;
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
    if (auto it = rooms.find(room->id()); it != rooms.end() && it->second == room) drop_locked(it);
    open = rooms.size();
  }
  metrics.rooms(open);
}

void Lobby::Impl::token_added(const std::string& id, const record::Hash32& token) {
  std::lock_guard lock(mu);
  // Not yet in the table (a room being made or loaded): add() indexes what it holds by then.
  if (auto it = rooms.find(id); it != rooms.end()) rooms_by_token[token] = it->second;
}

void Lobby::Impl::token_dropped(const std::string& id, const record::Hash32& token) {
  std::lock_guard lock(mu);
  if (auto it = rooms_by_token.find(token); it != rooms_by_token.end() && it->second->id() == id) {
    rooms_by_token.erase(it);
  }
}

void Lobby::Impl::index_locked(const std::shared_ptr<Room>& room) {
  rooms_by_invite[room->invite_code()] = room;
  for (const record::Hash32& t : room->token_hashes()) rooms_by_token[t] = room;
}

RoomMap::iterator Lobby::Impl::drop_locked(RoomMap::iterator it) {
  const std::shared_ptr<Room>& room = it->second;
  if (auto i = rooms_by_invite.find(room->invite_code());
      i != rooms_by_invite.end() && i->second == room) {
    rooms_by_invite.erase(i);
  }
  for (const record::Hash32& t : room->token_hashes()) {
    if (auto i = rooms_by_token.find(t); i != rooms_by_token.end() && i->second == room)
      rooms_by_token.erase(i);
  }
  return rooms.erase(it);
}

}  // namespace grognard::room
