// Ended games come back on demand (docs/design.md, "Rooms and the lobby"): the server loads only
// waiting and running games at start, and lets an ended room go once nobody is in it (when the
// table is full, or an hour after the game ended). A seat that resumes with its token, or
// someone joining with the invite code, finds the game again as it ended: it is loaded from the
// store, its state hash checked, and kept while anyone is in it.
#include <spdlog/spdlog.h>

#include "room/lobby_impl.h"

namespace grognard::room {

std::shared_ptr<Room> Lobby::Impl::reload_ended(
    const engine::Result<std::optional<GameRecord>>& found) {
  if (!found.ok()) {
    spdlog::error("store: looking up an ended game: {}", found.error().message);
    return nullptr;
  }
  if (!*found || !revealed((*found)->status)) return nullptr;
  const GameRecord& g = **found;
  if (auto loaded = by_id(g.id)) return loaded;
  std::string problem;
  auto room = load(g, &problem);
  if (!room) {
    spdlog::error("[game {}] cannot be loaded again: {}", g.id, problem);
    return nullptr;
  }
  if (!problem.empty()) spdlog::warn("[game {}] {}", g.id, problem);
  auto kept = add_loaded(std::move(room));
  spdlog::info("[game {}] loaded again: it has ended ({} events, state hash verified)", g.id,
               g.last_seq);
  return kept;
}

std::shared_ptr<Room> Lobby::Impl::ended_by_token(const Hash32& token_hash) {
  auto room = reload_ended(store.game_by_token(token_hash));
  return room && room->owns_token(token_hash) ? room : nullptr;
}

std::shared_ptr<Room> Lobby::Impl::ended_by_invite(const std::string& code) {
  return reload_ended(store.game_by_invite(code));
}

void Lobby::Impl::let_go_ended() {
  const std::int64_t linger = options.ended_room_linger.count();
  if (linger <= 0) return;
  const std::int64_t cutoff = clock() - linger;
  std::size_t dropped = 0;
  std::size_t open = 0;
  {
    std::lock_guard lock(mu);
    for (auto it = rooms.begin(); it != rooms.end();) {
      const bool idle = it->second->ended_idle_since(cutoff);
      it = idle ? drop_locked(it) : std::next(it);
      dropped += idle ? 1 : 0;
    }
    open = rooms.size();
  }
  if (dropped == 0) return;
  metrics.rooms(open);
  spdlog::debug("{} ended rooms nobody is in let go from memory", dropped);
}

}  // namespace grognard::room
