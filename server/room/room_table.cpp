// The lobby's table of rooms: by game id, invite code and seat token, and the places held.
#include "room/room_table.h"

namespace grognard::room {

std::shared_ptr<Room> RoomTable::by_id(const std::string& id) const {
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

std::shared_ptr<Room> RoomTable::by_invite(const std::string& code) const {
  auto it = by_invite_.find(code);
  return it == by_invite_.end() ? nullptr : it->second;
}

std::shared_ptr<Room> RoomTable::by_token(const record::Hash32& token_hash) const {
  auto it = by_token_.find(token_hash);
  return it == by_token_.end() || !it->second->owns_token(token_hash) ? nullptr : it->second;
}

std::vector<std::shared_ptr<Room>> RoomTable::all() const {
  std::vector<std::shared_ptr<Room>> out;
  for (const auto& [id, room] : rooms_) out.push_back(room);
  return out;
}

void RoomTable::add(std::shared_ptr<Room> room) {
  index(room);
  rooms_[room->id()] = std::move(room);
}

std::pair<std::shared_ptr<Room>, bool> RoomTable::add_first(std::shared_ptr<Room> room) {
  auto [it, added] = rooms_.try_emplace(room->id(), room);
  if (added) index(room);
  return {it->second, added};
}

void RoomTable::drop(const std::shared_ptr<Room>& room) {
  if (auto it = rooms_.find(room->id()); it != rooms_.end() && it->second == room) erase(it);
}

std::size_t RoomTable::drop_if(const std::function<bool(const Room&)>& leaves) {
  std::size_t dropped = 0;
  for (auto it = rooms_.begin(); it != rooms_.end();) {
    const bool leaving = leaves(*it->second);
    it = leaving ? erase(it) : std::next(it);
    dropped += leaving ? 1 : 0;
  }
  return dropped;
}

void RoomTable::token_added(const std::string& id, const record::Hash32& token) {
  if (auto it = rooms_.find(id); it != rooms_.end()) by_token_[token] = it->second;
}

void RoomTable::token_dropped(const std::string& id, const record::Hash32& token) {
  if (auto it = by_token_.find(token); it != by_token_.end() && it->second->id() == id) {
    by_token_.erase(it);
  }
}

void RoomTable::index(const std::shared_ptr<Room>& room) {
  by_invite_[room->invite_code()] = room;
  for (const record::Hash32& t : room->token_hashes()) by_token_[t] = room;
}

RoomTable::Rooms::iterator RoomTable::erase(Rooms::iterator it) {
  const std::shared_ptr<Room>& room = it->second;
  if (auto i = by_invite_.find(room->invite_code()); i != by_invite_.end() && i->second == room) {
    by_invite_.erase(i);
  }
  for (const record::Hash32& t : room->token_hashes()) {
    if (auto i = by_token_.find(t); i != by_token_.end() && i->second == room) by_token_.erase(i);
  }
  return rooms_.erase(it);
}

}  // namespace grognard::room
