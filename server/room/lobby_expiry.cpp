// The lobby's side of expiry: finding waiting rooms past the limit, dropping those that
// expired, and remembering expired games across a restart.
#include <algorithm>
#include <climits>

#include <spdlog/spdlog.h>

#include "room/lobby_impl.h"

namespace grognard::room {

void Lobby::Impl::expire_waiting() {
  const std::chrono::milliseconds limit = options.waiting_room_limit;
  if (limit.count() <= 0) return;
  const std::int64_t now = clock();
  if (rooms.closed()) return;
  std::vector<std::shared_ptr<Room>> due;
  for (const auto& room : rooms.all()) {
    // A first look from the snapshot; the room decides on its strand, after any commit.
    const std::optional<std::int64_t> since = room->waiting_since();
    if (since && now - *since >= limit.count()) due.push_back(room);
  }
  const std::string reason = expiry_reason(limit);
  for (const std::shared_ptr<Room>& room : due) {
    room->expire(limit, reason, [this, room, reason](bool expired) {
      if (expired) retire(room, "room " + room->invite_code() + " " + reason);
    });
  }
}

void Lobby::Impl::retire(const std::shared_ptr<Room>& room, std::string message) {
  tombstones.add(room->invite_code(), room->token_hashes(), std::move(message));
  rooms.drop(room);
  metrics.room_expired();
}

std::optional<std::string> Lobby::Impl::remember_expired() {
  if (options.max_rooms == 0) return std::nullopt;
  record::GameFilter filter;
  filter.status = record::GameStatus::kExpired;
  filter.listed_only = false;
  filter.limit = static_cast<int>(std::min<std::size_t>(options.max_rooms, INT_MAX));
  auto games = store.games(filter);
  if (!games.ok()) return "cannot list expired games: " + games.error().message;
  // Newest first: add the oldest first, so that the newest are kept longest.
  for (auto g = games->rbegin(); g != games->rend(); ++g) {
    std::vector<record::Hash32> tokens;
    if (auto seats = store.seats(g->id); seats.ok()) {
      for (const record::SeatRecord& s : *seats) {
        if (s.claimed_ms != 0) tokens.push_back(s.token_sha256);
      }
    }
    const std::string why = g->result.empty() ? "expired waiting for players" : g->result;
    tombstones.add(g->invite_code, tokens, "room " + g->invite_code + " " + why);
  }
  if (!games->empty()) spdlog::info("{} expired rooms remembered", games->size());
  return std::nullopt;
}

void Lobby::tidy_rooms() {
  impl_->expire_waiting();
  impl_->let_go_ended();
}

}  // namespace grognard::room
