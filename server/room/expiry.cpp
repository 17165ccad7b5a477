// Expiry and tidying: finding waiting rooms past the limit, dropping those that expired and the
// ended rooms nobody is in, and remembering expired games across a restart.
#include "room/expiry.h"

#include <algorithm>
#include <climits>

#include <spdlog/spdlog.h>

namespace grognard::room {

Expiry::Expiry(boost::asio::any_io_executor executor, RoomTable& rooms, Tombstones& tombstones,
               record::Store& store, Metrics& metrics, Clock clock, const LobbyOptions& options)
    : rooms_(rooms),
      tombstones_(tombstones),
      store_(store),
      metrics_(metrics),
      clock_(std::move(clock)),
      waiting_limit_(options.waiting_room_limit),
      ended_linger_(options.ended_room_linger),
      abandoned_limit_(options.abandoned_limit),
      remembered_(options.max_rooms) {
  const auto every = [](std::chrono::milliseconds limit) {
    return limit.count() > 0 ? expiry_interval(limit) : std::chrono::milliseconds::max();
  };
  const auto interval =
      std::min({every(waiting_limit_), every(ended_linger_), every(abandoned_limit_)});
  if (interval != std::chrono::milliseconds::max()) {
    timer_ = std::make_unique<Periodic>(std::move(executor), interval, [this] { tidy(); });
  }
}

void Expiry::tidy() {
  expire_waiting();
  end_abandoned();
  let_go_ended();
}

void Expiry::end_abandoned() {
  const std::chrono::milliseconds limit = abandoned_limit_;
  if (limit.count() <= 0 || rooms_.closed()) return;
  const std::int64_t now = clock_();
  for (const auto& room : rooms_.all()) {
    // A first look from the snapshot; the room decides on its strand.
    const std::optional<std::int64_t> since = room->unattended_since();
    if (!since || now - *since < limit.count()) continue;
    room->abandon(limit, [this](bool abandoned) {
      if (abandoned) metrics_.room_abandoned();
    });
  }
}

void Expiry::stop() {
  if (timer_) timer_->stop();
}

void Expiry::expire_waiting() {
  const std::chrono::milliseconds limit = waiting_limit_;
  if (limit.count() <= 0) return;
  const std::int64_t now = clock_();
  if (rooms_.closed()) return;
  std::vector<std::shared_ptr<Room>> due;
  for (const auto& room : rooms_.all()) {
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

void Expiry::retire(const std::shared_ptr<Room>& room, std::string message) {
  tombstones_.add(room->invite_code(), room->token_hashes(), std::move(message));
  rooms_.drop(room);
  metrics_.room_expired();
}

void Expiry::let_go_ended() {
  const std::int64_t linger = ended_linger_.count();
  if (linger <= 0) return;
  const std::int64_t cutoff = clock_() - linger;
  const std::size_t dropped =
      rooms_.drop_if([cutoff](const Room& room) { return room.ended_idle_since(cutoff); });
  if (dropped == 0) return;
  spdlog::debug("{} ended rooms nobody is in let go from memory", dropped);
}

std::optional<std::string> Expiry::remember_expired() {
  if (remembered_ == 0) return std::nullopt;
  record::GameFilter filter;
  filter.status = record::GameStatus::kExpired;
  filter.listed_only = false;
  filter.limit = static_cast<int>(std::min<std::size_t>(remembered_, INT_MAX));
  auto games = store_.games(filter);
  if (!games.ok()) return "cannot list expired games: " + games.error().message;
  // Newest first: add the oldest first, so that the newest are kept longest.
  for (auto g = games->rbegin(); g != games->rend(); ++g) {
    std::vector<record::Hash32> tokens;
    if (auto seats = store_.seats(g->id); seats.ok()) {
      for (const record::SeatRecord& s : *seats) {
        if (s.claimed_ms != 0) tokens.push_back(s.token_sha256);
      }
    }
    const std::string why = g->result.empty() ? "expired waiting for players" : g->result;
    tombstones_.add(g->invite_code, tokens, "room " + g->invite_code + " " + why);
  }
  if (!games->empty()) spdlog::info("{} expired rooms remembered", games->size());
  return std::nullopt;
}

}  // namespace grognard::room
