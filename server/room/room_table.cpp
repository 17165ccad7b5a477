// The lobby's table of rooms: by game id, invite code and seat token, the places held, and
// whether the lobby has stopped, under the table's own lock.
#include "room/room_table.h"

namespace grognard::room {

std::shared_ptr<Room> RoomTable::by_id(const std::string& id) const {
  std::lock_guard lock(mu_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

std::shared_ptr<Room> RoomTable::by_invite(const std::string& code) const {
  std::lock_guard lock(mu_);
  auto it = by_invite_.find(code);
  return it == by_invite_.end() ? nullptr : it->second;
}

std::shared_ptr<Room> RoomTable::by_token(const record::Hash32& token_hash) const {
  std::lock_guard lock(mu_);
  auto it = by_token_.find(token_hash);
  return it == by_token_.end() || !it->second->owns_token(token_hash) ? nullptr : it->second;
}

std::vector<std::shared_ptr<Room>> RoomTable::all() const {
  std::lock_guard lock(mu_);
  return list();
}

std::size_t RoomTable::size() const {
  std::lock_guard lock(mu_);
  return rooms_.size();
}

bool RoomTable::hold(std::size_t max_rooms) {
  std::size_t open = 0;
  bool held = false;
  {
    std::lock_guard lock(mu_);
    if (rooms_.size() + held_ >= max_rooms) {
      erase_if([](const Room& room) { return room.evictable(); });
    }
    open = rooms_.size();
    held = open + held_ < max_rooms;
    if (held) ++held_;
  }
  metrics_.rooms(open);
  return held;
}

void RoomTable::unhold() {
  std::lock_guard lock(mu_);
  if (held_ > 0) --held_;
}

void RoomTable::add_held(std::shared_ptr<Room> room) {
  std::size_t open = 0;
  {
    std::lock_guard lock(mu_);
    if (held_ > 0) --held_;
    index(room);
    rooms_[room->id()] = std::move(room);
    open = rooms_.size();
  }
  metrics_.rooms(open);
}

std::shared_ptr<Room> RoomTable::add_loaded(std::shared_ptr<Room> room) {
  std::size_t open = 0;
  std::shared_ptr<Room> kept;
  bool stop_it = false;
  {
    std::lock_guard lock(mu_);
    auto [it, added] = rooms_.try_emplace(room->id(), room);
    if (added) index(room);
    kept = it->second;
    open = rooms_.size();
    stop_it = added && closed_;
  }
  if (stop_it) kept->stop({});
  metrics_.rooms(open);
  return kept;
}

void RoomTable::drop(const std::shared_ptr<Room>& room) {
  std::size_t open = 0;
  {
    std::lock_guard lock(mu_);
    if (auto it = rooms_.find(room->id()); it != rooms_.end() && it->second == room) erase(it);
    open = rooms_.size();
  }
  metrics_.rooms(open);
}

std::size_t RoomTable::drop_if(const std::function<bool(const Room&)>& leaves) {
  std::size_t dropped = 0;
  std::size_t open = 0;
  {
    std::lock_guard lock(mu_);
    dropped = erase_if(leaves);
    open = rooms_.size();
  }
  if (dropped > 0) metrics_.rooms(open);
  return dropped;
}

void RoomTable::token_added(const std::string& id, const record::Hash32& token) {
  std::lock_guard lock(mu_);
  if (auto it = rooms_.find(id); it != rooms_.end()) by_token_[token] = it->second;
}

void RoomTable::token_dropped(const std::string& id, const record::Hash32& token) {
  std::lock_guard lock(mu_);
  if (auto it = by_token_.find(token); it != by_token_.end() && it->second->id() == id) {
    by_token_.erase(it);
  }
}

std::vector<std::shared_ptr<Room>> RoomTable::close() {
  std::lock_guard lock(mu_);
  closed_ = true;
  return list();
}

bool RoomTable::closed() const {
  std::lock_guard lock(mu_);
  return closed_;
}

std::vector<std::shared_ptr<Room>> RoomTable::list() const {
  std::vector<std::shared_ptr<Room>> out;
  for (const auto& [id, room] : rooms_) out.push_back(room);
  return out;
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

std::size_t RoomTable::erase_if(const std::function<bool(const Room&)>& leaves) {
  std::size_t dropped = 0;
  for (auto it = rooms_.begin(); it != rooms_.end();) {
    const bool leaving = leaves(*it->second);
    it = leaving ? erase(it) : std::next(it);
    dropped += leaving ? 1 : 0;
  }
  return dropped;
}

}  // namespace grognard::room
